import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hashToken, newSessionToken } from '../../lib/tokens.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';
import { isPostgres, statement } from '../../db/statement.ts';
import {
  createSessionCache,
  forgetSessions,
  knownSession,
  rememberSession,
  type SessionCache,
} from './session-cache.ts';

/**
 * Player sessions fit a race day: idle expiry 3 hours (races run every 20-40 minutes and any call or
 * socket message counts as activity), absolute expiry 18 hours (one race day, then log in again).
 * See docs/decisions/004-player-sessions-and-otp.md.
 */
export const PLAYER_SESSION_IDLE_MS = 3 * 60 * 60 * 1000;
export const PLAYER_SESSION_ABSOLUTE_MS = 18 * 60 * 60 * 1000;
export const PLAYER_COOKIE = 'karera_session';

export interface PlayerSession {
  sessionId: number;
  playerId: number;
  /** Staff opened this session with a login link (decision 020): it may not move money or change the account. */
  openedByStaffId: number | null;
}

export async function openPlayerSession(
  db: Kysely<Database>,
  playerId: number,
  client: { ip: string | null; userAgent: string | null },
  openedByStaffId: number | null = null,
): Promise<string> {
  const token = newSessionToken();
  const now = nowIso();
  await db
    .insertInto('player_sessions')
    .values({
      token_hash: hashToken(token),
      player_id: playerId,
      created_at: now,
      last_seen_at: now,
      expires_at: isoAfter(PLAYER_SESSION_ABSOLUTE_MS),
      revoked_at: null,
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 300) ?? null,
      opened_by_staff_id: openedByStaffId,
    })
    .execute();
  return token;
}

// Every player call resolves its session: written once rather than built per call (decision 010).
const selectLiveSession = statement<{
  id: number;
  player_id: number;
  last_seen_at: string;
  expires_at: string;
  opened_by_staff_id: number | null;
}>(
  'select id, player_id, last_seen_at, expires_at, opened_by_staff_id from player_sessions' +
    ' where token_hash = ? and revoked_at is null and expires_at > ? and last_seen_at > ?',
);

type LiveSessionRow = Awaited<ReturnType<typeof selectLiveSession>>[number];

const selectLiveSessions = statement<LiveSessionRow & { token_hash: string }>(
  'select id, player_id, last_seen_at, expires_at, opened_by_staff_id, token_hash from player_sessions' +
    ' where token_hash = any(?) and revoked_at is null and expires_at > ? and last_seen_at > ?',
);

interface SessionReads {
  waiting: Map<string, { resolve(row: LiveSessionRow | undefined): void; reject(error: unknown): void }[]>;
}
const pendingSessionReads = new WeakMap<Kysely<Database>, SessionReads>();

/**
 * On PostgreSQL a call with no trusted remembered session reads its row: the calls that arrive in one turn of the event loop
 * read theirs in one query, a round trip for all of them instead of one each (under a rush of bets the
 * session read was about a quarter of a bet's cost). The row is read after the calls arrived, never
 * before, so a revocation committed before a call is seen by it.
 */
function readSessionWithOthers(db: Kysely<Database>, tokenHash: string): Promise<LiveSessionRow | undefined> {
  let reads = pendingSessionReads.get(db);
  if (!reads) {
    const batch: SessionReads = { waiting: new Map() };
    reads = batch;
    pendingSessionReads.set(db, batch);
    setImmediate(() => {
      pendingSessionReads.delete(db);
      const now = Date.now();
      selectLiveSessions(db, [
        [...batch.waiting.keys()],
        new Date(now).toISOString(),
        new Date(now - PLAYER_SESSION_IDLE_MS).toISOString(),
      ]).then(
        (rows) => {
          const byHash = new Map(rows.map((row) => [row.token_hash, row]));
          for (const [hash, callers] of batch.waiting) for (const caller of callers) caller.resolve(byHash.get(hash));
        },
        (error: unknown) => {
          for (const callers of batch.waiting.values()) for (const caller of callers) caller.reject(error);
        },
      );
    });
  }
  const waiting = reads.waiting;
  return new Promise((resolve, reject) => {
    const callers = waiting.get(tokenHash) ?? [];
    callers.push({ resolve, reject });
    waiting.set(tokenHash, callers);
  });
}

