import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BetMessages, StatusCode, type BetReceipt, type PlaceBetInput } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { fundPlayer, winRaceDay } from '../../../test/win-race.ts';
import { AppError } from '../../lib/errors.ts';
import { Idempotency } from '../../lib/idempotency.ts';
import { batchPlayerLimits } from '../rglimits/index.ts';
import { checkLedger, playerBalances } from '../wallet/index.ts';
import { BetRefusals } from './betting.service.ts';
import { postgresBetPlacement } from './pg-bet-placement.ts';

/** PostgreSQL's bet placement (decision 029): one call of place_bets per batch. */
describe.skipIf(testDialect !== 'postgres')('bets placed by one call per batch (postgres)', () => {
  let t: TestApp;
  let admin: string;
  let eventId: number;
  let raceId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    ({ eventId, raceId } = await winRaceDay(t.app, admin, 'Function Day'));
  });
  afterAll(async () => {
    await t.close();
  });

  const fund = (player: RegisteredPlayer, amount: number, account: 'credit' | 'bonus' = 'credit') =>
    fundPlayer(t.app, admin, player, amount, account);
  const win = (overrides: Partial<PlaceBetInput> = {}): PlaceBetInput => ({
    eventId,
    raceId,
    betType: 'W',
    selections: [[1]],
    amount: 100,
    useBonus: false,
    idempotencyKey: randomUUID(),
    ...overrides,
  });
  /** What a placement answered: the receipt, or the refusal's status code and message. */
  const outcomeOf = (settled: PromiseSettledResult<BetReceipt>) =>
    settled.status === 'fulfilled'
      ? settled.value
      : settled.reason instanceof AppError
        ? { refused: settled.reason.statusCode, message: settled.reason.message }
        : { fault: String(settled.reason) };

  it('decides every bet of one batch in one call, each with its own answer', async () => {
    const placement = postgresBetPlacement(t.app.db, { lanes: 1, limits: batchPlayerLimits });
    const rich = await registerPlayer(t.app);
    const poor = await registerPlayer(t.app);
    await fund(rich, 1_000);
    await fund(poor, 100);
    const key = randomUUID();

    const results = await Promise.allSettled([
      placement.place(rich.playerId, win({ idempotencyKey: key, amount: 300 })),
      // The same request again in the same batch: a replay of the first, one debit.
      placement.place(rich.playerId, win({ idempotencyKey: key, amount: 300 })),
      // The same key for another request.
      placement.place(rich.playerId, win({ idempotencyKey: key, amount: 200 })),
      // Refused on the card: nothing stored, so its key stays free.
      placement.place(rich.playerId, win({ selections: [[9]] })),
      // Refused by the balance the first bet left (1,000 - 300 < 800).
      placement.place(rich.playerId, win({ amount: 800 })),
      placement.place(poor.playerId, win({ useBonus: true })),
      placement.place(poor.playerId, win({ amount: 100 })),
      placement.place(poor.playerId, win({ amount: 100 })),
    ]);
    const [first, replay, reused, unknownRunner, tooMuch, noBonus, poorFirst, poorSecond] = results.map(outcomeOf);

    expect(first).toMatchObject({ statusCode: 200, total_amount: 300, creditBalance: 700, bonusBalance: 0 });
    expect(replay).toEqual(first);
    expect(reused).toEqual({ refused: StatusCode.CONFLICT, message: Idempotency.keyReused });
    expect(unknownRunner).toEqual({ refused: StatusCode.BAD_REQUEST, message: BetRefusals.unknownRunner(9, 1) });
    expect(tooMuch).toEqual({ refused: StatusCode.INSUFFICIENT_BALANCE, message: BetMessages.insufficientBalance });
    expect(noBonus).toEqual({ refused: StatusCode.BAD_REQUEST, message: BetMessages.noBonusBalance });
    expect(poorFirst).toMatchObject({ statusCode: 200, creditBalance: 0 });
    expect(poorSecond).toEqual({ refused: StatusCode.INSUFFICIENT_BALANCE, message: BetMessages.insufficientBalance });
    expect(await placement.stats()).toEqual({ batches: 1, jobs: 8, retries: 0 });

    expect((await playerBalances(t.app.db, rich.playerId)).creditBalance).toBe(700);
    expect((await playerBalances(t.app.db, poor.playerId)).creditBalance).toBe(0);
    // A later replay reads the stored receipt, balances as they were then.
    expect(await placement.place(rich.playerId, win({ idempotencyKey: key, amount: 300 }))).toEqual(first);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('checks a bet again when the card changed after it was kept, whoever changed it', async () => {
    const placement = postgresBetPlacement(t.app.db, { lanes: 1, limits: batchPlayerLimits });
    const player = await registerPlayer(t.app);
    await fund(player, 1_000);
    await placement.place(player.playerId, win({ selections: [[2]] }));
    const version = async () =>
      Number(
        (
          await sql<{ version: string }>`select version from bet_card_versions where event_id = ${eventId}`.execute(
            t.app.db,
          )
        ).rows[0]?.version,
      );
    const before = await version();

    // Odds move every tick: they are not part of what a bet is checked against.
    await sql`update runners set odds = 350 where race_id = ${raceId}`.execute(t.app.db);
    expect(await version()).toBe(before);

    // A scratch written straight to the database, as another server would.
    await sql`update runners set status = 'S' where race_id = ${raceId} and runner_no = '2'`.execute(t.app.db);
    expect(await version()).toBe(before + 1);
    await expect(placement.place(player.playerId, win({ selections: [[2]] }))).rejects.toThrow(
      BetRefusals.scratched(2),
    );
    expect((await placement.stats()).retries).toBe(1);

    await sql`update runners set status = 'A' where race_id = ${raceId} and runner_no = '2'`.execute(t.app.db);
    await expect(placement.place(player.playerId, win({ selections: [[2]] }))).resolves.toMatchObject({
      statusCode: 200,
    });
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(800);
  });

  it('two servers on one database: a player betting through both at once, twins with one key, one debit each', async () => {
    const servers = [
      postgresBetPlacement(t.app.db, { lanes: 2, limits: batchPlayerLimits }),
      postgresBetPlacement(t.app.db, { lanes: 3, limits: batchPlayerLimits }),
    ];
    const players = await Promise.all(Array.from({ length: 8 }, () => registerPlayer(t.app)));
    for (const player of players) await fund(player, 2_000);

    const sent = players.flatMap((player) =>
      Array.from({ length: 12 }, (_, index) => {
        const input = win({ amount: 100 * (1 + (index % 3)) });
        // Every fourth bet is sent to both servers with the same key, as a retry through the balancer would be.
        const copies = index % 4 === 0 ? [0, 1] : [index % 2];
        return copies.map((server) => ({ player, input, server }));
      }).flat(),
    );
    const results = await Promise.allSettled(
      sent.map(({ player, input, server }) => servers[server]?.place(player.playerId, input) ?? Promise.reject()),
    );

    const faults = results.map(outcomeOf).filter((outcome) => 'fault' in outcome);
    expect(faults).toEqual([]);
    for (const player of players) {
      const receipts = new Map<string, BetReceipt>();
      for (const [index, result] of results.entries()) {
        if (sent[index]?.player !== player || result.status !== 'fulfilled') continue;
        const earlier = receipts.get(sent[index].input.idempotencyKey);
        // Twins answer the same ticket.
        if (earlier) expect(result.value).toEqual(earlier);
        receipts.set(sent[index].input.idempotencyKey, result.value);
      }
      const spent = [...receipts.values()].reduce((sum, receipt) => sum + receipt.total_amount, 0);
      expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(2_000 - spent);
    }
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('places each bet of a failed call alone, so a fault fails only its own bet', async () => {
    const placement = postgresBetPlacement(t.app.db, { lanes: 1, limits: batchPlayerLimits });
    const broken = await registerPlayer(t.app);
    const fine = await registerPlayer(t.app);
    await fund(broken, 1_000);
    await fund(fine, 1_000);
    // A wallet row that no longer keeps its balance: the function refuses to debit it.
    await sql`update accounts set tracks_balance = 0 where player_id = ${broken.playerId} and kind = 'player_bonus'`.execute(
      t.app.db,
    );
    try {
      const results = await Promise.allSettled([
        placement.place(fine.playerId, win()),
        placement.place(broken.playerId, win()),
        placement.place(fine.playerId, win()),
      ]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((await placement.stats()).batches).toBe(4);
      expect((await playerBalances(t.app.db, fine.playerId)).creditBalance).toBe(800);
      expect((await playerBalances(t.app.db, broken.playerId)).creditBalance).toBe(1_000);
    } finally {
      await sql`update accounts set tracks_balance = 1 where player_id = ${broken.playerId} and kind = 'player_bonus'`.execute(
        t.app.db,
      );
    }
    expect(await checkLedger(t.app.db)).toEqual([]);
  });
});
