import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import {
  manilaPeriodBounds,
  RG_DEPOSIT_LIMIT_KINDS,
  rgSelfExclusionEarliestEndMs,
  RG_LIMIT_INCREASE_DELAY_MS,
  RG_LIMIT_KINDS,
  RG_LIMIT_PERIOD,
  RG_LOSS_LIMIT_KINDS,
  rgBreakEndMs,
  rgBreakIsCancellable,
  rgExclusionKindOf,
  RgMessages,
  type RgBreakPeriod,
  type RgExclusionListEntry,
  type RgExclusionView,
  type RgLimitKind,
  type RgLimitView,
  type RgStatusResponse,
} from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
import { isPostgres, statement } from '../../db/statement.ts';
import { badRequest, conflict, forbidden, notFound, type AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The clock responsible-gaming rules read (limits' 24-hour wait, breaks' ends, Manila periods). The API
 * tests move `offsetMs` on instead of waiting hours; nothing else ever sets it.
 */
export const rgClock = { offsetMs: 0, now: (): number => Date.now() + rgClock.offsetMs };

const iso = (ms: number) => new Date(ms).toISOString();

export const DEFAULT_REALITY_CHECK_MINUTES = 60;

interface LimitRow {
  kind: string;
  amount: number | null;
  pending_amount: number | null;
  pending_at: string | null;
}

/** The limit in force at `nowMs`: a raise or removal applies once its 24 hours have passed. */
function limitInForce(row: LimitRow | undefined, nowMs: number): number | null {
  if (!row) return null;
  if (row.pending_at !== null && row.pending_at <= iso(nowMs)) return row.pending_amount;
  return row.amount;
}

function pendingOf(row: LimitRow | undefined, nowMs: number): RgLimitView['pending'] {
  if (!row || row.pending_at === null || row.pending_at <= iso(nowMs)) return null;
  return { amount: row.pending_amount, effectiveAt: row.pending_at };
}

// The two reads every bet makes (assertBetAllowed) are written once as SQL: built with the query builder,
// they cost a tenth of a bet's time on the placement thread (decision 010).
const selectLimits = statement<{
  kind: string;
  amount: number | string | null;
  pending_amount: number | string | null;
  pending_at: string | null;
}>('select kind, amount, pending_amount, pending_at from rg_limits where player_id = ?');

async function limitRows(db: Db, playerId: number): Promise<Map<string, LimitRow>> {
  const rows = await selectLimits(db, [playerId]);
  return new Map(
    rows.map((r) => [r.kind, { ...r, amount: numOrNull(r.amount), pending_amount: numOrNull(r.pending_amount) }]),
  );
}

const numOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The limits in force for a player now (null = none), by kind. */
export async function limitsInForce(
  db: Db,
  playerId: number,
  nowMs = rgClock.now(),
): Promise<Record<RgLimitKind, number | null>> {
  const rows = await limitRows(db, playerId);
  return Object.fromEntries(RG_LIMIT_KINDS.map((kind) => [kind, limitInForce(rows.get(kind), nowMs)])) as Record<
    RgLimitKind,
    number | null
  >;
}

/** Deposits asked for or approved in [startMs, endMs): declined ones do not count. */
async function depositedBetween(db: Db, playerId: number, startMs: number, endMs: number): Promise<number> {
  const row = await db
    .selectFrom('payment_requests')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('player_id', '=', playerId)
    .where('kind', '=', 'DEPOSIT')
    .where('status', 'in', ['PENDING', 'APPROVED'])
    .where('created_at', '>=', iso(startMs))
    .where('created_at', '<', iso(endMs))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** A transaction-scoped lock per player (class 34: decision 034). */
const lockPlayer = 'select pg_advisory_xact_lock(34, $1::int)';

/**
 * On PostgreSQL, takes the responsible-gaming lock of these players (in id order, so two holders never
 * deadlock) until the transaction ends. Whatever makes a player's bets stricter (a limit set, a break
 * started, an operator's exclusion) takes it, and a batch of bets of a player with a limit or break
 * takes it before its bets are checked again and placed: the two are judged one after the other.
 * SQLite has one writer, so nothing to do.
 */
export async function lockResponsibleGaming(trx: Transaction<Database>, playerIds: readonly number[]): Promise<void> {
  if (!isPostgres(trx)) return;
  for (const playerId of [...new Set(playerIds)].sort((a, b) => a - b))
    await trx.executeQuery(CompiledQuery.raw(lockPlayer, [playerId]));
}

// Exclusions.

interface ExclusionRow {
  id: number;
  kind: 'coolOff' | 'selfExclusion' | 'operator';
  period: string;
  starts_at: string;
  ends_at: string | null;
  cancel_at: string | null;
  lifted_at: string | null;
}

function isActive(row: ExclusionRow, nowMs: number): boolean {
  const now = iso(nowMs);
  return (
    row.lifted_at === null &&
    row.starts_at <= now &&
    (row.ends_at === null || row.ends_at > now) &&
    (row.cancel_at === null || row.cancel_at > now)
  );
}

function exclusionView(row: ExclusionRow): RgExclusionView {
  return {
    id: row.id,
    kind: row.kind,
    period: row.period,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    cancellable: row.kind === 'selfExclusion' && rgBreakIsCancellable(row.period) && row.cancel_at === null,
    cancelAt: row.cancel_at,
  };
}

const EXCLUSION_COLUMNS = ['id', 'kind', 'period', 'starts_at', 'ends_at', 'cancel_at', 'lifted_at'] as const;

const selectExclusionsNotOver = statement<ExclusionRow>(
  `select ${EXCLUSION_COLUMNS.join(', ')} from rg_exclusions` +
    ' where player_id = ? and lifted_at is null and starts_at <= ? and (ends_at is null or ends_at > ?)' +
    ' order by id desc',
);

/** The player's break or exclusion in force now, if any (the newest when several overlap). */
export async function activeExclusion(db: Db, playerId: number, nowMs = rgClock.now()): Promise<ExclusionRow | null> {
  const now = iso(nowMs);
  const rows = await selectExclusionsNotOver(db, [playerId, now, now]);
  return rows.find((row) => isActive(row, nowMs)) ?? null;
}

/** True while the player is on a cool-off, self-excluded or excluded by the operator. */
export async function isPlayerExcluded(db: Db, playerId: number, nowMs = rgClock.now()): Promise<boolean> {
  return (await activeExclusion(db, playerId, nowMs)) !== null;
}

/**
 * For identity checks (helper "kyc"): whether any of these accounts (e.g. those holding the same ID
 * number) is excluded now, so a new account of the same person is refused.
 */
export async function isIdentityExcluded(
  db: Db,
  playerIds: readonly number[],
  nowMs = rgClock.now(),
): Promise<boolean> {
  for (const playerId of new Set(playerIds)) if (await isPlayerExcluded(db, playerId, nowMs)) return true;
  return false;
}

/** Marketing (promo SMS and the like) goes only to players who are not on a break or excluded. */
export async function mayReceiveMarketing(db: Db, playerId: number): Promise<boolean> {
  return !(await isPlayerExcluded(db, playerId));
}

/** Refuses what a break forbids (bets, deposits, promo claims), saying until when. */
export async function assertNotExcluded(db: Db, playerId: number, nowMs = rgClock.now()): Promise<void> {
  const exclusion = await activeExclusion(db, playerId, nowMs);
  if (exclusion) throw forbidden(RgMessages.onBreak(exclusion.kind, exclusion.period, effectiveEnd(exclusion)));
}

function effectiveEnd(row: ExclusionRow): string | null {
  if (row.cancel_at !== null && (row.ends_at === null || row.cancel_at < row.ends_at)) return row.cancel_at;
  return row.ends_at;
}

/**
 * Registration: a number that belongs (or belonged when excluded) to an account under an exclusion in
 * force is refused, so an excluded player cannot open a new account with it.
 */
export async function isMobileExcluded(db: Db, mobileNo: string, nowMs = rgClock.now()): Promise<boolean> {
  const now = iso(nowMs);
  const rows = await db
    .selectFrom('rg_exclusions')
    .innerJoin('players', 'players.id', 'rg_exclusions.player_id')
    .select([
      'rg_exclusions.id',
      'rg_exclusions.kind',
      'rg_exclusions.period',
      'rg_exclusions.starts_at',
      'rg_exclusions.ends_at',
      'rg_exclusions.cancel_at',
      'rg_exclusions.lifted_at',
    ])
    .where((eb) => eb.or([eb('rg_exclusions.mobile_no', '=', mobileNo), eb('players.mobile_no', '=', mobileNo)]))
    .where('rg_exclusions.lifted_at', 'is', null)
    .where((eb) => eb.or([eb('rg_exclusions.ends_at', 'is', null), eb('rg_exclusions.ends_at', '>', now)]))
    .execute();
  return rows.some((row) => isActive(row, nowMs));
}

/** Refuses a registration with an excluded player's number (called by auth's register). */
export async function assertMobileNotExcluded(db: Db, mobileNo: string): Promise<void> {
  if (await isMobileExcluded(db, mobileNo)) throw badRequest(RgMessages.mobileExcluded);
}

/**
 * A deposit request's check, inside the deposit's own transaction: refused during a break, or when it
 * would take the deposits of a Manila day, week or month over the player's limit. The player's limit rows
 * are locked first (a no-op update), so two deposits of one player at once are checked one after the
 * other on PostgreSQL; SQLite runs one write transaction at a time anyway.
 */
export async function assertDepositAllowed(
  trx: Transaction<Database>,
  playerId: number,
  amount: number,
): Promise<void> {
  const nowMs = rgClock.now();
  await assertNotExcluded(trx, playerId, nowMs);
  const locked = await trx
    .updateTable('rg_limits')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  if (Number(locked.numUpdatedRows) === 0) return;
  const limits = await limitsInForce(trx, playerId, nowMs);
  for (const kind of RG_DEPOSIT_LIMIT_KINDS) {
    const limit = limits[kind];
    const period = RG_LIMIT_PERIOD[kind];
    if (limit === null || period === null) continue;
    const { startMs, endMs } = manilaPeriodBounds(period, nowMs);
    const deposited = await depositedBetween(trx, playerId, startMs, endMs);
    if (deposited + amount > limit)
      throw badRequest(RgMessages.depositOverLimit(kind, limit, limit - deposited, iso(endMs)));
  }
}

/** A counted limit used up in its period: no further deposit (or bet) fits under it until it resets. */
export interface LimitReached {
  kind: RgLimitKind;
  limit: number;
  periodStart: string;
  resetsAt: string;
}

/**
 * The player's deposit or net-loss limits used up (decision 055's "limit reached"): those whose room left in
 * their Manila period, what was just asked for or placed counted, is below `smallest` (the smallest deposit
 * taken, the smallest bet), with when each resets. None for a player without such limits.
 */
export async function limitsReached(
  db: Db,
  playerId: number,
  family: 'deposit' | 'loss',
  smallest: number,
  nowMs = rgClock.now(),
): Promise<LimitReached[]> {
  const rows = await limitRows(db, playerId);
  const reached: LimitReached[] = [];
  for (const kind of family === 'deposit' ? RG_DEPOSIT_LIMIT_KINDS : RG_LOSS_LIMIT_KINDS) {
    const limit = limitInForce(rows.get(kind), nowMs);
    const period = RG_LIMIT_PERIOD[kind];
    if (limit === null || period === null) continue;
    const { startMs, endMs } = manilaPeriodBounds(period, nowMs);
    const used =
      family === 'deposit'
        ? await depositedBetween(db, playerId, startMs, endMs)
        : await netLossBetween(db, playerId, startMs, endMs);
    if (limit - used < smallest) reached.push({ kind, limit, periodStart: iso(startMs), resetsAt: iso(endMs) });
  }
  return reached;
}

// The player's own settings.

export async function playerStatus(
  db: Db,
  playerId: number,
  nowMs = rgClock.now(),
): Promise<Omit<RgStatusResponse, 'statusCode'>> {
  const rows = await limitRows(db, playerId);
  const limits: RgLimitView[] = [];
  for (const kind of RG_LIMIT_KINDS) {
    const row = rows.get(kind);
    const amount = limitInForce(row, nowMs);
    const period = RG_LIMIT_PERIOD[kind];
    let used: number | null = null;
    let resetsAt: string | null = null;
    if (period !== null) {
      const { startMs, endMs } = manilaPeriodBounds(period, nowMs);
      resetsAt = iso(endMs);
      if (kind.startsWith('deposit')) used = await depositedBetween(db, playerId, startMs, endMs);
    }
    limits.push({ kind, amount, pending: pendingOf(row, nowMs), used, resetsAt });
  }
  const exclusion = await activeExclusion(db, playerId, nowMs);
  const settings = await db
    .selectFrom('rg_settings')
    .select('reality_check_minutes')
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return {
    limits,
    exclusion: exclusion ? exclusionView(exclusion) : null,
    realityCheckMinutes: settings?.reality_check_minutes ?? DEFAULT_REALITY_CHECK_MINUTES,
  };
}

/**
 * Sets a limit: a lower one (or a first one) applies at once and drops any pending raise; a higher one
 * or a removal waits 24 hours, the current limit applying until then.
 */
export async function setLimit(
  db: Kysely<Database>,
  actor: AuditActor & { id: number },
  kind: RgLimitKind,
  amount: number | null,
): Promise<string> {
  const playerId = actor.id;
  return db.transaction().execute(async (trx) => {
    await lockResponsibleGaming(trx, [playerId]);
    const nowMs = rgClock.now();
    const row = (await limitRows(trx, playerId)).get(kind);
    const current = limitInForce(row, nowMs);
    const lowering = amount !== null && (current === null || amount <= current);
    let message: string;
    let values: { amount: number | null; pending_amount: number | null; pending_at: string | null };
    if (lowering) {
      values = { amount, pending_amount: null, pending_at: null };
      message = RgMessages.limitSet;
    } else if (current === null) {
      // Removing a limit there is none of: only a pending change to drop.
      values = { amount: null, pending_amount: null, pending_at: null };
      message = RgMessages.limitPendingCancelled;
    } else {
      values = { amount: current, pending_amount: amount, pending_at: iso(nowMs + RG_LIMIT_INCREASE_DELAY_MS) };
      message = amount === null ? RgMessages.limitRemovalPending : RgMessages.limitPending;
    }
    const updatedAt = iso(nowMs);
    if (row) {
      await trx
        .updateTable('rg_limits')
        .set({ ...values, updated_at: updatedAt })
        .where('player_id', '=', playerId)
        .where('kind', '=', kind)
        .execute();
    } else {
      await trx
        .insertInto('rg_limits')
        .values({ player_id: playerId, kind, ...values, updated_at: updatedAt })
        .execute();
    }
    await recordAudit(trx, actor, {
      action: 'rg.limit.set',
      targetType: 'player',
      targetId: playerId,
      details: { kind, requested: amount, before: current, inForce: values.amount, pendingAt: values.pending_at },
    });
    return message;
  });
}

/** Starts a cool-off or self-exclusion now. A player already on one cannot start another. */
export async function startBreak(
  db: Kysely<Database>,
  actor: AuditActor & { id: number },
  period: RgBreakPeriod,
): Promise<void> {
  const playerId = actor.id;
  await db.transaction().execute(async (trx) => {
    await lockResponsibleGaming(trx, [playerId]);
    const nowMs = rgClock.now();
    const player = await trx.selectFrom('players').select('mobile_no').where('id', '=', playerId).executeTakeFirst();
    if (!player) throw notFound(RgMessages.playerNotFound);
    if (await activeExclusion(trx, playerId, nowMs)) throw conflict(RgMessages.alreadyOnBreak);
    const { id } = await trx
      .insertInto('rg_exclusions')
      .values({
        player_id: playerId,
        kind: rgExclusionKindOf(period),
        period,
        mobile_no: player.mobile_no,
        starts_at: iso(nowMs),
        ends_at: iso(rgBreakEndMs(period, nowMs)),
        cancel_at: null,
        reason: null,
        created_by_staff_id: null,
        lifted_at: null,
        lifted_by_staff_id: null,
        lift_reason: null,
        created_at: iso(nowMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'rg.break.started',
      targetType: 'player',
      targetId: playerId,
      details: { exclusionId: id, period },
    });
  });
}

/** Asks to end a 1- or 5-year self-exclusion: it ends 24 hours later, or at 6 months if that is later. Anything else is refused. */
export async function cancelBreak(db: Kysely<Database>, actor: AuditActor & { id: number }): Promise<void> {
  const playerId = actor.id;
  await db.transaction().execute(async (trx) => {
    const nowMs = rgClock.now();
    const exclusion = await activeExclusion(trx, playerId, nowMs);
    if (!exclusion) throw badRequest(RgMessages.noBreak);
    if (!exclusionView(exclusion).cancellable) throw forbidden(RgMessages.notCancellable);
    const cancelAt = iso(rgSelfExclusionEarliestEndMs(Date.parse(exclusion.starts_at), nowMs));
    await trx.updateTable('rg_exclusions').set({ cancel_at: cancelAt }).where('id', '=', exclusion.id).execute();
    await recordAudit(trx, actor, {
      action: 'rg.break.cancel_requested',
      targetType: 'player',
      targetId: playerId,
      details: { exclusionId: exclusion.id, period: exclusion.period, cancelAt },
    });
  });
}

export async function setRealityCheck(db: Kysely<Database>, playerId: number, minutes: number): Promise<void> {
  const updatedAt = iso(rgClock.now());
  await db
    .insertInto('rg_settings')
    .values({ player_id: playerId, reality_check_minutes: minutes, updated_at: updatedAt })
    .onConflict((oc) => oc.column('player_id').doUpdateSet({ reality_check_minutes: minutes, updated_at: updatedAt }))
    .execute();
}

// The operator's exclusion (admins).

export async function operatorExclude(
  db: Kysely<Database>,
  staff: StaffUser,
  playerId: number,
  reason: string,
  ip: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockResponsibleGaming(trx, [playerId]);
    const nowMs = rgClock.now();
    const player = await trx.selectFrom('players').select('mobile_no').where('id', '=', playerId).executeTakeFirst();
    if (!player) throw notFound(RgMessages.playerNotFound);
    const current = await activeExclusion(trx, playerId, nowMs);
    if (current?.kind === 'operator') throw conflict(RgMessages.alreadyExcluded);
    const { id } = await trx
      .insertInto('rg_exclusions')
      .values({
        player_id: playerId,
        kind: 'operator',
        period: 'untilLifted',
        mobile_no: player.mobile_no,
        starts_at: iso(nowMs),
        ends_at: null,
        cancel_at: null,
        reason,
        created_by_staff_id: staff.id,
        lifted_at: null,
        lifted_by_staff_id: null,
        lift_reason: null,
        created_at: iso(nowMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      { type: 'staff', id: staff.id, ip },
      {
        action: 'rg.operator_exclusion',
        targetType: 'player',
        targetId: playerId,
        details: { exclusionId: id, reason },
      },
    );
  });
}

/** Lifts the operator's exclusion; a player's own cool-off or self-exclusion stays. */
export async function operatorLift(
  db: Kysely<Database>,
  staff: StaffUser,
  playerId: number,
  reason: string,
  ip: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const nowMs = rgClock.now();
    const rows = await trx
      .selectFrom('rg_exclusions')
      .select(EXCLUSION_COLUMNS)
      .where('player_id', '=', playerId)
      .where('kind', '=', 'operator')
      .where('lifted_at', 'is', null)
      .execute();
    const active = rows.filter((row) => isActive(row, nowMs));
    if (active.length === 0) throw badRequest(RgMessages.notExcludedByOperator);
    await trx
      .updateTable('rg_exclusions')
      .set({ lifted_at: iso(nowMs), lifted_by_staff_id: staff.id, lift_reason: reason })
      .where(
        'id',
        'in',
        active.map((row) => row.id),
      )
      .execute();
    await recordAudit(
      trx,
      { type: 'staff', id: staff.id, ip },
      {
        action: 'rg.operator_exclusion_lifted',
        targetType: 'player',
        targetId: playerId,
        details: { exclusionIds: active.map((row) => row.id), reason },
      },
    );
  });
}

function exclusionsWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('rg_exclusions as x')
    .innerJoin('players as p', 'p.id', 'x.player_id')
    .leftJoin('staff_users as creator', 'creator.id', 'x.created_by_staff_id')
    .leftJoin('staff_users as lifter', 'lifter.id', 'x.lifted_by_staff_id');
}

