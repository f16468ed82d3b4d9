import { sql, type Kysely } from 'kysely';
import { MINIMUM_DIVIDEND } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { toSafeInteger } from '../../db/connection.ts';

export interface LedgerBreach {
  rule:
    | 'unbalanced-transaction'
    | 'too-few-postings'
    | 'balance-mismatch'
    | 'negative-player-balance'
    | 'ticket-debit'
    | 'ticket-settlement'
    | 'settled-pool-not-empty'
    | 'negative-breakage'
    | 'pool-overpaid'
    | 'winnings-tax-mismatch'
    | 'stamp-tax-mismatch';
  detail: string;
}

/**
 * Verifies the ledger's invariants (docs/product/money.md#ledger): every transaction sums to zero and has at least
 * two postings, every account's balance equals the sum of its postings, no player account is negative.
 * Bet tickets add their own rule when betting exists.
 */
export async function checkLedger(db: Kysely<Database>): Promise<LedgerBreach[]> {
  const breaches: LedgerBreach[] = [];

  const unbalanced = await db
    .selectFrom('ledger_postings')
    .select(['transaction_id', (eb) => eb.fn.sum('amount').as('total'), (eb) => eb.fn.countAll().as('postings')])
    .groupBy('transaction_id')
    .having((eb) => eb.or([eb(eb.fn.sum('amount'), '<>', 0), eb(eb.fn.countAll(), '<', 2)]))
    .execute();
  for (const row of unbalanced) {
    const total = toSafeInteger(row.total);
    if (total !== 0) {
      breaches.push({ rule: 'unbalanced-transaction', detail: `transaction ${row.transaction_id} sums to ${total}` });
    } else {
      breaches.push({
        rule: 'too-few-postings',
        detail: `transaction ${row.transaction_id} has ${toSafeInteger(row.postings)} posting(s)`,
      });
    }
  }

  const empty = await db
    .selectFrom('ledger_transactions as t')
    .select('t.id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('ledger_postings as p').select('p.id').whereRef('p.transaction_id', '=', 't.id'))),
    )
    .execute();
  for (const row of empty) breaches.push({ rule: 'too-few-postings', detail: `transaction ${row.id} has no postings` });

  const mismatched = await db
    .selectFrom('accounts as a')
    .select([
      'a.id',
      'a.code',
      'a.balance',
      'a.tracks_balance',
      sql<string>`coalesce((select sum(p.amount) from ledger_postings p where p.account_id = a.id), 0)`.as('posted'),
    ])
    .execute();
  for (const row of mismatched) {
    const posted = toSafeInteger(row.posted);
    if (row.tracks_balance === 1 && toSafeInteger(row.balance) !== posted) {
      breaches.push({
        rule: 'balance-mismatch',
        detail: `account ${row.code} holds ${row.balance} but its postings sum to ${posted}`,
      });
    }
  }

  const negative = await db
    .selectFrom('accounts')
    .select(['code', 'balance'])
    .where('kind', '<>', 'house')
    .where('balance', '<', 0)
    .execute();
  for (const row of negative) {
    breaches.push({ rule: 'negative-player-balance', detail: `account ${row.code} is at ${row.balance}` });
  }
  // Every bet ticket has exactly one debit (a BET transaction of its own) and at most one settlement.
  const tickets = await db
    .selectFrom('bet_tickets as b')
    .leftJoin('ledger_transactions as t', 't.id', 'b.debit_transaction_id')
    .select(['b.ticket_no', 't.kind'])
    .where((eb) => eb.or([eb('t.id', 'is', null), eb('t.kind', '<>', 'BET')]))
    .execute();
  for (const row of tickets)
    breaches.push({ rule: 'ticket-debit', detail: `ticket ${row.ticket_no} has no BET debit` });

  // At most one settlement per ticket: every SETTLEMENT transaction (not since reversed) is the one
  // its ticket points to.
  const strays = await db
    .selectFrom('ledger_transactions as t')
    .leftJoin('bet_tickets as b', 'b.settlement_transaction_id', 't.id')
    .select(['t.id'])
    .where('t.kind', '=', 'SETTLEMENT')
    .where('b.id', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ledger_transactions as r').select('r.id').whereRef('r.reverses_transaction_id', '=', 't.id'),
        ),
      ),
    )
    .execute();
  for (const row of strays) {
    breaches.push({ rule: 'ticket-settlement', detail: `settlement ${row.id} is not the settlement of any ticket` });
  }
  const misfiled = await db
    .selectFrom('bet_tickets as b')
    .innerJoin('ledger_transactions as t', 't.id', 'b.settlement_transaction_id')
    .select(['b.ticket_no', 't.kind'])
    .where('t.kind', '<>', 'SETTLEMENT')
    .execute();
  for (const row of misfiled) {
    breaches.push({ rule: 'ticket-settlement', detail: `ticket ${row.ticket_no} is settled by a ${row.kind}` });
  }

  // A settled pool has paid out everything it took in: its account holds nothing.
  const pools = await db
    .selectFrom('pool_settlements as s')
    .innerJoin('accounts as a', (join) =>
      join.on((eb) =>
        eb(
          'a.code',
          '=',
          sql<string>`${sql.lit('pool:')} || cast(s.first_race_id as text) || ${sql.lit(':')} || s.bet_type`,
        ),
      ),
    )
    .select([
      'a.code',
      sql<string>`coalesce((select sum(p.amount) from ledger_postings p where p.account_id = a.id), 0)`.as('left'),
    ])
    .where('s.status', '=', 'settled')
    .execute();
  for (const row of pools) {
    if (toSafeInteger(row.left) !== 0) {
      breaches.push({ rule: 'settled-pool-not-empty', detail: `pool ${row.code} still holds ${row.left}` });
    }
  }
  breaches.push(...(await poolMoneyBreaches(db)));
  breaches.push(...(await taxBreaches(db)));
  return breaches;
}

