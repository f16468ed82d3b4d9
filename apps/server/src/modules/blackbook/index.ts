/** The module's public face: what the rest of the server may use. */
export { blackbookRoutes } from './blackbook.routes.ts';
export { followersOfRunner, type RunnerFollower } from './blackbook.service.ts';
