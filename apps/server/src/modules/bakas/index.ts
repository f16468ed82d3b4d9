/** The module's public face: what the rest of the server may use. */
export { bakasRoutes } from './bakas.routes.ts';
export { bakasAccountCode } from './bakas.service.ts';
