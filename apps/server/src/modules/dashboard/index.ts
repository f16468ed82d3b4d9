/** The module's public face: what the rest of the server may use. */
export { registerDashboard } from './dashboard.routes.ts';
