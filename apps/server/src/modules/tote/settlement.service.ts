import type { Kysely, Transaction } from 'kysely';
import {
  offeredBetTypes,
  poolAccountCode,
  comboKey,
  formatFinish,
  isValidFinish,
  formatPeso,
  officialDividendDifferences,
  officialExcessMessage,
  type OfficialDividendDifference,
  runnerBaseNumber,
  settlePool,
  ToteMessages,
  type PoolOutcome,
  type PoolPolicy,
  policyFromStored,
  type PoolSummary,
  type Race,
  type ResultInput,
  type ResultPreview,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { findRace, moveRaceStatus, type RacingDeps } from '../racing/index.ts';
import { accountIdByCode, HouseAccount, POOL_SHARE_ACCOUNTS, postTransaction } from '../wallet/index.ts';
import { ConcurrentSettlementError, payTickets, type TicketToPay } from './payouts.ts';
import type { ResultDetails, SettledTicket, SettlementHookRunner } from './settlement-hooks.ts';
import {
  loadPoolCard,
  poolLegs,
  poolTickets,
  runnersThatRan,
  unsettledPools,
  type LegRace,
  type PoolCard,
  type StoredTicket,
} from './pools.ts';
import { poolPolicyOf } from './tote-settings.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Tickets paid per database transaction: large enough to amortise the commit, small enough to resume. */
const SETTLEMENT_BATCH = 2000;

export interface ToteDeps extends RacingDeps {
  /** What moves with settled tickets, in their transactions (rebates, commissions): decision 050. */
  hooks: SettlementHookRunner;
}

/** Per-player balance notices sent after a pool settles, at most. */
const MAX_BALANCE_NOTICES = 5_000;

const SYSTEM: AuditActor = { type: 'system', id: null };

export const carryoverAccountCode = (betType: string) => `carryover:${betType}`;

/** Pools keep no balance on their row (decision 006); carryovers and the house's accounts do. */
async function ensureAccount(db: Db, code: string, mayGoNegative: 0 | 1, tracksBalance: 0 | 1 = 1): Promise<number> {
  await db
    .insertInto('accounts')
    .values({
      code,
      kind: 'house',
      player_id: null,
      may_go_negative: mayGoNegative,
      tracks_balance: tracksBalance,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  return accountIdByCode(db, code);
}

async function balanceOfPostings(db: Db, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_postings')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

async function carryoverBalance(db: Db, betType: string): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select('balance')
    .where('code', '=', carryoverAccountCode(betType))
    .executeTakeFirst();
  return row?.balance ?? 0;
}

function officialFor(card: PoolCard, resultRace: LegRace | undefined): Map<string, number> | undefined {
  const lines = (resultRace?.officialDividends ?? []).filter((d) => d.betType === card.type.code);
  return lines.length > 0 ? new Map(lines.map((d) => [d.combination, d.dividend])) : undefined;
}

function summarise(
  card: PoolCard,
  outcome: PoolOutcome,
  official: ReadonlyMap<string, number> | undefined,
): PoolSummary {
  return {
    firstRaceId: card.key.firstRaceId,
    firstRaceNo: card.firstRaceNo,
    betType: card.type.code,
    result: outcome.result,
    stakes: outcome.stakes,
    refunds: outcome.refunds,
    takeout: outcome.takeout,
    shares: outcome.shares,
    stampTax: outcome.stampTax,
    winningsTax: outcome.winningsTax,
    carryIn: outcome.carryIn,
    carryOut: outcome.carryOut,
    net: outcome.net,
    // What players would receive after the tax, and the bonus stake the house would keep (decision 016).
    payouts: outcome.payouts - outcome.bonusRetained - outcome.winningsTax,
    bonusRetained: outcome.bonusRetained,
    breakage: outcome.breakage,
    minusPool: outcome.minusPool,
    officialExcess: outcome.officialExcess,
    tickets: outcome.tickets.length,
    winningTickets: outcome.tickets.filter((t) => t.payout > 0).length,
    dividends: outcome.dividends.map((d) => {
      const combination = d.consolation ? 'Consolation' : comboKey(card.type.raceType, d.combination);
      return {
        combination,
        dividend: d.dividend,
        stake: d.stake,
        consolation: d.consolation,
        official: official?.has(combination) ?? false,
      };
    }),
  };
}

/** The result race of a pool is its last leg: the one whose result completes it. */
const lastLeg = (card: PoolCard): LegRace | undefined => card.legRaces[card.legRaces.length - 1];

/** A race's result as it would stand: for a preview, the entered finish in place of the stored one. */
function withPreview(card: PoolCard, raceId: number, input: ResultInput): PoolCard {
  const legRaces = card.legRaces.map((leg) =>
    leg.raceId === raceId
      ? { ...leg, status: 'D', finish: input.finish, officialDividends: input.officialDividends ?? [] }
      : leg,
  );
  const complete =
    legRaces.length === card.legRaces.length &&
    legRaces.every((leg) => leg.status === 'X' || (leg.status === 'D' && leg.finish !== null));
  return { ...card, legRaces, complete: complete && card.legRaces.length === legRaces.length };
}

async function computeOutcome(db: Db, card: PoolCard, policy: PoolPolicy, carryIn: number, tickets: StoredTicket[]) {
  const official = officialFor(card, lastLeg(card));
  const input = { betType: card.type, tickets, legs: await poolLegs(db, card), policy, carryIn };
  const outcome = settlePool({ ...input, officialDividends: official });
  return { outcome, official, differences: officialDividendDifferences({ ...input, officialDividends: official }) };
}

async function mustFindRace(db: Db, raceId: number): Promise<Race> {
  const race = await findRace(db, raceId);
  if (!race) throw notFound('Race not found.');
  return race;
}

async function checkResultInput(db: Db, race: Race, input: ResultInput): Promise<void> {
  if (race.status !== 'C') throw conflict(ToteMessages.raceNotClosed);
  const ran = await runnersThatRan(db, race.raceId);
  // Enough places for every single-race pool the race offers (a Pentafecta needs five).
  const places = Math.max(
    ...offeredBetTypes(race.enabledBetTypes)
      .filter((t) => t.raceType === 'single')
      .map((t) => t.selector),
  );
  if (!isValidFinish(input.finish, ran, places)) throw badRequest(ToteMessages.finishInvalid);
}

/** The pools a race's result (or cancellation) would complete, with their cards. */
async function poolsCompletedBy(db: Db, race: Race, input?: ResultInput): Promise<PoolCard[]> {
  const cards: PoolCard[] = [];
  for (const key of await unsettledPools(db, race.eventId)) {
    const stored = await loadPoolCard(db, key);
    if (!stored || !stored.legRaces.some((leg) => leg.raceId === race.raceId)) continue;
    const card = input ? withPreview(stored, race.raceId, input) : stored;
    if (card.complete) cards.push(card);
  }
  return cards.sort((a, b) => a.key.firstRaceId - b.key.firstRaceId || a.key.betType.localeCompare(b.key.betType));
}

/** What confirming this finish would pay, pool by pool. Writes nothing. */
export async function previewResult(db: Kysely<Database>, raceId: number, input: ResultInput): Promise<ResultPreview> {
  const race = await mustFindRace(db, raceId);
  await checkResultInput(db, race, input);
  return {
    raceId,
    raceNo: race.raceNo,
    finish: formatFinish(input.finish),
    pools: await previewPools(db, race, input),
  };
}

interface PoolPreview {
  summary: PoolSummary;
  /** Official dividends that are not what the tote computed: a second admin must approve them. */
  differences: OfficialDividendDifference[];
}

/** The pools a result would complete, as they would settle. */
async function previewPools(db: Db, race: Race, input: ResultInput): Promise<PoolSummary[]> {
  return (await assessPools(db, race, input)).map((pool) => pool.summary);
}

async function assessPools(db: Db, race: Race, input: ResultInput): Promise<PoolPreview[]> {
  const pools: PoolPreview[] = [];
  for (const card of await poolsCompletedBy(db, race, input)) {
    const policy = await poolPolicyOf(db, card.key);
    const tickets = await poolTickets(db, card.key);
    const { outcome, official, differences } = await computeOutcome(
      db,
      card,
      policy,
      await carryoverBalance(db, card.type.code),
      tickets,
    );
    pools.push({ summary: summarise(card, outcome, official), differences });
  }
  return pools;
}

/**
 * A result as it may be recorded (decision 046): refused when its official dividends would pay any pool
 * more than it holds; otherwise the official dividends that differ from the tote's, which need a second
 * admin. None when the tote's own dividends are used.
 */
export async function checkOfficialDividends(
  db: Db,
  raceId: number,
  input: ResultInput,
): Promise<{ race: Race; differences: (OfficialDividendDifference & { betType: string })[] }> {
  const race = await mustFindRace(db, raceId);
  await checkResultInput(db, race, input);
  if (!input.officialDividends?.length) return { race, differences: [] };
  const pools = await assessPools(db, race, input);
  const overdrawn = pools.find((pool) => pool.summary.officialExcess > 0)?.summary;
  if (overdrawn) {
    throw badRequest(officialExcessMessage(overdrawn.betType, formatPeso(overdrawn.officialExcess).replace('₱', '')));
  }
  return {
    race,
    differences: pools.flatMap((pool) => pool.differences.map((d) => ({ ...d, betType: pool.summary.betType }))),
  };
}

/**
 * Records the official finish, marks the race done and settles every pool it completes. The finish is
 * written in the same transaction that moves the race to D, so a confirmed result is never half recorded.
 * Official dividends that differ from the tote's are not recorded here: they wait for a second admin
 * (official-result-approval.ts).
 */
export async function confirmResult(
  deps: ToteDeps,
  actor: AuditActor,
  raceId: number,
  input: ResultInput,
  details?: ResultDetails,
): Promise<Race> {
  const { differences } = await checkOfficialDividends(deps.db, raceId, input);
  if (differences.length > 0) throw conflict(ToteMessages.officialNeedsSecondAdmin);
  await deps.db.transaction().execute((trx) => recordResult(trx, deps.hooks, actor, raceId, input, details));
  await afterResultRecorded(deps, raceId);
  return mustFindRace(deps.db, raceId);
}

/** What follows a recorded result once committed: the status broadcast, then settlement. */
export async function afterResultRecorded(deps: ToteDeps, raceId: number): Promise<void> {
  await deps.pubsub.publish([{ type: 'RACE_STATUS', raceId, status: 'D' }]);
  await settleCompletedPools(deps, raceId);
}

/**
 * The finish, the race's move to D and the runners' places, in the caller's transaction, with what the
 * result's hook subscribers write (the runners' official results).
 */
export async function recordResult(
  trx: Transaction<Database>,
  hooks: SettlementHookRunner,
  actor: AuditActor,
  raceId: number,
  input: ResultInput,
  details?: ResultDetails,
): Promise<void> {
  try {
    await moveRaceStatus(trx, actor, raceId, 'C', 'D');
  } catch (error) {
    // Another hand confirmed (or cancelled) the race first.
    if (error instanceof AppError) throw conflict(ToteMessages.raceNotClosed);
    throw error;
  }
  await trx
    .insertInto('race_results')
    .values({
      race_id: raceId,
      finish: JSON.stringify(input.finish),
      official_dividends: JSON.stringify(input.officialDividends ?? []),
      confirmed_by: actor.type === 'staff' ? `staff:${actor.id}` : actor.type,
      confirmed_at: nowIso(),
    })
    .execute();
  const runners = await trx.selectFrom('runners').select(['id', 'runner_no']).where('race_id', '=', raceId).execute();
  let place = 1;
  for (const group of input.finish) {
    const ids = runners.filter((r) => group.includes(runnerBaseNumber(r.runner_no))).map((r) => r.id);
    if (ids.length > 0)
      await trx.updateTable('runners').set({ finish_position: place }).where('id', 'in', ids).execute();
    place += group.length;
  }
  await recordAudit(trx, actor, {
    action: 'tote.result_confirmed',
    targetType: 'race',
    targetId: raceId,
    details: { finish: formatFinish(input.finish), officialDividends: input.officialDividends ?? [] },
  });
  await hooks.run('result.recorded', trx, { raceId, finish: input.finish, ...(details ? { details } : {}) });
}

/** Settles every unsettled pool the race's result or cancellation completes. Safe to call again. */
export async function settleCompletedPools(deps: ToteDeps, raceId: number): Promise<void> {
  const race = await mustFindRace(deps.db, raceId);
  if (race.status !== 'D' && race.status !== 'X') return;
  const pools = await poolsCompletedBy(deps.db, race);
  for (const card of pools) await settleStartedOrNew(deps, card);
  await finishPayingPools(deps);
  // After the commits: other modules may react (the event carries no money).
  if (pools.length > 0) {
    await deps.pubsub
      .publishEvent({ name: 'race.settled', payload: { raceId, pools: pools.length } })
      .catch(() => undefined);
  }
}

/** Pools whose payment stopped half way (a crash): paid to the end, each ticket once. */
export async function finishPayingPools(deps: ToteDeps): Promise<void> {
  const paying = await deps.db
    .selectFrom('pool_settlements')
    .select(['first_race_id', 'bet_type'])
    .where('status', '=', 'paying')
    .orderBy('id')
    .execute();
  for (const row of paying) {
    const card = await loadPoolCard(deps.db, { firstRaceId: row.first_race_id, betType: row.bet_type });
    if (card) await settleStartedOrNew(deps, card);
  }
}

/** At start-up: pools left paying, and pools of finished races never started. */
export async function resumeSettlements(deps: ToteDeps): Promise<void> {
  await finishPayingPools(deps);
  const finished = await deps.db
    .selectFrom('races')
    .select('id')
    .where('status', 'in', ['D', 'X'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('bet_tickets')
          .select('bet_tickets.id')
          .whereRef('bet_tickets.event_id', '=', 'races.event_id')
          .where('bet_tickets.status', '=', 'open'),
      ),
    )
    .execute();
  for (const race of finished) await settleCompletedPools(deps, race.id);
}

/**
 * Phase one, once per pool: the figures and the house's share (takeout, carryover in and out) are
 * written with the pool's settlement row. A second caller hits the row's unique key and goes on to pay.
 */
async function startPool(deps: ToteDeps, card: PoolCard): Promise<Computed | null> {
  const resultRace = lastLeg(card);
  if (!resultRace) return null;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const policy = await poolPolicyOf(trx, card.key);
      const carryAccount = await ensureAccount(trx, carryoverAccountCode(card.type.code), 0);
      const carryIn = await carryoverBalance(trx, card.type.code);
      const tickets = await poolTickets(trx, card.key);
      const { outcome } = await computeOutcome(trx, card, policy, carryIn, tickets);
      // Official dividends pay from the pool's own money only: a pool they would overdraw is not paid.
      if (outcome.officialExcess > 0) throw new OfficialExcessError(card, outcome.officialExcess);
      await trx
        .insertInto('pool_settlements')
        .values({
          first_race_id: card.key.firstRaceId,
          bet_type: card.key.betType,
          result_race_id: resultRace.raceId,
          status: 'paying',
          result: outcome.result,
          policy: JSON.stringify(policy),
          stakes: outcome.stakes,
          refunds: outcome.refunds,
          takeout: outcome.takeout,
          shares: JSON.stringify(outcome.shares),
          stamp_tax: outcome.stampTax,
          winnings_tax: outcome.winningsTax,
          carry_in: outcome.carryIn,
          carry_out: outcome.carryOut,
          net: outcome.net,
          // What the winning tickets won, bonus stake included; the report splits off what was retained.
          payouts: outcome.payouts,
          breakage: outcome.breakage,
          minus_pool: outcome.minusPool,
          tickets: outcome.tickets.length,
          winning_tickets: outcome.tickets.filter((t) => t.payout > 0).length,
          dividends: JSON.stringify(outcome.dividends),
          created_at: nowIso(),
        })
        .execute();
      const pool = await ensureAccount(trx, poolAccountCode(card.key), 1, 0);
      // Where the winners' tax goes when their batches are paid.
      if (outcome.winningsTax > 0) await ensureAccount(trx, HouseAccount.winningsTaxPayable, 1);
      const meta = { firstRaceId: card.key.firstRaceId, betType: card.key.betType };
      // The gross's split (decision 049): each share to its account, the tickets' stamp tax to the tax payable.
      const split = [
        ...outcome.shares.map((share) => ({ code: POOL_SHARE_ACCOUNTS[share.name], amount: share.amount })),
        { code: HouseAccount.stampTaxPayable, amount: outcome.stampTax },
      ].filter((line) => line.amount > 0);
      if (split.length > 0) {
        const postings = [{ accountId: pool, amount: -outcome.takeout }];
        for (const line of split)
          postings.push({ accountId: await ensureAccount(trx, line.code, 1), amount: line.amount });
        await postTransaction(trx, {
          kind: 'TAKEOUT',
          description: `Pool split ${card.key.betType} race ${card.firstRaceNo}`,
          postings,
          actor: { type: 'system', id: null },
          metadata: { ...meta, shares: outcome.shares, stampTax: outcome.stampTax },
        });
      }
      if (outcome.minusPool > 0) {
        // The 1.00 minimum dividend costs the house this much: paid in before any winner is paid.
        const minusPool = await ensureAccount(trx, HouseAccount.minusPool, 1);
        await postTransaction(trx, {
          kind: 'MINUS_POOL',
          description: `Minus pool ${card.key.betType} race ${card.firstRaceNo}`,
          postings: [
            { accountId: minusPool, amount: -outcome.minusPool },
            { accountId: pool, amount: outcome.minusPool },
          ],
          actor: { type: 'system', id: null },
          metadata: meta,
        });
      }
      const carried = outcome.carryOut - outcome.carryIn;
      if (carried !== 0) {
        await postTransaction(trx, {
          kind: 'CARRYOVER',
          description: `${carried > 0 ? 'Carryover from' : 'Carryover into'} ${card.key.betType} race ${card.firstRaceNo}`,
          postings: [
            { accountId: pool, amount: -carried },
            { accountId: carryAccount, amount: carried },
          ],
          actor: { type: 'system', id: null },
          metadata: meta,
        });
      }
      return { outcome, tickets };
    });
  } catch (error) {
    if (error instanceof OfficialExcessError) throw error;
    const started = await deps.db
      .selectFrom('pool_settlements')
      .select('id')
      .where('first_race_id', '=', card.key.firstRaceId)
      .where('bet_type', '=', card.key.betType)
      .executeTakeFirst();
    if (!started) throw error;
    return null;
  }
}

