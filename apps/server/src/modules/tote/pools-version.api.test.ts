import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { fundPlayer, placeBetAs, winRaceDay } from '../../../test/win-race.ts';
import type { Database } from '../../db/schema.ts';
import { eventPoolsVersion } from './live-pools.service.ts';

/**
 * The name of a race day's pools state (POOLS_UPDATED, the pools read's cache): it moves with every
 * ticket sold, whatever order the tickets' transactions commit in, and reading it costs the same
 * however many tickets were sold.
 */
describe(`the pools version of a race day (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let players: RegisteredPlayer[];
  let eventId: number;
  let raceId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    ({ eventId, raceId } = await winRaceDay(t.app, admin, 'Version Day'));
    players = [await registerPlayer(t.app), await registerPlayer(t.app), await registerPlayer(t.app)];
    for (const player of players) await fundPlayer(t.app, admin, player, 100_000);
  });
  afterAll(async () => {
    await t.close();
  });

  const bet = (player: RegisteredPlayer, runner: number) =>
    placeBetAs(t.app, player, {
      eventId,
      raceId,
      betType: 'W',
      selections: [[runner]],
      amount: 100,
      useBonus: false,
      idempotencyKey: randomUUID(),
    });

  it('moves with each ticket sold and stays put otherwise', async () => {
    const before = await eventPoolsVersion(t.app.db, eventId);
    expect(await eventPoolsVersion(t.app.db, eventId)).toBe(before);
    expect((await bet(players[0] as RegisteredPlayer, 1)).statusCode).toBe(200);
    const afterOne = await eventPoolsVersion(t.app.db, eventId);
    expect(afterOne).not.toBe(before);
    // A refused bet sells nothing.
    const refused = await placeBetAs(t.app, players[0] as RegisteredPlayer, {
      eventId,
      raceId,
      betType: 'W',
      selections: [[99]],
      amount: 100,
      useBonus: false,
      idempotencyKey: randomUUID(),
    });
    expect(refused.statusCode).toBe(400);
    expect(await eventPoolsVersion(t.app.db, eventId)).toBe(afterOne);

    // Many at once, from several players: each sale counts, and the state is named the same by any reader.
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        bet(players[index % players.length] as RegisteredPlayer, 1 + (index % 3)),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const afterMany = await eventPoolsVersion(t.app.db, eventId);
    expect(afterMany).not.toBe(afterOne);
    expect(await eventPoolsVersion(t.app.db, eventId)).toBe(afterMany);
  });

  it.skipIf(testDialect !== 'postgres')(
    'keeps each pool’s sales equal to its tickets, and sees a ticket that commits after one with a higher id',
    async () => {
      const db = t.app.db;
      const counted = await db
        .selectFrom('bet_tickets')
        .select(['first_race_id', 'bet_type', (eb) => eb.fn.countAll<string>().as('tickets')])
        .where('event_id', '=', eventId)
        .groupBy(['first_race_id', 'bet_type'])
        .execute();
      const marked = await db
        .selectFrom('pool_sales_marks')
        .select(['first_race_id', 'bet_type', (eb) => eb.fn.sum<string>('tickets').as('tickets')])
        .where('first_race_id', '=', raceId)
        .groupBy(['first_race_id', 'bet_type'])
        .execute();
      expect(marked.map((row) => [row.first_race_id, row.bet_type, Number(row.tickets)])).toEqual(
        counted.map((row) => [row.first_race_id, row.bet_type, Number(row.tickets)]),
      );

      // Two tickets written straight to the table by two transactions: the first draws the lower id and
      // commits last. Its commit alone must move the version.
      const player = players[1] as RegisteredPlayer;
      const writeTicket = async (executor: Kysely<Database> | Transaction<Database>) => {
        const transaction = await executor
          .insertInto('ledger_transactions')
          .values({
            kind: 'TEST',
            description: 'a ticket committed out of id order',
            reverses_transaction_id: null,
            actor_type: 'system',
            actor_id: null,
            metadata: '{}',
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const ticket = await executor
          .insertInto('bet_tickets')
          .values({
            ticket_no: `T${randomUUID().slice(0, 12)}`,
            player_id: player.playerId,
            event_id: eventId,
            first_race_id: raceId,
            bet_type: 'W',
            amount: 100,
            combinations: 1,
            total: 100,
            from_credit: 100,
            from_bonus: 0,
            selections: '[[1]]',
            debit_transaction_id: transaction.id,
            settlement_transaction_id: null,
            status: 'open',
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return ticket.id;
      };
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let lowerId: number | undefined;
      let wroteLower!: () => void;
      const lowerWritten = new Promise<void>((resolve) => (wroteLower = resolve));
      const slow = db.transaction().execute(async (trx) => {
        lowerId = await writeTicket(trx);
        wroteLower();
        await released;
      });
      await lowerWritten;
      const higherId = await writeTicket(db);
      expect(higherId).toBeGreaterThan(lowerId ?? Infinity);
      const withHigherOnly = await eventPoolsVersion(db, eventId);
      release();
      await slow;
      expect(await eventPoolsVersion(db, eventId)).not.toBe(withHigherOnly);
    },
  );
});