/**
 * The taxes owed are what the tickets and pools say (decision 049): the winnings tax each winning ticket
 * records is what its settlement posted to house:winnings-tax-payable, and the stamp tax each pool records
 * is what its split posted to house:stamp-tax-payable. The certificate of tax withheld and the tax reports
 * read the tickets and the postings; a difference would make one of them false.
 */
async function taxBreaches(db: Kysely<Database>): Promise<LedgerBreach[]> {
  const breaches: LedgerBreach[] = [];
  const taxAccount = await db
    .selectFrom('accounts')
    .select('id')
    .where('code', '=', 'house:winnings-tax-payable')
    .executeTakeFirst();
  // Each settlement's posting to the tax payable against the tax its ticket records (the postings found by
  // account, a few per winning ticket)...
  const posted = taxAccount
    ? await sql<{ transaction_id: number; posted: number | string; recorded: number | string | null }>`
        select p.transaction_id as transaction_id, sum(p.amount) as posted, max(b.winnings_tax) as recorded
        from ledger_postings p
        join ledger_transactions t on t.id = p.transaction_id and t.kind = 'SETTLEMENT'
        left join bet_tickets b on b.settlement_transaction_id = p.transaction_id
        where p.account_id = ${taxAccount.id}
        group by p.transaction_id`.execute(db)
    : { rows: [] };
  for (const row of posted.rows) {
    if (toSafeInteger(row.posted) !== toSafeInteger(row.recorded ?? 0)) {
      breaches.push({
        rule: 'winnings-tax-mismatch',
        detail: `settlement ${row.transaction_id} posted a winnings tax of ${row.posted}, its ticket records ${row.recorded ?? 'none'}`,
      });
    }
  }
  // ...and a ticket recording a tax its settlement never posted.
  const unposted = await sql<{ ticket_id: number; recorded: number | string }>`
    select b.id as ticket_id, b.winnings_tax as recorded
    from bet_tickets b
    where b.winnings_tax <> 0
      and not exists (select 1 from ledger_postings p
        where p.transaction_id = b.settlement_transaction_id and p.account_id = ${taxAccount?.id ?? 0})`.execute(db);
  for (const row of unposted.rows) {
    breaches.push({
      rule: 'winnings-tax-mismatch',
      detail: `ticket ${row.ticket_id} records a winnings tax of ${row.recorded} its settlement never posted`,
    });
  }
  const stamp = await sql<{
    first_race_id: number;
    bet_type: string;
    recorded: number | string;
    posted: number | string | null;
  }>`
    select s.first_race_id as first_race_id, s.bet_type as bet_type, s.stamp_tax as recorded,
      (select sum(p.amount) from ledger_postings p
        join accounts a on a.id = p.account_id
        join ledger_transactions t on t.id = p.transaction_id
        join accounts pool on pool.code = ${'pool:'} || cast(s.first_race_id as text) || ${':'} || s.bet_type
        join ledger_postings pp on pp.transaction_id = t.id and pp.account_id = pool.id
        where t.kind = 'TAKEOUT' and a.code = ${'house:stamp-tax-payable'}) as posted
    from pool_settlements s`.execute(db);
  for (const row of stamp.rows) {
    if (toSafeInteger(row.recorded) !== toSafeInteger(row.posted ?? 0)) {
      breaches.push({
        rule: 'stamp-tax-mismatch',
        detail: `pool ${row.first_race_id}:${row.bet_type} records a stamp tax of ${row.recorded}, its split posted ${row.posted ?? 0}`,
      });
    }
  }
  return breaches;
}