/** Official dividends that would pay more than the pool holds: the pool is refused, never paid. */
export class OfficialExcessError extends Error {
  constructor(card: PoolCard, excess: number) {
    super(
      `${card.key.betType} pool of race ${card.firstRaceNo}: official dividends exceed the pool by ${excess} centavos`,
    );
    this.name = 'OfficialExcessError';
  }
}

/** A pool left below zero after paying its tickets: settlement stops there and leaves the pool paying. */
export class NegativeBreakageError extends Error {
  constructor(card: PoolCard, remaining: number) {
    super(`${card.key.betType} pool of race ${card.firstRaceNo} paid ${-remaining} centavos more than it held`);
    this.name = 'NegativeBreakageError';
  }
}

/** Tried again when another settlement paid part of a batch (its transaction rolled back). */
async function withRetries<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ConcurrentSettlementError) || attempt >= 3) throw error;
    }
  }
}

/** One batch in one transaction, with what moves with its settled tickets (the tickets.settled hook). */
function payBatch(
  deps: ToteDeps,
  card: PoolCard,
  pool: number,
  batch: TicketToPay[],
  settledTickets: ReadonlyMap<number, SettledTicket>,
): Promise<Set<number>> {
  return withRetries(() =>
    deps.db.transaction().execute((trx) =>
      payTickets(trx, pool, card.key.betType, batch, (inner, settled) =>
        deps.hooks.run('tickets.settled', inner, {
          pool: card.key,
          tickets: settled.flatMap((id) => settledTickets.get(id) ?? []),
        }),
      ),
    ),
  );
}

