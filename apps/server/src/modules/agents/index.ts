/** The module's public face: what the rest of the server may use. */
export { agentRoutes } from './agents.routes.ts';
export { accrueCommissionsForPool } from './commission-accrual.ts';