type ListRow = ExclusionRow & {
  player_id: number;
  player_mobile: string;
  first_name: string;
  last_name: string;
  reason: string | null;
  creator: string | null;
  lifter: string | null;
  lift_reason: string | null;
};

function listEntry(row: ListRow, nowMs: number): RgExclusionListEntry {
  return {
    ...exclusionView(row),
    playerId: row.player_id,
    mobileNo: row.player_mobile,
    playerName: `${row.first_name} ${row.last_name}`.trim(),
    reason: row.reason,
    createdByStaff: row.creator,
    liftedAt: row.lifted_at,
    liftedByStaff: row.lifter,
    liftReason: row.lift_reason,
    active: isActive(row, nowMs),
  };
}

const LIST_COLUMNS = [
  'x.id',
  'x.kind',
  'x.period',
  'x.starts_at',
  'x.ends_at',
  'x.cancel_at',
  'x.lifted_at',
  'x.player_id',
  'p.mobile_no as player_mobile',
  'p.first_name',
  'p.last_name',
  'x.reason',
  'creator.username as creator',
  'lifter.username as lifter',
  'x.lift_reason',
] as const;

/** Exclusions, newest first; `active` keeps only those in force now (or only those that are not). */
export async function listExclusions(
  db: Kysely<Database>,
  filter: { active?: boolean | undefined; page: number; pageSize: number },
): Promise<{ exclusions: RgExclusionListEntry[]; total: number }> {
  const nowMs = rgClock.now();
  const now = iso(nowMs);
  let query = exclusionsWithNames(db);
  if (filter.active !== undefined) {
    query = query.where((eb) => {
      const inForce = eb.and([
        eb('x.lifted_at', 'is', null),
        eb('x.starts_at', '<=', now),
        eb.or([eb('x.ends_at', 'is', null), eb('x.ends_at', '>', now)]),
        eb.or([eb('x.cancel_at', 'is', null), eb('x.cancel_at', '>', now)]),
      ]);
      return filter.active ? inForce : eb.not(inForce);
    });
  }
  const rows = await query
    .select(LIST_COLUMNS)
    .orderBy('x.id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return { exclusions: rows.map((row) => listEntry(row, nowMs)), total: Number(count) };
}

/** A player's limits, exclusion in force and every exclusion, for the back office's player page. */
export async function playerStatusForStaff(db: Kysely<Database>, playerId: number) {
  const nowMs = rgClock.now();
  const player = await db.selectFrom('players').select('id').where('id', '=', playerId).executeTakeFirst();
  if (!player) throw notFound(RgMessages.playerNotFound);
  const status = await playerStatus(db, playerId, nowMs);
  const rows = await exclusionsWithNames(db)
    .select(LIST_COLUMNS)
    .where('x.player_id', '=', playerId)
    .orderBy('x.id', 'desc')
    .execute();
  return { limits: status.limits, exclusion: status.exclusion, history: rows.map((row) => listEntry(row, nowMs)) };
}

// Bets (both databases): refused during a break, over the stake per bet, or when the bet could take the
// net loss of a Manila day, week or month over its limit.

/**
 * Net loss of the player's tickets placed in [startMs, endMs): stakes less what came back (open ones count in
 * full); with their group-ticket shares bought then (decision 056): what they paid less what came back to them
 * (a refund, their part of the payout). A group's ticket itself is no bet of its organiser's.
 */
async function netLossBetween(db: Db, playerId: number, startMs: number, endMs: number): Promise<number> {
  const [tickets, shares] = await Promise.all([
    db
      .selectFrom('bet_tickets')
      .select((eb) =>
        eb.fn
          .coalesce(
            eb.fn.sum<number>(eb(eb('total', '-', eb.ref('won_amount')), '-', eb.ref('refund_amount'))),
            eb.lit(0),
          )
          .as('loss'),
      )
      .where('player_id', '=', playerId)
      .where('holder_account_id', 'is', null)
      .where('created_at', '>=', iso(startMs))
      .where('created_at', '<', iso(endMs))
      .executeTakeFirstOrThrow(),
    groupSharesBetween(db, playerId, iso(startMs), iso(endMs)),
  ]);
  return Number(tickets.loss) + shares.staked - shares.returned;
}

/** The player's group-ticket purchases in [from, to): what they staked (paid less refunded) and what came back. */
async function groupSharesBetween(
  db: Db,
  playerId: number,
  from: string,
  to?: string,
): Promise<{ staked: number; returned: number; purchases: number }> {
  const row = await db
    .selectFrom('bakas_members')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>(eb('paid', '-', eb.ref('refunded'))), eb.lit(0)).as('staked'),
      eb.fn.coalesce(eb.fn.sum<number>('payout'), eb.lit(0)).as('returned'),
      eb.fn.countAll<number>().as('purchases'),
    ])
    .where('player_id', '=', playerId)
    .where('created_at', '>=', from)
    .$if(to !== undefined, (query) => query.where('created_at', '<', to ?? ''))
    .executeTakeFirstOrThrow();
  return { staked: Number(row.staked), returned: Number(row.returned), purchases: Number(row.purchases) };
}

