/**
 * POOLS_UPDATED:<raceId>:<version>   server -> client; the race's will-pays, probables or Win odds
 * history changed. The answer itself is read from GET /api/game/pools/:raceId (a Forecast grid and a
 * Pick's will-pays are too large for one PostgreSQL notification); `version` names the pools' state, so
 * a client that already holds it reads nothing, and the same notice from several servers reads once.
 */
export interface PoolsUpdatedMessage {
  type: 'POOLS_UPDATED';
  raceId: number;
  version: string;
}

export const POOLS_UPDATED_PREFIX = 'POOLS_UPDATED:';
const VERSION = /^[A-Za-z0-9]{1,40}$/;

export function encodePoolsUpdated(message: PoolsUpdatedMessage): string {
  if (!VERSION.test(message.version)) throw new Error('A pools version is 1 to 40 letters or digits');
  return `${POOLS_UPDATED_PREFIX}${message.raceId}:${message.version}`;
}

export function decodePoolsUpdated(text: string): PoolsUpdatedMessage | null {
  const [type, raceId, version, ...rest] = text.split(':');
  if (type !== 'POOLS_UPDATED' || rest.length > 0 || raceId === undefined || version === undefined) return null;
  if (!/^\d{1,10}$/.test(raceId) || !VERSION.test(version)) return null;
  return { type, raceId: Number(raceId), version };
}
