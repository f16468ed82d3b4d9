/** The module's public face: what the rest of the server may use. */
export { seedDemoDepositAccounts } from './deposit-accounts.ts';
export { type PaymentHooks } from './payment-hooks.ts';
export { paymentRoutes } from './payments.routes.ts';