/** Why a bet of `total` centavos is refused by the player's own limits or a break, given their rows. */
async function betRefusalOf(
  db: Db,
  playerId: number,
  total: number,
  rows: { limits: Map<string, LimitRow>; exclusion: ExclusionRow | null },
  nowMs: number,
  /** Stakes of this player's bets already accepted in the same batch, not yet in the database. */
  pendingStakes = 0,
): Promise<AppError | null> {
  if (rows.exclusion) {
    const { kind, period } = rows.exclusion;
    return forbidden(RgMessages.onBreak(kind, period, effectiveEnd(rows.exclusion)));
  }
  if (rows.limits.size === 0) return null;
  const stakeLimit = limitInForce(rows.limits.get('stakePerBet'), nowMs);
  if (stakeLimit !== null && total > stakeLimit) return badRequest(RgMessages.stakeOverLimit(stakeLimit));
  for (const kind of RG_LOSS_LIMIT_KINDS) {
    const limit = limitInForce(rows.limits.get(kind), nowMs);
    const period = RG_LIMIT_PERIOD[kind];
    if (limit === null || period === null) continue;
    const { startMs, endMs } = manilaPeriodBounds(period, nowMs);
    const loss = (await netLossBetween(db, playerId, startMs, endMs)) + pendingStakes;
    if (loss + total > limit) return badRequest(RgMessages.lossOverLimit(kind, limit, iso(endMs)));
  }
  return null;
}

