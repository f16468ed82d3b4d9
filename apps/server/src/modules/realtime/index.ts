/** The module's public face: what the rest of the server may use. */
export { registerRealtimeHub, type RealtimeHubOptions } from './hub.ts';
