import { sql, type Kysely } from 'kysely';
import {
  DEFAULT_AML_SETTINGS,
  isLowTurnover,
  manilaDate,
  RAPID_CYCLE_WINDOW_DAYS,
  structuringFloor,
  type AmlRule,
  type AmlSettings,
} from '@karera/shared';
import { toSafeInteger } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { manilaDayStartIso } from '../audit/index.ts';

/**
 * The AML rules (decision 035). The payments service calls in twice, inside the transaction that changes
 * the payment, so a flag is written exactly when its payment is, or not at all:
 *
 * - when a request is made: the rules about who is behind the money and where it goes (an account or sender
 *   number shared by several players, a withdrawal after little betting, rapid deposit-withdrawal cycles),
 *   so the flag is in the queue before anyone pays the withdrawal out;
 * - when a request is approved: the rules about money that actually moved (a covered amount in a Manila day,
 *   structuring just below it), since a declined request with a wrong reference moved nothing.
 *
 * Each flag has a unique key (rule, subject, period): a rule never raises the same flag twice, however many
 * requests or instances race (the insert does nothing on a conflict).
 */

let settings: AmlSettings = DEFAULT_AML_SETTINGS;

/**
 * The thresholds the server was configured with (config.aml). Module state rather than a parameter, so the
 * payments service calls the rules without carrying AML settings through its own signatures.
 */
export function useAmlSettings(configured: AmlSettings): void {
  settings = configured;
}

export function amlSettings(): AmlSettings {
  return settings;
}

type Executor = Kysely<Database>;

const HOUR_MS = 3_600_000;
const isoBefore = (ms: number): string => new Date(Date.now() - ms).toISOString();