/**
 * No pool pays more than it held (decision 046). From the ledger alone: what the pool's own postings
 * other than breakage leave must not fall below zero (the house made good an overpayment), breakage only
 * ever leaves a pool, and the house's minus pool pays in no more than the tickets on the lines it lifted
 * to the 1.00 minimum staked, and nothing for official dividends.
 */
async function poolMoneyBreaches(db: Kysely<Database>): Promise<LedgerBreach[]> {
  const breaches: LedgerBreach[] = [];
  const byKind = await sql<{ code: string; kind: string; total: number | string; lowest: number | string }>`
    select a.code as code, t.kind as kind, sum(p.amount) as total, min(p.amount) as lowest
    from ledger_postings p
    join accounts a on a.id = p.account_id
    join ledger_transactions t on t.id = p.transaction_id
    where a.code like ${'pool:%'}
    group by a.code, t.kind`.execute(db);
  const beforeBreakage = new Map<string, number>();
  for (const row of byKind.rows) {
    if (row.kind === 'BREAKAGE') {
      if (toSafeInteger(row.total) > 0 || toSafeInteger(row.lowest) > 0) {
        breaches.push({ rule: 'negative-breakage', detail: `pool ${row.code} took breakage from the house` });
      }
      continue;
    }
    beforeBreakage.set(row.code, (beforeBreakage.get(row.code) ?? 0) + toSafeInteger(row.total));
  }
  for (const [code, left] of beforeBreakage) {
    if (left < 0) breaches.push({ rule: 'pool-overpaid', detail: `pool ${code} paid ${-left} more than it held` });
  }

  const settlements = await db
    .selectFrom('pool_settlements as s')
    .leftJoin('race_results as r', 'r.race_id', 's.result_race_id')
    .select(['s.first_race_id', 's.bet_type', 's.breakage', 's.minus_pool', 's.dividends', 'r.official_dividends'])
    .execute();
  for (const row of settlements) {
    const pool = `pool:${row.first_race_id}:${row.bet_type}`;
    if (toSafeInteger(row.breakage) < 0) {
      breaches.push({ rule: 'negative-breakage', detail: `pool ${pool} records breakage of ${row.breakage}` });
    }
    const minusPool = toSafeInteger(row.minus_pool);
    if (minusPool === 0) continue;
    const lines = JSON.parse(row.dividends) as { dividend: number | null; stake: number }[];
    const liftedStake = lines.reduce((sum, line) => sum + (line.dividend === MINIMUM_DIVIDEND ? line.stake : 0), 0);
    const official = (JSON.parse(row.official_dividends ?? '[]') as { betType: string }[]).some(
      (line) => line.betType === row.bet_type,
    );
    if (official || minusPool > liftedStake) {
      breaches.push({
        rule: 'pool-overpaid',
        detail: `pool ${pool} drew a minus pool of ${minusPool} ${official ? 'for official dividends' : `above the ${liftedStake} staked on lines at the minimum dividend`}`,
      });
    }
  }
  return breaches;
}