interface Computed {
  outcome: PoolOutcome;
  tickets: StoredTicket[];
}

async function settleStartedOrNew(deps: ToteDeps, card: PoolCard): Promise<void> {
  const started = await startPool(deps, card);
  const row = await deps.db
    .selectFrom('pool_settlements')
    .selectAll()
    .where('first_race_id', '=', card.key.firstRaceId)
    .where('bet_type', '=', card.key.betType)
    .executeTakeFirstOrThrow();
  if (row.status === 'settled') return;

  // Resuming: the figures again, from what phase one stored (the same tickets, legs, policy, carry in).
  const { outcome, tickets } =
    started ??
    (await (async () => {
      const stored = await poolTickets(deps.db, card.key);
      // Pools that began paying before the EO 194 split stored a single takeout (decision 049).
      const policy = policyFromStored(JSON.parse(row.policy) as Parameters<typeof policyFromStored>[0]);
      return { outcome: (await computeOutcome(deps.db, card, policy, row.carry_in, stored)).outcome, tickets: stored };
    })());
  const byId = new Map(outcome.tickets.map((t) => [t.id, t]));
  const pool = await accountIdByCode(deps.db, poolAccountCode(card.key));
  const changed = new Set<number>();
  // A settled ticket as the hooks see it: its credit-funded stake that rode (not refunded to credit).
  const settledTicket = (ticket: StoredTicket): SettledTicket => {
    const settlement = byId.get(ticket.id);
    const creditRefund = settlement ? settlement.refund - settlement.refundToBonus : 0;
    return {
      ticketId: ticket.id,
      playerId: ticket.playerId,
      placedAt: ticket.createdAt,
      // A group's ticket is no stake of its organiser's (its members' shares are theirs, decision 056).
      creditStake: ticket.holderAccountId === null ? ticket.total - ticket.fromBonus - creditRefund : 0,
      holderAccountId: ticket.holderAccountId,
    };
  };
  // Tickets that get money back are paid one by one (each claimed, each its own ledger transaction)...
  const toPay: TicketToPay[] = [];
  const paid = new Map<number, SettledTicket>();
  for (const ticket of tickets) {
    const settlement = byId.get(ticket.id);
    if (ticket.status !== 'open' || !settlement || settlement.payout + settlement.refund <= 0) continue;
    toPay.push({ ticketId: ticket.id, playerId: ticket.playerId, settlement, holderAccountId: ticket.holderAccountId });
    paid.set(ticket.id, settledTicket(ticket));
  }
  for (let i = 0; i < toPay.length; i += SETTLEMENT_BATCH) {
    const batch = toPay.slice(i, i + SETTLEMENT_BATCH);
    for (const playerId of await payBatch(deps, card, pool, batch, paid)) changed.add(playerId);
  }
  // ...and what is still open after them lost: one statement, however many there are, in the transaction
  // of what moves with them (a rebate on a lost ticket: the tickets.lost hook).
  const lostPlayers = await deps.db.transaction().execute(async (trx) => {
    const settledAt = nowIso();
    await trx
      .updateTable('bet_tickets')
      .set({ status: 'lost', settled_at: settledAt })
      .where('first_race_id', '=', card.key.firstRaceId)
      .where('bet_type', '=', card.key.betType)
      .where('status', '=', 'open')
      .execute();
    const moved: number[] = [];
    await deps.hooks.run('tickets.lost', trx, {
      pool: card.key,
      settledAt,
      tickets: {
        // The pool's tickets that were open and not paid: those still open a moment ago are lost now.
        *[Symbol.iterator]() {
          for (const ticket of tickets)
            if (ticket.status === 'open' && !paid.has(ticket.id)) yield settledTicket(ticket);
        },
      },
      balanceMoved: (playerId) => moved.push(playerId),
    });
    return moved;
  });
  for (const playerId of lostPlayers) changed.add(playerId);

  // What moves once every ticket is settled (agents' commissions, decision 040), before the pool is marked
  // settled: a run interrupted here leaves the pool paying and runs the hook again; a ticket never accrues twice.
  await deps.hooks.run('pool.paid', deps.db, { pool: card.key });

  // Phase three: what rounding, caps and the minimum dividend leave in the pool goes to the house.
  await deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('pool_settlements')
      .select('status')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    if (current.status === 'settled') return;
    const remaining = await balanceOfPostings(trx, pool);
    // A pool paid more than it held: nothing may make that good silently (decision 046).
    if (remaining < 0) throw new NegativeBreakageError(card, remaining);
    if (remaining !== 0) {
      const breakage = await ensureAccount(trx, HouseAccount.breakage, 1);
      await postTransaction(trx, {
        kind: 'BREAKAGE',
        description: `Breakage ${card.key.betType} race ${card.firstRaceNo}`,
        postings: [
          { accountId: pool, amount: -remaining },
          { accountId: breakage, amount: remaining },
        ],
        actor: { type: 'system', id: null },
        metadata: { firstRaceId: card.key.firstRaceId, betType: card.key.betType },
      });
    }
    await trx
      .updateTable('pool_settlements')
      .set({ status: 'settled', settled_at: nowIso(), breakage: remaining })
      .where('id', '=', row.id)
      .execute();
  });
  // Winners' and refunded players' screens refresh their balance (a very large race: they refresh on D).
  if (changed.size <= MAX_BALANCE_NOTICES) for (const playerId of changed) await deps.pubsub.publishToPlayer(playerId);
  await recordAudit(deps.db, SYSTEM, {
    action: 'tote.pool_settled',
    targetType: 'pool',
    targetId: poolAccountCode(card.key),
    details: {
      result: outcome.result,
      payouts: outcome.payouts,
      bonusRetained: outcome.bonusRetained,
      refunds: outcome.refunds,
    },
  });
}
