/** The module's public face: what the rest of the server may use. */
export { replayRoutes } from './replays.routes.ts';
