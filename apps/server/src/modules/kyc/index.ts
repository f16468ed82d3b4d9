/** The module's public face: what the rest of the server may use. */
export { subscribeKycGate } from './kyc.hooks.ts';
export { kycRoutes } from './kyc.routes.ts';
export { requireKycForPayment, type KycGateSettings } from './kyc.service.ts';
export type { KycHookRunner, KycHooks } from './kyc-hooks.ts';
