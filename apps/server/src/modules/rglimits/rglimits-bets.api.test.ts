import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manilaPeriodBounds, RgMessages, type BetReceipt, type Race } from '@karera/shared';
import { buildApp } from '../../app.ts';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { placeBetAs } from '../../../test/win-race.ts';
import { playerBalances, checkLedger } from '../wallet/index.ts';

/** Bets against the player's own limits and breaks, on the database's own bet path (SQLite's or PostgreSQL's). */
describe(`bets and responsible gaming (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let eventId: number;
  let race: Race;

  const post = async <T>(url: string, payload: Record<string, unknown>) =>
    (await t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } })).json<T>();
  const bet = (player: RegisteredPlayer, amount: number, idempotencyKey = randomUUID()) =>
    placeBetAs(t.app, player, { raceId: race.raceId, eventId, selections: [[2]], amount, idempotencyKey });
  const rg = (func: string, who: RegisteredPlayer, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/responsible-gaming/${func}`, payload, headers: { cookie: who.cookie } });
  const setLimit = async (who: RegisteredPlayer, kind: string, amount: number | null) =>
    expect((await rg('setLimit', who, { kind, amount })).statusCode).toBe(200);

  async function fundedPlayer(amount = 100_000) {
    const player = await registerPlayer(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/players/${player.playerId}/adjustments`,
      headers: { cookie: admin, 'idempotency-key': randomUUID() },
      payload: { account: 'credit', amount, reason: 'Test funds' },
    });
    expect(response.statusCode).toBe(200);
    return player;
  }

  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: 'Limits Day',
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: [],
    });
    eventId = event.id;
    ({ race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${eventId}/races`, {
      raceNo: 1,
      startDateTime: '2026-11-22T06:00:00Z',
      enabledBetTypes: [],
    }));
    for (const runnerNo of ['1', '2', '3', '4']) {
      await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
        runnerNo,
        horseName: `Horse ${runnerNo}`,
        jockeyName: 'J. Cruz',
      });
    }
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a bet over the stake per bet, naming the limit', async () => {
    const p = await fundedPlayer();
    await setLimit(p, 'stakePerBet', 1_000);
    const refused = await bet(p, 1_500);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ statusMessage: string }>().statusMessage).toBe(RgMessages.stakeOverLimit(1_000));
    expect((await bet(p, 1_000)).statusCode).toBe(200);
    expect((await playerBalances(t.app.db, p.playerId)).creditBalance).toBe(99_000);
  });

  it('refuses a bet that could take the net loss of the Manila day over its limit, saying when it resets', async () => {
    const p = await fundedPlayer();
    await setLimit(p, 'lossDay', 2_000);
    expect((await bet(p, 800)).statusCode).toBe(200);
    expect((await bet(p, 800)).statusCode).toBe(200);
    const refused = await bet(p, 800);
    expect(refused.statusCode).toBe(400);
    const resetsAt = new Date(manilaPeriodBounds('day', Date.now()).endMs).toISOString();
    expect(refused.json<{ statusMessage: string }>().statusMessage).toBe(
      RgMessages.lossOverLimit('lossDay', 2_000, resetsAt),
    );
    expect((await bet(p, 400)).statusCode).toBe(200);
    expect((await bet(p, 100)).statusCode).toBe(400);
  });

  it('the weekly and monthly loss limits count too', async () => {
    const p = await fundedPlayer();
    await setLimit(p, 'lossMonth', 1_500);
    expect((await bet(p, 1_000)).statusCode).toBe(200);
    const refused = await bet(p, 1_000);
    expect(refused.json<{ statusMessage: string }>().statusMessage).toContain('monthly loss limit of ₱15.00');
    await setLimit(p, 'lossWeek', 1_200);
    expect((await bet(p, 300)).json<{ statusMessage: string }>().statusMessage).toContain(
      'weekly loss limit of ₱12.00',
    );
  });

  it('bets at once never pass the net-loss limit between them', async () => {
    const p = await fundedPlayer();
    await setLimit(p, 'lossDay', 5_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => bet(p, 1_000)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(5);
    expect((await playerBalances(t.app.db, p.playerId)).creditBalance).toBe(95_000);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it.runIf(testDialect === 'postgres')(
    "two servers placing one player's bets at once never pass the net-loss limit between them",
    async () => {
      const second = await buildApp(t.config);
      try {
        const p = await fundedPlayer();
        await setLimit(p, 'lossDay', 5_000);
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, index) =>
            placeBetAs(index % 2 === 0 ? t.app : second, p, {
              raceId: race.raceId,
              eventId,
              selections: [[2]],
              amount: 1_000,
            }),
          ),
        );
        expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
        expect((await playerBalances(t.app.db, p.playerId)).creditBalance).toBe(95_000);
      } finally {
        await second.close();
      }
    },
  );

  describe.runIf(testDialect === 'postgres')('a limit or break committed while a bet is in flight', () => {
    /** Waits until a statement of this database that reads like `query` waits for a lock. */
    async function waitingForLock(query: string) {
      for (let polls = 0; ; polls += 1) {
        const { rows } = await sql<{ waiting: string }>`select count(*) as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query like ${query}`.execute(t.app.db);
        if (Number(rows[0]?.waiting) > 0) return;
        if (polls > 5_000) throw new Error(`Nothing like ${query} came to wait for a lock.`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }

    /**
     * Holds the player's wallet rows (as another batch in place_bets would), sends a bet, waits until
     * place_bets waits for those rows (its checks before the call already passed), runs `meanwhile`
     * (awaited unless it `waitsForTheBet`, then only until it waits for the player's lock), then lets
     * the bet go on: what the bet answers, and what `meanwhile` answered.
     */
    async function betWhile<T>(
      player: RegisteredPlayer,
      amount: number,
      meanwhile: () => Promise<T>,
      { waitsForTheBet = false } = {},
    ) {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = t.app.db.transaction().execute(async (trx) => {
        await trx.selectFrom('accounts').select('id').where('player_id', '=', player.playerId).forUpdate().execute();
        locked();
        await released;
      });
      await isLocked;
      const answer = bet(player, amount);
      let done: Promise<T> | undefined;
      try {
        await waitingForLock('%place_bets%');
        done = meanwhile();
        if (waitsForTheBet) await waitingForLock('%pg_advisory_xact_lock%');
        else await done;
      } finally {
        release();
        await holder;
      }
      return { answer: await answer, meanwhile: await done };
    }

    it('a break started meanwhile refuses the bet', async () => {
      const p = await fundedPlayer();
      const { answer, meanwhile } = await betWhile(p, 500, () =>
        rg('startBreak', p, { period: 'coolOff24h', confirm: true }),
      );
      expect(meanwhile.statusCode).toBe(200);
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json<{ statusMessage: string }>().statusMessage).toContain('24-hour cool-off');
      expect((await playerBalances(t.app.db, p.playerId)).creditBalance).toBe(100_000);
    });

    it('an operator exclusion made meanwhile refuses the bet', async () => {
      const p = await fundedPlayer();
      const { answer, meanwhile } = await betWhile(p, 500, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/backoffice/players/${p.playerId}/exclusion`,
          payload: { reason: 'Asked by family' },
          headers: { cookie: admin },
        }),
      );
      expect(meanwhile.statusCode, meanwhile.body).toBe(200);
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json<{ statusMessage: string }>().statusMessage).toBe(RgMessages.excludedByOperator);
    });

    it('a stake per bet set meanwhile refuses a bet over it', async () => {
      const p = await fundedPlayer();
      const { answer } = await betWhile(p, 1_500, () => setLimit(p, 'stakePerBet', 1_000));
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<{ statusMessage: string }>().statusMessage).toBe(RgMessages.stakeOverLimit(1_000));
    });

    it('a net-loss limit set meanwhile refuses a bet that could pass it', async () => {
      const p = await fundedPlayer();
      expect((await bet(p, 800)).statusCode).toBe(200);
      const { answer } = await betWhile(p, 800, () => setLimit(p, 'lossDay', 1_000));
      expect(answer.statusCode, answer.body).toBe(400);
      expect((await playerBalances(t.app.db, p.playerId)).creditBalance).toBe(99_200);
    });

    it('for a player with a limit, a lower stake or a break asked for meanwhile waits for the bet checked before it', async () => {
      const p = await fundedPlayer();
      await setLimit(p, 'stakePerBet', 2_000);
      // A bet before: the server now knows the player has a limit, and checks their bets first (under the
      // lock); a player it does not know of is refused by place_bets and checked on the next round.
      expect((await bet(p, 500)).statusCode).toBe(200);
      const lowered = await betWhile(p, 1_500, () => rg('setLimit', p, { kind: 'stakePerBet', amount: 1_000 }), {
        waitsForTheBet: true,
      });
      expect(lowered.answer.statusCode, lowered.answer.body).toBe(200);
      expect(lowered.meanwhile.statusCode).toBe(200);
      expect((await bet(p, 1_500)).statusCode).toBe(400);

      const onBreak = await betWhile(p, 500, () => rg('startBreak', p, { period: 'coolOff24h', confirm: true }), {
        waitsForTheBet: true,
      });
      expect(onBreak.answer.statusCode, onBreak.answer.body).toBe(200);
      expect(onBreak.meanwhile.statusCode).toBe(200);
      expect((await bet(p, 500)).statusCode).toBe(403);
      expect((await playerBalances(t.app.db, p.playerId)).creditBalance).toBe(97_500);
    });

    it("in one batch with other players' bets, only the bet of the player who took a break meanwhile is refused", async () => {
      const players = await Promise.all([fundedPlayer(), fundedPlayer(), fundedPlayer()]);
      const [first, ...rest] = players;
      if (!first) throw new Error('no player');
      await setLimit(rest[0] ?? first, 'lossDay', 5_000);
      let others: Promise<{ statusCode: number }[]> | undefined;
      const { answer } = await betWhile(first, 500, async () => {
        // Sent while the first bet waits: they make the next batch, with the first bet's retry.
        others = Promise.all(rest.flatMap((p) => [bet(p, 500), bet(p, 500)]));
        expect((await rg('startBreak', first, { period: 'coolOff24h', confirm: true })).statusCode).toBe(200);
      });
      expect(answer.statusCode).toBe(403);
      expect((await others)?.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect((await playerBalances(t.app.db, first.playerId)).creditBalance).toBe(100_000);
      expect(await checkLedger(t.app.db)).toEqual([]);
    });
  });

  it('refuses every bet during a cool-off and an operator exclusion, but answers a retried earlier bet', async () => {
    const p = await fundedPlayer();
    const key = randomUUID();
    const placed = await bet(p, 500, key);
    expect(placed.statusCode).toBe(200);
    const started = await rg('startBreak', p, { period: 'coolOff24h', confirm: true });
    expect(started.statusCode).toBe(200);
    const refused = await bet(p, 500);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ statusMessage: string }>().statusMessage).toContain('24-hour cool-off');
    const retried = await bet(p, 500, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<BetReceipt>().ticket_no).toBe(placed.json<BetReceipt>().ticket_no);

    const q = await fundedPlayer();
    const excluded = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/players/${q.playerId}/exclusion`,
      payload: { reason: 'Self-reported problem' },
      headers: { cookie: admin },
    });
    expect(excluded.statusCode).toBe(200);
    const operator = await bet(q, 500);
    expect(operator.statusCode).toBe(403);
    expect(operator.json<{ statusMessage: string }>().statusMessage).toBe(RgMessages.excludedByOperator);
    expect((await playerBalances(t.app.db, q.playerId)).creditBalance).toBe(100_000);
  });

  it('gives the reality check the time since sign-in and the net result of the bets since', async () => {
    const p = await fundedPlayer();
    await bet(p, 700);
    await bet(p, 300);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/responsible-gaming/sinceSignIn',
      payload: {},
      headers: { cookie: p.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      bets: 2,
      stakes: 1_000,
      returned: 0,
      netResult: -1_000,
      minutesSinceSignIn: 0,
      realityCheckMinutes: 60,
    });
    await rg('setRealityCheck', p, { minutes: 30 });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/responsible-gaming/sinceSignIn',
      payload: {},
      headers: { cookie: p.cookie },
    });
    expect(again.json<{ realityCheckMinutes: number }>().realityCheckMinutes).toBe(30);
    expect((await rg('setRealityCheck', p, { minutes: 5 })).statusCode).toBe(400);
  });
});
