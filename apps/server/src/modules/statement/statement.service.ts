import type { Kysely } from 'kysely';
import {
  manilaMonthOf,
  manilaMonthRange,
  monthsBetween,
  type Statement,
  type StatementCategory,
  type StatementLine,
  type StatementTotals,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { betsOfLines } from '../betting/index.ts';

/**
 * The monthly activity statement, read from the ledger (decision 036). The balance it follows is the
 * player's credit plus bonus, the wallet the player sees: a withdrawal leaves it when it is asked for (into
 * the withdraw hold) and comes back if declined, so the hold account's own postings are not lines here.
 * Every posting on the player's credit and bonus accounts in the month is counted in exactly one category,
 * so closing balance = opening balance + the sum of the categories, and the totals equal the postings.
 */

/** Ledger kinds of payments (modules/payments), read here by name only. */
const WITHDRAWAL_KINDS = new Set(['WITHDRAW_HOLD', 'WITHDRAW_RELEASE']);

interface PostingRow {
  transactionId: number;
  kind: string;
  description: string;
  metadata: string;
  createdAt: string;
  accountKind: string;
  amount: number;
}

/** How one transaction's wallet change splits into categories (a settlement can pay and refund at once). */
function categorise(kind: string, metadata: string, credit: number, bonus: number): [StatementCategory, number][] {
  const total = credit + bonus;
  if (kind === 'DEPOSIT') {
    return [
      ['deposit', credit],
      ['bonus', bonus],
    ];
  }
  if (WITHDRAWAL_KINDS.has(kind)) return [['withdrawal', total]];
  if (kind === 'BET') return [['stake', total]];
  if (kind === 'SETTLEMENT') {
    const refund = Number((JSON.parse(metadata) as { refund?: unknown }).refund ?? 0);
    const refunded = Number.isSafeInteger(refund) ? Math.min(Math.max(refund, 0), total) : 0;
    return [
      ['refund', refunded],
      ['winnings', total - refunded],
    ];
  }
  if (kind.startsWith('PROMO')) return [['bonus', total]];
  // Group tickets (decision 056): shares bought are stakes, refunds refunds, a member's part of a payout winnings.
  if (kind === 'BAKAS_SHARE') return [['stake', total]];
  if (kind === 'BAKAS_REFUND') return [['refund', total]];
  if (kind === 'BAKAS_PAYOUT') {
    return [[(JSON.parse(metadata) as { refunded?: unknown }).refunded === true ? 'refund' : 'winnings', total]];
  }
  if (kind === 'ADJUSTMENT' || kind === 'REVERSAL') return [['adjustment', total]];
  return [['other', total]];
}

const TOTAL_OF: Record<StatementCategory, Exclude<keyof StatementTotals, 'netResult'>> = {
  deposit: 'deposits',
  withdrawal: 'withdrawals',
  stake: 'stakes',
  winnings: 'winnings',
  refund: 'refunds',
  bonus: 'bonuses',
  adjustment: 'adjustments',
  other: 'other',
};

/** The line's category: the one that moved the most (a deposit with a bonus is a deposit). */
function mainCategory(parts: readonly [StatementCategory, number][]): StatementCategory {
  let main = parts[0]?.[0] ?? 'other';
  let largest = -1;
  for (const [category, amount] of parts) {
    if (Math.abs(amount) > largest) {
      largest = Math.abs(amount);
      main = category;
    }
  }
  return main;
}

async function walletAccountIds(db: Kysely<Database>, playerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('player_id', '=', playerId)
    .where('kind', 'in', ['player_credit', 'player_bonus'])
    .execute();
  return rows.map((row) => Number(row.id));
}

/** The ticket a bet's transaction is about: a stake names its ticket number, a settlement or rebate its id. */
function ticketRefOf(kind: string, metadata: string): { id: number } | { ticketNo: string } | null {
  if (kind !== 'BET' && kind !== 'SETTLEMENT' && kind !== 'PROMO_REBATE') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { ticketNo, ticketId } = parsed as { ticketNo?: unknown; ticketId?: unknown };
  if (kind === 'BET') return typeof ticketNo === 'string' ? { ticketNo } : null;
  return typeof ticketId === 'number' && Number.isSafeInteger(ticketId) ? { id: ticketId } : null;
}

/** Gives each line of a bet its bet (type, races, race day, consolation, refund reason), read in few queries. */
async function nameBets(
  db: Kysely<Database>,
  playerId: number,
  lines: StatementLine[],
  byTransaction: ReadonlyMap<number, { row: PostingRow }>,
): Promise<void> {
  const refs = lines.map((line) => {
    const row = byTransaction.get(line.transactionId)?.row;
    return row ? ticketRefOf(row.kind, row.metadata) : null;
  });
  const ids = refs.flatMap((ref) => (ref && 'id' in ref ? [ref.id] : []));
  const ticketNos = refs.flatMap((ref) => (ref && 'ticketNo' in ref ? [ref.ticketNo] : []));
  if (ids.length === 0 && ticketNos.length === 0) return;
  const { byId, byTicketNo } = await betsOfLines(db, playerId, { ids, ticketNos });
  lines.forEach((line, index) => {
    const ref = refs[index];
    const bet = ref ? ('id' in ref ? byId.get(ref.id) : byTicketNo.get(ref.ticketNo)) : undefined;
    if (bet) line.bet = bet;
  });
}

/** The statement of one Manila month, for the player whose session asks (the caller passes its id). */
export async function monthlyStatement(db: Kysely<Database>, playerId: number, month: string): Promise<Statement> {
  const { from, to } = manilaMonthRange(month);
  const accounts = await walletAccountIds(db, playerId);
  if (accounts.length === 0) throw notFound('No statement for this account.');

  const opening = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select((eb) => eb.fn.sum<string | number | null>('p.amount').as('total'))
    .where('p.account_id', 'in', accounts)
    .where('t.created_at', '<', from)
    .executeTakeFirst();
  const openingBalance = Number(opening?.total ?? 0);

  const postings: PostingRow[] = (
    await db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .select([
        't.id as transactionId',
        't.kind',
        't.description',
        't.metadata',
        't.created_at as createdAt',
        'a.kind as accountKind',
        'p.amount',
      ])
      .where('p.account_id', 'in', accounts)
      .where('t.created_at', '>=', from)
      .where('t.created_at', '<', to)
      .orderBy('t.id')
      .execute()
  ).map((row) => ({ ...row, transactionId: Number(row.transactionId), amount: Number(row.amount) }));

  const byTransaction = new Map<number, { row: PostingRow; credit: number; bonus: number }>();
  for (const posting of postings) {
    const entry = byTransaction.get(posting.transactionId) ?? { row: posting, credit: 0, bonus: 0 };
    if (posting.accountKind === 'player_credit') entry.credit += posting.amount;
    else entry.bonus += posting.amount;
    byTransaction.set(posting.transactionId, entry);
  }

  const totals: StatementTotals = {
    deposits: 0,
    withdrawals: 0,
    stakes: 0,
    winnings: 0,
    refunds: 0,
    bonuses: 0,
    adjustments: 0,
    other: 0,
    netResult: 0,
  };
  const lines: StatementLine[] = [];
  let balance = openingBalance;
  // Transaction ids follow commit order; times can tie (a settlement batch), so ids order the lines.
  for (const { row, credit, bonus } of [...byTransaction.values()].sort(
    (a, b) => a.row.transactionId - b.row.transactionId,
  )) {
    const parts = categorise(row.kind, row.metadata, credit, bonus);
    for (const [category, amount] of parts) totals[TOTAL_OF[category]] += amount;
    balance += credit + bonus;
    lines.push({
      transactionId: row.transactionId,
      dateTime: row.createdAt,
      category: mainCategory(parts),
      description: row.description,
      amount: credit + bonus,
      balanceAfter: balance,
    });
  }
  totals.netResult = totals.stakes + totals.winnings + totals.refunds;
  await nameBets(db, playerId, lines, byTransaction);
  return { month, openingBalance, closingBalance: balance, totals, lines, lineCount: lines.length };
}

/** The months a statement exists for: the current Manila month back to the one the account was made in. */
export async function statementMonths(db: Kysely<Database>, playerId: number, now: Date): Promise<string[]> {
  const player = await db.selectFrom('players').select('created_at').where('id', '=', playerId).executeTakeFirst();
  if (!player) throw notFound('No statement for this account.');
  const current = manilaMonthOf(now);
  const first = manilaMonthOf(player.created_at);
  return first > current ? [current] : monthsBetween(first, current);
}

/** A month's statement of the signed-in player: a month before the account was made or after the current one has none. */
export async function statementOfMonth(
  db: Kysely<Database>,
  playerId: number,
  month: string,
  now: Date,
): Promise<Statement> {
  const months = await statementMonths(db, playerId, now);
  if (!months.includes(month)) throw notFound('There is no statement for that month.');
  return monthlyStatement(db, playerId, month);
}

/** A month's statement with the name of the player it belongs to, as its PDF prints them. */
export async function statementWithHolder(
  db: Kysely<Database>,
  playerId: number,
  month: string,
  now: Date,
): Promise<{ statement: Statement; holder: { name: string; id: number } }> {
  const statement = await statementOfMonth(db, playerId, month, now);
  const player = await db
    .selectFrom('players')
    .select(['first_name', 'last_name'])
    .where('id', '=', playerId)
    .executeTakeFirstOrThrow();
  return { statement, holder: { name: `${player.first_name} ${player.last_name}`.trim(), id: playerId } };
}
