/** The module's public face: what the rest of the server may use. */
export { reportRoutes } from './reports.routes.ts';
export { gamingReport } from './reports.service.ts';
