import { isRaceStatus, type RaceStatus } from './status.ts';
import {
  decodePoolsUpdated,
  encodePoolsUpdated,
  POOLS_UPDATED_PREFIX,
  type PoolsUpdatedMessage,
} from '../tote/poolsMessage.ts';
import { decodeRaceRun, encodeRaceRun, RACE_RUN_PREFIX, type RaceRunMessage } from './drawnRace.ts';

/**
 * The live socket's text protocol (docs/product/realtime.md). A frame holds one or more messages separated by
 * '|'; a message is its type and fields separated by ':'.
 *   GAME_CONNECT:<playerId>:<sessionId>      client -> server, first message after open
 *   STAFF_CONNECT                            client -> server, first message after open: a back-office
 *                                            screen, signed in by the staff session cookie (decision 038)
 *   RACE_STATUS:<raceId>:<status>            server -> client
 *   UPDATE_ODDS:<raceId>:<odds,odds,...>     server -> client; one entry per runner in runner order,
 *                                            empty for a runner without odds (e.g. scratched)
 *   POOLS_UPDATED:<raceId>:<version>         server -> client; will-pays/probables changed (poolsMessage.ts)
 *   RACE_RUN:<raceId>:<elapsedMs>:<durationMs>:<seed>:<runnerNo,...>   server -> client; a running
 *                                            demo race's plan (drawnRace.ts), on its start and on connect
 */
export type RealtimeMessage =
  | { type: 'GAME_CONNECT'; playerId: string; sessionId: string }
  | { type: 'STAFF_CONNECT' }
  | { type: 'RACE_STATUS'; raceId: number; status: RaceStatus }
  | { type: 'UPDATE_ODDS'; raceId: number; odds: (string | null)[] }
  | PoolsUpdatedMessage
  | RaceRunMessage;

export const FRAME_SEPARATOR = '|';
const FIELD_SEPARATOR = ':';
export const INVALID_AUTH_REASON = 'Invalid authentication received.';
/**
 * Where a back-office screen opens the live socket: the same hub as the players' /ws, under the path the
 * staff session cookie is scoped to (/api/backoffice), so the browser sends that cookie with the upgrade.
 */
export const STAFF_SOCKET_PATH = '/api/backoffice/live';
/** Close code and reason for a refused STAFF_CONNECT (no live staff session): the screen stops retrying. */
export const STAFF_AUTH_REFUSED_CODE = 4003;
export const STAFF_AUTH_REFUSED_REASON = 'Staff sign-in required.';
export const RECONNECT_DELAY_MS = 3000;

const SAFE_TOKEN = /^[A-Za-z0-9_.-]*$/;
const ODDS = /^\d+(\.\d{1,2})?$/;

export function encodeMessage(message: RealtimeMessage): string {
  switch (message.type) {
    case 'GAME_CONNECT':
      if (!SAFE_TOKEN.test(message.playerId) || !SAFE_TOKEN.test(message.sessionId)) {
        throw new Error('GAME_CONNECT fields must be letters, digits, dots, dashes or underscores');
      }
      return ['GAME_CONNECT', message.playerId, message.sessionId].join(FIELD_SEPARATOR);
    case 'STAFF_CONNECT':
      return 'STAFF_CONNECT';
    case 'RACE_STATUS':
      return ['RACE_STATUS', message.raceId, message.status].join(FIELD_SEPARATOR);
    case 'UPDATE_ODDS':
      return ['UPDATE_ODDS', message.raceId, message.odds.map((o) => o ?? '').join(',')].join(FIELD_SEPARATOR);
    case 'POOLS_UPDATED':
      return encodePoolsUpdated(message);
    case 'RACE_RUN':
      return encodeRaceRun(message);
  }
}

export function encodeFrame(messages: readonly RealtimeMessage[]): string {
  return messages.map(encodeMessage).join(FRAME_SEPARATOR);
}

function raceIdOf(text: string | undefined): number | null {
  return text !== undefined && /^\d{1,10}$/.test(text) ? Number(text) : null;
}

/** One message, or null when it is not a well-formed message of the protocol. */
export function decodeMessage(text: string): RealtimeMessage | null {
  if (text.startsWith(POOLS_UPDATED_PREFIX)) return decodePoolsUpdated(text);
  if (text.startsWith(RACE_RUN_PREFIX)) return decodeRaceRun(text);
  const [type, first, second, ...rest] = text.split(FIELD_SEPARATOR);
  if (rest.length > 0) return null;
  if (type === 'STAFF_CONNECT' && first === undefined) return { type };
  if (
    type === 'GAME_CONNECT' &&
    first !== undefined &&
    second !== undefined &&
    SAFE_TOKEN.test(first) &&
    SAFE_TOKEN.test(second)
  ) {
    return { type, playerId: first, sessionId: second };
  }
  const raceId = raceIdOf(first);
  if (raceId === null || second === undefined) return null;
  if (type === 'RACE_STATUS' && isRaceStatus(second)) return { type, raceId, status: second };
  if (type === 'UPDATE_ODDS') {
    const odds = second.split(',').map((o) => (o === '' ? null : o));
    return odds.every((o) => o === null || ODDS.test(o)) ? { type, raceId, odds } : null;
  }
  return null;
}

/** Every well-formed message of a frame; malformed ones are dropped. */
export function decodeFrame(frame: string): RealtimeMessage[] {
  return frame
    .split(FRAME_SEPARATOR)
    .map(decodeMessage)
    .filter((m): m is RealtimeMessage => m !== null);
}
