import type { Kysely } from 'kysely';
import { poolAccountCode } from '@karera/shared';
import type { Database } from '../src/db/schema.ts';
import { nowIso } from '../src/lib/time.ts';
import { accountIdByCode, HouseAccount, playerAccountCode } from '../src/modules/wallet/accounts.ts';

/**
 * A closed race with a very large number of bets, written in bulk for settlement tests and the
 * settlement benchmark (placing a million bets one request at a time would take minutes). The ledger
 * stays exactly as the real calls leave it: each player funded by an ADJUSTMENT, each ticket debited by
 * its own BET transaction into its pool, balances equal to their postings. SQLite only: rows get
 * explicit ids so the bulk insert needs no id round trips.
 */

export interface SeedOptions {
  players: number;
  /** Single-line Win tickets. */
  winTickets: number;
  /** Forecast tickets of 2 x 2 runners: four bet lines each. */
  forecastTickets: number;
  runners?: number;
}

export interface SeededRace {
  eventId: number;
  raceId: number;
  runners: number;
  tickets: number;
  betLines: number;
  stakes: number;
}

const ROWS_PER_INSERT = 500;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await insert(rows.slice(i, i + ROWS_PER_INSERT));
}

async function nextId(
  db: Kysely<Database>,
  table: 'players' | 'accounts' | 'ledger_transactions' | 'ledger_postings' | 'bet_tickets',
) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export async function seedClosedRaceWithBets(db: Kysely<Database>, options: SeedOptions): Promise<SeededRace> {
  const runnerCount = options.runners ?? 12;
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const { id: eventId } = await trx
      .insertInto('game_events')
      .values({
        name: 'Settlement Day',
        arena: 'Metro Turf',
        stream_url: '',
        race_date: now.slice(0, 10),
        enabled_bet_types: '[]',
        created_by: 'seed',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: raceId } = await trx
      .insertInto('races')
      .values({ event_id: eventId, race_no: 1, status: 'C', start_time: now, enabled_bet_types: '[]', updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('runners')
      .values(
        Array.from({ length: runnerCount }, (_, i) => ({
          race_id: raceId,
          runner_no: String(i + 1),
          horse_name: `Horse ${i + 1}`,
          jockey_name: 'J. Cruz',
          status: 'A' as const,
          odds: null,
        })),
      )
      .execute();

    // Tickets first, so each player's account is written once with its final balance.
    type Ticket = { playerIndex: number; betType: 'W' | 'FC'; selections: number[][]; amount: number; total: number };
    const tickets: Ticket[] = [];
    for (let i = 0; i < options.winTickets; i++) {
      const amount = 100 * (1 + (i % 5));
      tickets.push({
        playerIndex: i % options.players,
        betType: 'W',
        selections: [[1 + ((i * 7) % runnerCount)]],
        amount,
        total: amount,
      });
    }
    for (let i = 0; i < options.forecastTickets; i++) {
      const a = 1 + (i % runnerCount);
      const b = 1 + ((i + 3) % runnerCount);
      const c = 1 + ((i + 5) % runnerCount);
      const d = 1 + ((i + 8) % runnerCount);
      tickets.push({
        playerIndex: i % options.players,
        betType: 'FC',
        selections: [
          [a, b],
          [c, d],
        ],
        amount: 100,
        total: 400,
      });
    }
    const spent = new Array<number>(options.players).fill(0);
    for (const t of tickets) spent[t.playerIndex] = (spent[t.playerIndex] ?? 0) + t.total;
    const funding = spent.map((s) => s + 100_000);

    const firstPlayer = await nextId(trx, 'players');
    const players = Array.from({ length: options.players }, (_, i) => ({
      id: firstPlayer + i,
      mobile_no: `0999${String(firstPlayer + i).padStart(7, '0')}`,
      first_name: 'Bulk',
      last_name: `Player ${i}`,
      email: null,
      password_hash: 'scrypt$0$0$0$x$x',
      verified: 1 as const,
      agent_id: null,
      created_at: now,
    }));
    await insertInChunks(players, (chunk) => trx.insertInto('players').values(chunk).execute());

    let accountId = await nextId(trx, 'accounts');
    const creditOf: number[] = [];
    const accounts = players.flatMap((player, i) => {
      const rows = (['credit', 'bonus', 'withdraw_hold'] as const).map((kind) => ({
        id: accountId++,
        code: playerAccountCode(player.id, kind),
        kind: `player_${kind}` as const,
        player_id: player.id,
        balance: kind === 'credit' ? (funding[i] ?? 0) - (spent[i] ?? 0) : 0,
        may_go_negative: 0 as const,
        created_at: now,
      }));
      creditOf.push(rows[0]?.id ?? 0);
      return rows;
    });
    await insertInChunks(accounts, (chunk) => trx.insertInto('accounts').values(chunk).execute());
    const pools = new Map<string, number>();
    for (const betType of ['W', 'FC']) {
      const id = accountId++;
      await trx
        .insertInto('accounts')
        .values({
          id,
          code: poolAccountCode({ firstRaceId: raceId, betType }),
          kind: 'house',
          player_id: null,
          may_go_negative: 1,
          tracks_balance: 0,
          created_at: now,
        })
        .execute();
      pools.set(betType, id);
    }
    const adjustments = await accountIdByCode(trx, HouseAccount.adjustments);

    let transactionId = await nextId(trx, 'ledger_transactions');
    const postings: { transaction_id: number; account_id: number; amount: number }[] = [];
    const ledgerRow = (id: number, kind: string, description: string) => ({
      id,
      kind,
      description,
      reverses_transaction_id: null,
      actor_type: 'system' as const,
      actor_id: null,
      metadata: '{}',
      created_at: now,
    });
    const transactionRows: ReturnType<typeof ledgerRow>[] = [];
    funding.forEach((amount, i) => {
      const id = transactionId++;
      transactionRows.push(ledgerRow(id, 'ADJUSTMENT', 'Seed funds'));
      postings.push({ transaction_id: id, account_id: adjustments, amount: -amount });
      postings.push({ transaction_id: id, account_id: creditOf[i] ?? 0, amount });
    });
    let ticketId = await nextId(trx, 'bet_tickets');
    const ticketRows = tickets.map((t) => {
      const id = transactionId++;
      transactionRows.push(ledgerRow(id, 'BET', `Bet ${t.betType}`));
      postings.push({ transaction_id: id, account_id: creditOf[t.playerIndex] ?? 0, amount: -t.total });
      postings.push({ transaction_id: id, account_id: pools.get(t.betType) ?? 0, amount: t.total });
      const ticket = ticketId++;
      return {
        id: ticket,
        ticket_no: `SEED${String(ticket).padStart(10, '0')}`,
        player_id: players[t.playerIndex]?.id ?? 0,
        event_id: eventId,
        first_race_id: raceId,
        bet_type: t.betType,
        amount: t.amount,
        combinations: t.total / t.amount,
        total: t.total,
        from_credit: t.total,
        from_bonus: 0,
        selections: JSON.stringify(t.selections),
        debit_transaction_id: id,
        settlement_transaction_id: null,
        status: 'open' as const,
        created_at: now,
      };
    });
    await insertInChunks(transactionRows, (chunk) => trx.insertInto('ledger_transactions').values(chunk).execute());
    await insertInChunks(postings, (chunk) => trx.insertInto('ledger_postings').values(chunk).execute());
    await insertInChunks(ticketRows, (chunk) => trx.insertInto('bet_tickets').values(chunk).execute());
    const funded = funding.reduce((s, a) => s + a, 0);
    await trx
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '-', funded) }))
      .where('id', '=', adjustments)
      .execute();

    const stakes = tickets.reduce((s, t) => s + t.total, 0);
    return {
      eventId,
      raceId,
      runners: runnerCount,
      tickets: tickets.length,
      betLines: options.winTickets + options.forecastTickets * 4,
      stakes,
    };
  });
}