/** The idle clock is written at most this often: reads stay cheap on a busy race day. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
/** Live sessions remembered per database, at most: a race day's players, with room to spare. */
const SESSION_CACHE_LIMIT = 100_000;

const sessionCaches = new WeakMap<Kysely<Database>, SessionCache>();

/**
 * How this process hears of changes other processes commit to the sessions of a shared database
 * (PostgreSQL: a trigger notifies every revocation, expiry change or deletion, at its commit).
 */
export interface SessionChangeFeed {
  /** True while changes are being heard: remembered sessions are trusted only then. */
  listening(): boolean;
  /** Calls `handler` with the id of each session changed, once the change is committed. */
  subscribe(handler: (sessionId: number) => void): () => void;
  /** Calls `handler` when hearing resumes after a gap, in which changes may have been missed. */
  onResume(handler: () => void): () => void;
}

/**
 * On a shared database a remembered session is trusted this long at most, whatever was heard: the
 * bound on a change not heard of while the listening connection was silently dead (it is found dead
 * within 15 s, see realtime/pubsub.ts).
 */
export const SHARED_SESSION_TRUST_MS = 10_000;

const sharedSessionCaches = new WeakMap<Kysely<Database>, { cache: SessionCache; feed: SessionChangeFeed }>();

/**
 * Remembers the live sessions of a shared PostgreSQL database while `feed` hears every change to them
 * (docs/decisions/041-shared-session-cache.md): a session changed anywhere is forgotten when its
 * notification arrives, everything is forgotten when hearing resumes after a gap, and nothing is
 * trusted while the feed is not listening. Returns how to stop.
 */
export function rememberSharedSessions(db: Kysely<Database>, feed: SessionChangeFeed): () => void {
  const cache = createSessionCache(SESSION_CACHE_LIMIT, SHARED_SESSION_TRUST_MS);
  sharedSessionCaches.set(db, { cache, feed });
  const stopHearing = feed.subscribe((sessionId) =>
    forgetSessions(cache, (session) => session.sessionId === sessionId),
  );
  const stopResuming = feed.onResume(() => forgetSessions(cache, () => true));
  return () => {
    stopHearing();
    stopResuming();
    if (sharedSessionCaches.get(db)?.cache === cache) sharedSessionCaches.delete(db);
  };
}

/**
 * The remembered sessions of the database, trusted or not. SQLite's file belongs to this process, so
 * every revocation passes through {@link forgetRevoked} here (docs/decisions/013-player-session-cache.md).
 * PostgreSQL may be shared by several instances: sessions are remembered there only with a change feed
 * ({@link rememberSharedSessions}); without one every call reads the row.
 */
function rememberedSessions(db: Kysely<Database>): SessionCache | undefined {
  if (isPostgres(db)) return sharedSessionCaches.get(db)?.cache;
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = createSessionCache(SESSION_CACHE_LIMIT);
    sessionCaches.set(db, cache);
  }
  return cache;
}

/** The remembered sessions if they may be trusted now: on a shared database, only while its feed is heard. */
function trustedSessions(db: Kysely<Database>): SessionCache | undefined {
  if (!isPostgres(db)) return rememberedSessions(db);
  const shared = sharedSessionCaches.get(db);
  return shared?.feed.listening() ? shared.cache : undefined;
}

