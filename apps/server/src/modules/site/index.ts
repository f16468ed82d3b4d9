/** The module's public face: what the rest of the server may use. */
export { siteRoutes } from './site.routes.ts';