/**
 * SQLite's bet check, inside the bet's own transaction (the player's bets run one after another in it,
 * so an earlier bet of the same batch is already a ticket the net loss counts).
 */
export async function assertBetAllowed(trx: Db, playerId: number, total: number): Promise<void> {
  const nowMs = Date.now() + rgClock.offsetMs;
  const [limits, exclusion] = await Promise.all([limitRows(trx, playerId), activeExclusion(trx, playerId, nowMs)]);
  const refusal = await betRefusalOf(trx, playerId, total, { limits, exclusion }, nowMs);
  if (refusal) throw refusal;
}

/**
 * PostgreSQL's bet check for a batch about to go to place_bets, in the batch's order, as of `nowMs`: two
 * reads for the whole batch (limits and breaks of its players), then the net loss only of players with a
 * loss limit, counting the stakes of their earlier bets in the same batch. Also answers the players with
 * a limit or a break not yet over (in id order), the set place_bets computes alike: the caller takes
 * their locks (`lockResponsibleGaming`) in place_bets' own transaction and checks again, so batches of
 * several servers for one player, and a limit or break set meanwhile, are judged one after the other.
 */
export async function betRefusalsForBatch(
  db: Db,
  bets: readonly { playerId: number; total: number }[],
  nowMs = rgClock.now(),
): Promise<{ refusals: (AppError | null)[]; guarded: number[] }> {
  if (bets.length === 0) return { refusals: [], guarded: [] };
  const now = iso(nowMs);
  const players = [...new Set(bets.map((bet) => bet.playerId))];
  const [limitRowsAll, exclusionRows] = await Promise.all([
    db
      .selectFrom('rg_limits')
      .select(['player_id', 'kind', 'amount', 'pending_amount', 'pending_at'])
      .where('player_id', 'in', players)
      .execute(),
    // Breaks not yet over (place_bets' own test); whether one is in force is isActive's.
    db
      .selectFrom('rg_exclusions')
      .select(['player_id', ...EXCLUSION_COLUMNS])
      .where('player_id', 'in', players)
      .where('lifted_at', 'is', null)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('id', 'desc')
      .execute(),
  ]);
  if (limitRowsAll.length === 0 && exclusionRows.length === 0) return { refusals: bets.map(() => null), guarded: [] };
  const limitsOf = new Map<number, Map<string, LimitRow>>();
  for (const row of limitRowsAll) {
    const map = limitsOf.get(row.player_id) ?? new Map<string, LimitRow>();
    map.set(row.kind, { ...row, amount: numOrNull(row.amount), pending_amount: numOrNull(row.pending_amount) });
    limitsOf.set(row.player_id, map);
  }
  const pendingStakes = new Map<number, number>();
  const refusals: (AppError | null)[] = [];
  for (const bet of bets) {
    const limits = limitsOf.get(bet.playerId) ?? new Map<string, LimitRow>();
    const exclusion = exclusionRows.find((row) => row.player_id === bet.playerId && isActive(row, nowMs)) ?? null;
    const pending = pendingStakes.get(bet.playerId) ?? 0;
    const refusal =
      limits.size === 0 && !exclusion
        ? null
        : await betRefusalOf(db, bet.playerId, bet.total, { limits, exclusion }, nowMs, pending);
    if (!refusal) pendingStakes.set(bet.playerId, pending + bet.total);
    refusals.push(refusal);
  }
  const guarded = [...new Set([...limitsOf.keys(), ...exclusionRows.map((row) => row.player_id)])].sort(
    (a, b) => a - b,
  );
  return { refusals, guarded };
}