/** The live session behind a token, refreshing its idle clock; undefined when missing, expired or revoked. */
export async function resolvePlayerSession(db: Kysely<Database>, token: string): Promise<PlayerSession | undefined> {
  const tokenHash = hashToken(token);
  const now = Date.now();
  const cache = trustedSessions(db);
  const known = cache && knownSession(cache, tokenHash, now, SESSION_TOUCH_INTERVAL_MS);
  if (known) return known;

  const revocationsAtRead = cache?.revocations ?? 0;
  const row = isPostgres(db)
    ? await readSessionWithOthers(db, tokenHash)
    : (
        await selectLiveSession(db, [
          tokenHash,
          new Date(now).toISOString(),
          new Date(now - PLAYER_SESSION_IDLE_MS).toISOString(),
        ])
      )[0];
  if (!row) return undefined;
  // Frozen: a remembered session is handed to every call that presents its token.
  const session = Object.freeze({
    sessionId: Number(row.id),
    playerId: Number(row.player_id),
    openedByStaffId: row.opened_by_staff_id === null ? null : Number(row.opened_by_staff_id),
  });
  let lastSeenAt = Date.parse(row.last_seen_at);
  if (now - lastSeenAt > SESSION_TOUCH_INTERVAL_MS) {
    touchLater(db, session.sessionId);
    lastSeenAt = now;
  }
  if (cache)
    rememberSession(
      cache,
      tokenHash,
      { session, expiresAt: Date.parse(row.expires_at), lastSeenAt, readAt: now },
      revocationsAtRead,
    );
  return session;
}

/**
 * Revocations run on the database itself: inside a transaction the revocation would not be committed
 * when its sessions are forgotten, and the remembered sessions belong to the database.
 */
function assertNotInTransaction(db: Kysely<Database>): void {
  if (db.isTransaction) throw new Error('Player sessions are revoked outside a transaction.');
}

/** Forgets remembered sessions once their revocation is committed. */
function forgetRevoked(db: Kysely<Database>, revoked: (session: PlayerSession) => boolean): void {
  const cache = rememberedSessions(db);
  if (cache) forgetSessions(cache, revoked);
}

/** How long sessions seen wait to have their idle clocks moved, together. */
export const SESSION_TOUCH_DELAY_MS = 2_000;

const pendingTouches = new WeakMap<Kysely<Database>, Set<number>>();

/**
 * Sessions seen are written back together a moment later, in one statement, rather than one write per
 * request: on SQLite every write waits its turn for the bet placement thread's lock (decision 011), and
 * a race day's thousands of players each move their clock once a minute. Against a 3-hour idle expiry,
 * a clock two seconds late changes nothing.
 */
function touchLater(db: Kysely<Database>, sessionId: number): void {
  let ids = pendingTouches.get(db);
  if (!ids) {
    ids = new Set();
    pendingTouches.set(db, ids);
    const waiting = ids;
    setTimeout(() => {
      pendingTouches.delete(db);
      void touchSessions(db, [...waiting]);
    }, SESSION_TOUCH_DELAY_MS).unref();
  }
  ids.add(sessionId);
}

async function touchSessions(db: Kysely<Database>, sessionIds: number[]): Promise<void> {
  try {
    await db.updateTable('player_sessions').set({ last_seen_at: nowIso() }).where('id', 'in', sessionIds).execute();
  } catch {
    // The database closed (the server is stopping): the clocks stay where they were, a minute old at most.
  }
}

export async function revokePlayerSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  assertNotInTransaction(db);
  await db
    .updateTable('player_sessions')
    .set({ revoked_at: nowIso() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  forgetRevoked(db, (session) => session.sessionId === sessionId);
}

/** Ends every session of the player except the one given (none: all of them). */
export async function revokeOtherPlayerSessions(
  db: Kysely<Database>,
  playerId: number,
  keepSessionId: number | null,
): Promise<void> {
  assertNotInTransaction(db);
  let query = db
    .updateTable('player_sessions')
    .set({ revoked_at: nowIso() })
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) query = query.where('id', '<>', keepSessionId);
  await query.execute();
  forgetRevoked(db, (session) => session.playerId === playerId && session.sessionId !== keepSessionId);
}
