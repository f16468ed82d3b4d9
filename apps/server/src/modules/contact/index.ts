/** The module's public face: what the rest of the server may use. */
export { contactRoutes } from './contact.routes.ts';
export { listContactMessages } from './contact.service.ts';
