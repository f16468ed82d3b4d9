import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer } from '../../../test/player-flow.ts';
import {
  openPlayerSession,
  PLAYER_SESSION_IDLE_MS,
  resolvePlayerSession,
  revokePlayerSession,
} from '../sessions/index.ts';

/**
 * Sessions resolved together: on PostgreSQL the calls of one turn of the event loop read their rows in
 * one query. Each call must still get its own session, never another's, and a revoked, expired or idle
 * session none.
 */
describe(`player sessions resolved at once (${testDialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const client = { ip: '127.0.0.1', userAgent: 'test' };

  it('answers each call with its own session, in one turn, and none for a dead one', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => registerPlayer(t.app)));
    const tokens = await Promise.all(players.map((player) => openPlayerSession(t.app.db, player.playerId, client)));
    const revokedToken = await openPlayerSession(t.app.db, players[0]?.playerId ?? 0, client);
    const revoked = await resolvePlayerSession(t.app.db, revokedToken);
    await revokePlayerSession(t.app.db, revoked?.sessionId ?? 0);
    const idleToken = await openPlayerSession(t.app.db, players[1]?.playerId ?? 0, client);
    const idleSince = new Date(Date.now() - PLAYER_SESSION_IDLE_MS - 60_000).toISOString();
    await t.app.db
      .updateTable('player_sessions')
      .set({ last_seen_at: idleSince })
      .where('player_id', '=', players[1]?.playerId ?? 0)
      .execute();
    // That idled every session of the player so far: a fresh one to resolve.
    const freshToken = await openPlayerSession(t.app.db, players[1]?.playerId ?? 0, client);

    const asked = [
      ...tokens.filter((_, index) => index !== 1),
      freshToken,
      tokens[2] ?? '',
      revokedToken,
      idleToken,
      'no-such-token',
    ];
    const sessions = await Promise.all(asked.map((token) => resolvePlayerSession(t.app.db, token)));
    expect(sessions.map((session) => session?.playerId ?? null)).toEqual([
      players[0]?.playerId,
      players[2]?.playerId,
      players[3]?.playerId,
      players[4]?.playerId,
      players[1]?.playerId,
      players[2]?.playerId,
      null,
      null,
      null,
    ]);
    // The same token asked twice in a turn gets the same session.
    expect(sessions[5]?.sessionId).toBe(sessions[1]?.sessionId);
  });
});
