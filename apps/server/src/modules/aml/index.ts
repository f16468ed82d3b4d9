/** The module's public face: what the rest of the server may use. */
export { subscribeAmlFlags } from './aml.hooks.ts';
export { amlRoutes } from './aml.routes.ts';
export { amlOnPaymentDecided, amlOnPaymentRequested } from './aml.rules.ts';
