/** The module's public face: what the rest of the server may use. */
export { seedDemoDepositAccounts } from './deposit-accounts.ts';
export { type PaymentHooks } from './payment-hooks.ts';
export { paymentLimits } from './payment-settings.ts';
export { paymentRoutes } from './payments.routes.ts';
