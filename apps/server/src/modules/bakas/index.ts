/** The module's public face: what the rest of the server may use. */
export { bakasRoutes } from './bakas.routes.ts';
export { bakasAccountCode, closeGroupsAtLastCall, type BakasSharesChange } from './bakas.service.ts';
export { subscribeBakasSettlement } from './bakas.hooks.ts';
