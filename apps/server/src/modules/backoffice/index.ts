/** The module's public face: what the rest of the server may use. */
export { backofficeRoutes } from './backoffice.routes.ts';