/**
 * The reality check's figures: when this session signed in, and the net result of the bets placed since
 * (what came back less the stakes; an open ticket counts as its stake until it settles).
 */
export async function sinceSignIn(db: Kysely<Database>, playerId: number, sessionId: number) {
  const session = await db
    .selectFrom('player_sessions')
    .select('created_at')
    .where('id', '=', sessionId)
    .where('player_id', '=', playerId)
    .executeTakeFirstOrThrow();
  const row = await db
    .selectFrom('bet_tickets')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('total'), eb.lit(0)).as('stakes'),
      eb.fn.coalesce(eb.fn.sum<number>(eb('won_amount', '+', eb.ref('refund_amount'))), eb.lit(0)).as('returned'),
      eb.fn.countAll<number>().as('bets'),
    ])
    .where('player_id', '=', playerId)
    .where('holder_account_id', 'is', null)
    .where('created_at', '>=', session.created_at)
    .executeTakeFirstOrThrow();
  const shares = await groupSharesBetween(db, playerId, session.created_at);
  const settings = await db
    .selectFrom('rg_settings')
    .select('reality_check_minutes')
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  const stakes = Number(row.stakes) + shares.staked;
  const returned = Number(row.returned) + shares.returned;
  return {
    signedInAt: session.created_at,
    minutesSinceSignIn: Math.max(0, Math.floor((rgClock.now() - Date.parse(session.created_at)) / 60_000)),
    bets: Number(row.bets) + shares.purchases,
    stakes,
    returned,
    netResult: returned - stakes,
    realityCheckMinutes: settings?.reality_check_minutes ?? DEFAULT_REALITY_CHECK_MINUTES,
  };
}

/** The batch checks the PostgreSQL bet placement runs before and inside its call (decision 034). */
export const batchPlayerLimits = {
  refusalsForBatch: betRefusalsForBatch,
  lock: lockResponsibleGaming,
  now: () => rgClock.now(),
};