/** The Manila calendar day of now, YYYY-MM-DD. */
function manilaToday(): string {
  const { year, month, day } = manilaDate(new Date());
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const peso = (centavos: number): string =>
  `₱${(centavos / 100).toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface NewFlag {
  rule: AmlRule;
  playerId: number;
  subjectKey: string;
  periodKey: string;
  amount: number;
  summary: string;
  details: Record<string, unknown>;
  paymentRequestIds: number[];
}

/** Writes a flag once per (rule, subject, period); true when this call raised it. */
async function raiseFlag(db: Executor, flag: NewFlag): Promise<boolean> {
  const inserted = await db
    .insertInto('aml_flags')
    .values({
      rule: flag.rule,
      player_id: flag.playerId,
      subject_key: flag.subjectKey,
      period_key: flag.periodKey,
      amount: flag.amount,
      summary: flag.summary,
      details: JSON.stringify(flag.details),
      raised_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['rule', 'subject_key', 'period_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  const ids = [...new Set(flag.paymentRequestIds)];
  if (ids.length > 0) {
    await db
      .insertInto('aml_flag_transactions')
      .values(ids.map((id) => ({ flag_id: inserted.id, payment_request_id: id })))
      .execute();
  }
  return true;
}

async function requestById(db: Executor, requestId: number) {
  return db.selectFrom('payment_requests').selectAll().where('id', '=', requestId).executeTakeFirstOrThrow();
}
type Request = Awaited<ReturnType<typeof requestById>>;

/** Rules of a new deposit or withdrawal request: call in the transaction that inserts it. */
export async function amlOnPaymentRequested(db: Executor, requestId: number): Promise<void> {
  const request = await requestById(db, requestId);
  await sharedAccount(db, request);
  if (request.kind === 'WITHDRAW') {
    await lowTurnover(db, request);
    await rapidCycles(db, request);
  }
}

/** Rules of a decided request: call in the transaction that approves or declines it. */
export async function amlOnPaymentDecided(db: Executor, requestId: number): Promise<void> {
  const request = await requestById(db, requestId);
  if (request.status !== 'APPROVED') return;
  await coveredAmount(db, request);
  if (request.kind === 'DEPOSIT') await structuring(db, request);
}

/** A player's approved deposits (or withdrawals) in the Manila day `day`, oldest first. */
async function approvedOnDay(db: Executor, playerId: number, kind: Request['kind'], day: string) {
  const dayStart = manilaDayStartIso(day);
  const dayEnd = new Date(new Date(dayStart).getTime() + 24 * HOUR_MS).toISOString();
  return db
    .selectFrom('payment_requests')
    .select(['id', 'amount'])
    .where('player_id', '=', playerId)
    .where('kind', '=', kind)
    .where('status', '=', 'APPROVED')
    .where('decided_at', '>=', dayStart)
    .where('decided_at', '<', dayEnd)
    .orderBy('id')
    .execute();
}

const sumOf = (rows: readonly { amount: number }[]) => rows.reduce((sum, row) => sum + row.amount, 0);

/** A player's approved deposits (or withdrawals) in this Manila day reach the covered amount. */
async function coveredAmount(db: Executor, request: Request): Promise<void> {
  const day = manilaToday();
  const rows = await approvedOnDay(db, request.player_id, request.kind, day);
  const total = sumOf(rows);
  if (total < settings.coveredAmount) return;
  const what = request.kind === 'DEPOSIT' ? 'deposits' : 'withdrawals';
  await raiseFlag(db, {
    rule: 'COVERED_AMOUNT',
    playerId: request.player_id,
    subjectKey: `player:${request.player_id}:${request.kind}`,
    periodKey: day,
    amount: total,
    summary: `Approved ${what} of ${peso(total)} on ${day} (Manila), at or above the covered amount of ${peso(settings.coveredAmount)}.`,
    details: { day, kind: request.kind, total, coveredAmount: settings.coveredAmount, count: rows.length },
    paymentRequestIds: rows.map((row) => row.id),
  });
}

/**
 * Money split to stay under the covered amount's report: several approved deposits within the window
 * (24 hours by default) that together come within the band below the covered amount (90% or more), or
 * reach it across a Manila midnight, while the day of the deposit just approved stays below it (a day at
 * or above it is a covered amount, reported as such). A single deposit is far below the covered amount
 * (deposits are capped at ₱99,999), so the deposits are judged together, not one by one. One flag per
 * player and Manila day at most.
 */
async function structuring(db: Executor, request: Request): Promise<void> {
  const rows = await db
    .selectFrom('payment_requests')
    .select(['id', 'amount'])
    .where('player_id', '=', request.player_id)
    .where('kind', '=', 'DEPOSIT')
    .where('status', '=', 'APPROVED')
    .where('decided_at', '>=', isoBefore(settings.structuringWindowHours * HOUR_MS))
    .orderBy('id')
    .execute();
  if (rows.length < settings.structuringDeposits) return;
  const floor = structuringFloor(settings);
  const total = sumOf(rows);
  if (total < floor) return;
  const day = manilaToday();
  if (sumOf(await approvedOnDay(db, request.player_id, 'DEPOSIT', day)) >= settings.coveredAmount) return;
  await raiseFlag(db, {
    rule: 'STRUCTURING',
    playerId: request.player_id,
    subjectKey: `player:${request.player_id}`,
    periodKey: day,
    amount: total,
    summary: `${rows.length} deposits of ${peso(total)} in all within ${settings.structuringWindowHours} hours, ${total >= settings.coveredAmount ? 'over' : 'just below'} the covered amount of ${peso(settings.coveredAmount)} while no Manila day reached it.`,
    details: {
      count: rows.length,
      total,
      floor,
      coveredAmount: settings.coveredAmount,
      windowHours: settings.structuringWindowHours,
    },
    paymentRequestIds: rows.map((row) => row.id),
  });
}

/**
 * A withdrawal whose bets since the player's previous withdrawal are below the configured share of the
 * deposits approved since then: money passed through the wallet without being played.
 */
async function lowTurnover(db: Executor, request: Request): Promise<void> {
  const previous = await db
    .selectFrom('payment_requests')
    .select('created_at')
    .where('player_id', '=', request.player_id)
    .where('kind', '=', 'WITHDRAW')
    .where('status', '!=', 'DECLINED')
    .where('id', '<', request.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const since = previous?.created_at ?? '1970-01-01T00:00:00.000Z';
  const deposits = await db
    .selectFrom('payment_requests')
    .select(['id', 'amount'])
    .where('player_id', '=', request.player_id)
    .where('kind', '=', 'DEPOSIT')
    .where('status', '=', 'APPROVED')
    .where('decided_at', '>', since)
    .orderBy('id')
    .execute();
  const deposited = deposits.reduce((sum, row) => sum + row.amount, 0);
  // Summed by the database: a busy bettor's tickets since the last withdrawal are many. A group's ticket is
  // its members' bets, each by the shares they bought (decision 056), never its organiser's.
  const { staked } = await db
    .selectFrom('bet_tickets')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(sql<number>`total - refund_amount`), eb.lit(0)).as('staked'))
    .where('player_id', '=', request.player_id)
    .where('holder_account_id', 'is', null)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  const { shares } = await db
    .selectFrom('bakas_members')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(sql<number>`paid - refunded`), eb.lit(0)).as('shares'))
    .where('player_id', '=', request.player_id)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  const turnover = toSafeInteger(staked) + toSafeInteger(shares);
  if (!isLowTurnover(deposited, turnover, settings.lowTurnoverPercent)) return;
  await raiseFlag(db, {
    rule: 'LOW_TURNOVER',
    playerId: request.player_id,
    subjectKey: `withdrawal:${request.id}`,
    periodKey: 'request',
    amount: request.amount,
    summary: `Withdrawal of ${peso(request.amount)} after bets of ${peso(turnover)} against deposits of ${peso(deposited)} since the previous withdrawal (below ${settings.lowTurnoverPercent}%).`,
    details: { deposited, turnover, lowTurnoverPercent: settings.lowTurnoverPercent, since },
    paymentRequestIds: [...deposits.map((row) => row.id), request.id],
  });
}

/** The digits and letters of an account or mobile number, so '0917 123 4567' and '09171234567' are one. */
const accountKey = (text: string): string => text.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/**
 * One withdrawal account (channel and number) or one deposit sender number used by several players. Flagged
 * once per account, with the requests of the players up to the one that raised it (later ones are not linked).
 */
async function sharedAccount(db: Executor, request: Request): Promise<void> {
  const number = request.kind === 'WITHDRAW' ? request.account_number : request.sender_number;
  if (!number) return;
  let query = db
    .selectFrom('payment_requests')
    .select(['id', 'player_id', 'amount', 'account_number', 'sender_number'])
    .where('kind', '=', request.kind)
    .orderBy('id');
  query =
    request.kind === 'WITHDRAW'
      ? query.where('channel', '=', request.channel).where('account_number', '=', number)
      : query.where('sender_number', '=', number);
  const rows = await query.execute();
  const players = new Set(rows.map((row) => row.player_id));
  if (players.size < settings.sharedAccountPlayers) return;
  const key = accountKey(number);
  const label =
    request.kind === 'WITHDRAW' ? `Withdrawal account ${request.channel} ${number}` : `Deposit sender number ${number}`;
  await raiseFlag(db, {
    rule: 'SHARED_ACCOUNT',
    playerId: request.player_id,
    subjectKey: request.kind === 'WITHDRAW' ? `withdraw-account:${request.channel}:${key}` : `sender:${key}`,
    periodKey: 'ever',
    amount: rows.reduce((sum, row) => sum + row.amount, 0),
    summary: `${label} is used by ${players.size} players (${[...players].map((id) => `#${id}`).join(', ')}).`,
    details: { kind: request.kind, channel: request.channel, number, players: [...players] },
    paymentRequestIds: rows.map((row) => row.id),
  });
}

/**
 * Deposit-then-withdrawal cycles: a withdrawal requested within the configured minutes of an approved deposit
 * is one; the configured number of them within 7 days is a flag, keyed by the window's first cycle.
 */
async function rapidCycles(db: Executor, request: Request): Promise<void> {
  const cycleMs = settings.rapidCycleMinutes * 60_000;
  const withdrawals = await db
    .selectFrom('payment_requests')
    .select(['id', 'amount', 'created_at'])
    .where('player_id', '=', request.player_id)
    .where('kind', '=', 'WITHDRAW')
    .where('status', '!=', 'DECLINED')
    .where('created_at', '>=', isoBefore(RAPID_CYCLE_WINDOW_DAYS * 24 * HOUR_MS))
    .orderBy('id')
    .execute();
  const deposits = await db
    .selectFrom('payment_requests')
    .select(['id', 'amount', 'decided_at'])
    .where('player_id', '=', request.player_id)
    .where('kind', '=', 'DEPOSIT')
    .where('status', '=', 'APPROVED')
    .where('decided_at', '>=', isoBefore(RAPID_CYCLE_WINDOW_DAYS * 24 * HOUR_MS + cycleMs))
    .orderBy('id')
    .execute();
  // Each deposit starts one cycle at most: one deposit taken out in three parts is not three cycles.
  const used = new Set<number>();
  const cycles = withdrawals.flatMap((withdrawal) => {
    const at = Date.parse(withdrawal.created_at);
    const deposit = deposits.find((row) => {
      const decided = row.decided_at ? Date.parse(row.decided_at) : Number.NaN;
      return !used.has(row.id) && decided <= at && at - decided <= cycleMs;
    });
    if (!deposit) return [];
    used.add(deposit.id);
    return [{ withdrawal, deposit }];
  });
  if (cycles.length < settings.rapidCycles || cycles.at(-1)?.withdrawal.id !== request.id) return;
  const total = cycles.reduce((sum, cycle) => sum + cycle.withdrawal.amount, 0);
  await raiseFlag(db, {
    rule: 'RAPID_CYCLES',
    playerId: request.player_id,
    subjectKey: `player:${request.player_id}`,
    periodKey: `from:${cycles[0]!.withdrawal.id}`,
    amount: total,
    summary: `${cycles.length} withdrawals within ${settings.rapidCycleMinutes} minutes of a deposit in ${RAPID_CYCLE_WINDOW_DAYS} days (${peso(total)} withdrawn).`,
    details: { cycles: cycles.length, cycleMinutes: settings.rapidCycleMinutes, total },
    paymentRequestIds: cycles.flatMap((cycle) => [cycle.deposit.id, cycle.withdrawal.id]),
  });
}
