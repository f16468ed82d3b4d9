/** The module's public face: what the rest of the server may use. */
export { subscribeCommissionAccrual } from './agents.hooks.ts';
export { agentRoutes } from './agents.routes.ts';
export { accrueCommissionsForPool } from './commission-accrual.ts';
