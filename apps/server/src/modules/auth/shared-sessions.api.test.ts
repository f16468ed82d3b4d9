import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { call, registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { rememberSharedSessions, SHARED_SESSION_TRUST_MS, type SessionChangeFeed } from '../sessions/index.ts';

/**
 * On PostgreSQL an instance remembers live sessions only while it hears every change to them
 * (decision 041). Here the feed is one the test drives, so each rule is seen alone: a revocation it is
 * told of, a gap in hearing, the end of a gap, and the bound on a change never heard of.
 */
describe.skipIf(testDialect !== 'postgres')('player sessions remembered on a shared database', () => {
  let t: TestApp;
  const feed = {
    live: true,
    changed: new Set<(sessionId: number) => void>(),
    resumed: new Set<() => void>(),
  };
  const driven: SessionChangeFeed = {
    listening: () => feed.live,
    subscribe: (handler) => {
      feed.changed.add(handler);
      return () => feed.changed.delete(handler);
    },
    onResume: (handler) => {
      feed.resumed.add(handler);
      return () => feed.resumed.delete(handler);
    },
  };
  let stop: () => void;

  beforeAll(async () => {
    t = await createTestApp();
    stop = rememberSharedSessions(t.app.db, driven);
  });
  afterAll(async () => {
    stop();
    await t.close();
  });

  const balanceStatus = async (player: RegisteredPlayer) =>
    (await call(t.app, 'getBalance', {}, player.cookie)).statusCode;

  /** Revoked by hand with triggers off: a change no instance hears of. */
  const revokeUnheard = async (player: RegisteredPlayer) => {
    await t.app.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update player_sessions set revoked_at = ${new Date().toISOString()} where player_id = ${player.playerId}`.execute(
        trx,
      );
    });
  };

  const sessionIdOf = async (player: RegisteredPlayer) =>
    Number(
      (
        await t.app.db
          .selectFrom('player_sessions')
          .select('id')
          .where('player_id', '=', player.playerId)
          .executeTakeFirstOrThrow()
      ).id,
    );

  it('answers a remembered session without reading it, and forgets it when told it changed', async () => {
    const player = await registerPlayer(t.app);
    expect(await balanceStatus(player)).toBe(200);
    await revokeUnheard(player);
    // Remembered: the row was not read again.
    expect(await balanceStatus(player)).toBe(200);
    const sessionId = await sessionIdOf(player);
    for (const handler of feed.changed) handler(sessionId);
    expect(await balanceStatus(player)).toBe(401);
  });

  it('trusts nothing remembered while it is not hearing changes, and forgets everything when it hears again', async () => {
    const duringGap = await registerPlayer(t.app);
    const acrossGap = await registerPlayer(t.app);
    expect(await balanceStatus(duringGap)).toBe(200);
    expect(await balanceStatus(acrossGap)).toBe(200);

    feed.live = false;
    await revokeUnheard(duringGap);
    expect(await balanceStatus(duringGap)).toBe(401);

    // Revoked in the gap; hearing resumes and the revocation was missed: every remembered session goes.
    await revokeUnheard(acrossGap);
    feed.live = true;
    for (const handler of feed.resumed) handler();
    expect(await balanceStatus(acrossGap)).toBe(401);
  });

  it('reads a session again after 10 s, even when nothing was heard', async () => {
    expect(SHARED_SESSION_TRUST_MS).toBe(10_000);
    const player = await registerPlayer(t.app);
    expect(await balanceStatus(player)).toBe(200);
    await revokeUnheard(player);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + SHARED_SESSION_TRUST_MS - 1_000);
      expect(await balanceStatus(player)).toBe(200);
      vi.setSystemTime(Date.now() + 1_000);
      expect(await balanceStatus(player)).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});
