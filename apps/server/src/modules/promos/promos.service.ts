import type { Kysely, Transaction } from 'kysely';
import {
  formatPeso,
  normalizePromoCode,
  PromoMessages,
  StatusCode,
  UNLIMITED,
  DualControlMessages,
  type BackofficePromoDetailResponse,
  type BackofficePromoResponse,
  type DualControlRequestView,
  type PromoClaimResponse,
  type PromoClaimView,
  type PromoDefinitionInput,
  type PromoView,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { toSafeInteger } from '../../db/connection.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation, runIdempotent } from '../../lib/idempotency.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import type { DomainEvents } from '../events/index.ts';
import {
  accountIdByCode,
  HouseAccount,
  playerAccountCode,
  playerBalances,
  recordTransaction,
} from '../wallet/index.ts';
import { assertNotExcluded, mayReceiveMarketing } from '../rglimits/index.ts';
import {
  backofficePromo,
  claimCountsOf,
  findPromoByCode,
  findPromoById,
  promoTotals,
  promoView,
  type PromoRow,
} from './promos.repo.ts';
import { promoNeedsApproval, promosAwaitingApproval, proposeActivation } from './promo-activation.ts';

type Db = Kysely<Database> | Transaction<Database>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Manila is UTC+8 all year. */
const MANILA_OFFSET_MS = 8 * HOUR_MS;

/** The start of the Manila day holding `now`, as a stored (UTC ISO) time. */
export function manilaDayStart(now: Date): string {
  const manila = new Date(now.getTime() + MANILA_OFFSET_MS);
  const midnight = Date.UTC(manila.getUTCFullYear(), manila.getUTCMonth(), manila.getUTCDate());
  return new Date(midnight - MANILA_OFFSET_MS).toISOString();
}

const isOn = (flag: number) => Number(flag) === 1;

/** On offer now: switched on, started and not ended. */
function onOffer(promo: PromoRow, now: string): boolean {
  return isOn(promo.active) && promo.starts_at <= now && (promo.ends_at === null || promo.ends_at > now);
}

/** Claims this player has left of a promo: 999 stays unlimited. */
function playerRemainingOf(promo: PromoRow, claimed: number): number {
  return promo.per_player_limit === UNLIMITED ? UNLIMITED : Math.max(0, promo.per_player_limit - claimed);
}

/**
 * promo/list: what the player can claim from the list (code-only promos are claimed by their code).
 * Promos are the product's marketing: a player on a cool-off or excluded is offered none (decision 034).
 */
export async function listPromos(db: Kysely<Database>, playerId: number): Promise<PromoView[]> {
  if (!(await mayReceiveMarketing(db, playerId))) return [];
  const now = nowIso();
  const rows = await db
    .selectFrom('promos')
    .selectAll()
    .where('active', '=', 1)
    .where('code_only', '=', 0)
    .where('remaining', '>', 0)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('id')
    .execute();
  const claimed = await claimCountsOf(db, playerId);
  return rows.map((row) => promoView(row, playerRemainingOf(row, claimed.get(row.id) ?? 0)));
}

/** A claim's status as of `now`: active until its expiry. */
const claimStatus = (claim: { status: 'A' | 'X'; expires_at: string | null }, now: string): 'A' | 'X' =>
  claim.status === 'A' && (claim.expires_at === null || claim.expires_at > now) ? 'A' : 'X';

/** promo/history: the player's claims, newest first (the first with status A is the active promo). */
export async function promoHistory(db: Kysely<Database>, playerId: number): Promise<PromoClaimView[]> {
  const now = nowIso();
  const rows = await db
    .selectFrom('promo_claims as c')
    .innerJoin('promos as p', 'p.id', 'c.promo_id')
    .selectAll('p')
    .select([
      'c.id as claim_id',
      'c.status as claim_status',
      'c.reward as claim_reward',
      'c.rebates as claim_rebates',
      'c.claimed_at',
      'c.expires_at',
    ])
    .where('c.player_id', '=', playerId)
    .orderBy('c.claimed_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(100)
    .execute();
  const claimed = await claimCountsOf(db, playerId);
  return rows.map((row) => ({
    ...promoView(row, playerRemainingOf(row, claimed.get(row.id) ?? 0)),
    claimId: row.claim_id,
    claimDate: row.claimed_at,
    expiryDate: row.expires_at,
    totalEarnings: toSafeInteger(row.claim_reward) + toSafeInteger(row.claim_rebates),
    status: claimStatus({ status: row.claim_status, expires_at: row.expires_at }, now),
  }));
}

/**
 * Whether a claim is the player's active promo (only one at a time, docs/product/promos.md#the-active-promo): while it
 * lasts, or for a rebate without a duration, for good. A reward without a duration is paid once and holds nothing: it
 * reads 'Claimed'.
 */
function holdsActiveSlot(promo: PromoRow, expiresAt: Date | null): boolean {
  return expiresAt !== null || promo.kind === 'rebate';
}

/** Approved deposits of the player since the start of today in Manila. */
async function depositedToday(trx: Db, playerId: number, now: Date): Promise<number> {
  const row = await trx
    .selectFrom('payment_requests')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
    .where('player_id', '=', playerId)
    .where('kind', '=', 'DEPOSIT')
    .where('status', '=', 'APPROVED')
    .where('decided_at', '>=', manilaDayStart(now))
    .executeTakeFirst();
  return toSafeInteger(row?.total ?? 0);
}

/** The reward a claim pays now, after every requirement of the promo is met; throws the refusal. */
async function checkAndPrice(trx: Transaction<Database>, promo: PromoRow, playerId: number, now: Date) {
  const at = now.toISOString();
  if (!onOffer(promo, at)) throw badRequest(PromoMessages.notAvailable);
  if (promo.remaining <= 0) throw badRequest(PromoMessages.soldOut);

  // Claims of one player are taken one at a time: a no-op update holds their row until the commit.
  await trx.updateTable('players').set({ id: playerId }).where('id', '=', playerId).execute();

  // Claims whose time has run out are expired now, so they no longer count as the active promo.
  await trx
    .updateTable('promo_claims')
    .set({ status: 'X' })
    .where('player_id', '=', playerId)
    .where('status', '=', 'A')
    .where('expires_at', '<=', at)
    .execute();
  const active = await trx
    .selectFrom('promo_claims')
    .select('id')
    .where('player_id', '=', playerId)
    .where('status', '=', 'A')
    .executeTakeFirst();
  if (active) throw badRequest(PromoMessages.activePromo);

  const claimed = (await claimCountsOf(trx, playerId)).get(promo.id) ?? 0;
  if (playerRemainingOf(promo, claimed) <= 0) throw badRequest(PromoMessages.playerLimit);

  if (promo.account_days_req > 0) {
    const player = await trx.selectFrom('players').select('created_at').where('id', '=', playerId).executeTakeFirst();
    const ageDays = player ? (now.getTime() - Date.parse(player.created_at)) / DAY_MS : 0;
    if (ageDays < promo.account_days_req) throw badRequest(PromoMessages.accountAge(promo.account_days_req));
  }
  const deposited =
    promo.daily_deposit_req > 0 || promo.kind === 'depositPercent' ? await depositedToday(trx, playerId, now) : 0;
  if (promo.daily_deposit_req > 0 && deposited < promo.daily_deposit_req) {
    throw badRequest(PromoMessages.dailyDeposit(formatPeso(promo.daily_deposit_req).replace('₱', '')));
  }
  if (promo.kind === 'fixed') return promo.reward_amount;
  if (promo.kind === 'rebate') return 0;
  const percent = Math.floor((deposited * promo.rate_bp) / 10_000);
  const reward = promo.reward_cap > 0 ? Math.min(percent, promo.reward_cap) : percent;
  if (reward <= 0) throw badRequest(PromoMessages.noQualifyingDeposit);
  return reward;
}

/**
 * promo/claim: every rule checked and the claim written in one database transaction under the
 * player's idempotency key: the total count taken by a conditional update (never below zero however
 * many claim at once), the player's claims one at a time (one active promo, the per-player limit),
 * and the reward a balanced ledger transaction from the promo expense to bonus or credit.
 */
export async function claimPromo(
  db: Kysely<Database>,
  playerId: number,
  input: { promoCode: string; idempotencyKey: string },
): Promise<{ answer: PromoClaimResponse; replayed: boolean; reward: number }> {
  const code = normalizePromoCode(input.promoCode);
  if (code === '') throw badRequest(PromoMessages.codeRequired);
  const { body, replayed } = await runIdempotent(
    db,
    { scope: `player:${playerId}:promo-claim`, key: input.idempotencyKey, request: { code } },
    async (trx) => {
      // No promo claims during a cool-off or an exclusion.
      await assertNotExcluded(trx, playerId);
      const promo = await findPromoByCode(trx, code);
      if (!promo) throw badRequest(PromoMessages.notFound);
      const now = new Date();
      const reward = await checkAndPrice(trx, promo, playerId, now);
      if (promo.remaining !== UNLIMITED) {
        const taken = await trx
          .updateTable('promos')
          .set((eb) => ({ remaining: eb('remaining', '-', 1) }))
          .where('id', '=', promo.id)
          .where('remaining', '>', 0)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw badRequest(PromoMessages.soldOut);
      }
      const claimedAt = now.toISOString();
      const expiresAt = promo.validity_hours > 0 ? new Date(now.getTime() + promo.validity_hours * HOUR_MS) : null;
      let transactionId: number | null = null;
      if (reward > 0) {
        const expense = await accountIdByCode(trx, HouseAccount.promoExpense);
        const wallet = await accountIdByCode(
          trx,
          playerAccountCode(playerId, promo.credit_to === 'BONUS' ? 'bonus' : 'credit'),
        );
        ({ transactionId } = await recordTransaction(trx, {
          kind: 'PROMO',
          description: `Promo ${promo.name}`,
          actor: { type: 'player', id: playerId },
          metadata: { promoCode: promo.code },
          postings: [
            { accountId: expense, amount: -reward },
            { accountId: wallet, amount: reward },
          ],
        }));
      }
      await trx
        .insertInto('promo_claims')
        .values({
          promo_id: promo.id,
          player_id: playerId,
          status: holdsActiveSlot(promo, expiresAt) ? 'A' : 'X',
          reward,
          claimed_at: claimedAt,
          expires_at: expiresAt?.toISOString() ?? null,
          transaction_id: transactionId,
        })
        .execute();
      const balances = await playerBalances(trx, playerId);
      return {
        reward,
        answer: {
          statusCode: 200 as const,
          promoCode: promo.code,
          name: promo.name,
          bonusBalance: balances.bonusBalance,
          creditBalance: balances.creditBalance,
          expiryDate: expiresAt?.toISOString() ?? null,
          statusMessage: PromoMessages.claimed,
        } satisfies Omit<PromoClaimResponse, 'reward'>,
      };
    },
  );
  // The reward joins the answer here, so a replay of an answer stored without it says it too.
  return { answer: { ...body.answer, reward: body.reward }, reward: body.reward, replayed };
}

// Back office.

function definitionRow(input: PromoDefinitionInput & { promoCode: string }) {
  return {
    code: input.promoCode,
    name: input.name,
    description: input.description,
    credit_to: input.creditTo,
    kind: input.kind,
    reward_amount: input.rewardAmount,
    rate_bp: input.rateBasisPoints,
    reward_cap: input.rewardCap,
    remaining: input.remaining,
    per_player_limit: input.perPlayerLimit,
    daily_deposit_req: input.dailyDepositReq,
    account_days_req: input.accountDaysReq,
    validity_hours: input.validityInHours,
    starts_at: new Date(input.startsAt).toISOString(),
    ends_at: input.endsAt === null ? null : new Date(input.endsAt).toISOString(),
    code_only: input.codeOnly ? 1 : 0,
  };
}

/** Whether an edit changes what a claim of the promo is paid: its kind, where it pays, its amount, rate or cap. */
function rewardChanged(before: PromoRow, after: ReturnType<typeof definitionRow>): boolean {
  return (
    before.kind !== after.kind ||
    before.credit_to !== after.credit_to ||
    Number(before.reward_amount) !== after.reward_amount ||
    Number(before.rate_bp) !== after.rate_bp ||
    Number(before.reward_cap) !== after.reward_cap
  );
}

async function hasClaims(trx: Transaction<Database>, promoId: number): Promise<boolean> {
  const claim = await trx.selectFrom('promo_claims').select('id').where('promo_id', '=', promoId).executeTakeFirst();
  return claim !== undefined;
}

export const PromoAdminMessages = {
  notFound: 'Promo not found.',
  saved: 'Saved.',
} as const;

export async function listBackofficePromos(db: Kysely<Database>) {
  const rows = await db.selectFrom('promos').selectAll().orderBy('id', 'desc').execute();
  const totals = await promoTotals(db);
  const awaiting = await promosAwaitingApproval(db);
  return rows.map((row) =>
    backofficePromo(row, totals.get(row.id) ?? { claims: 0, granted: 0, rebatesPaid: 0 }, awaiting.has(row.id)),
  );
}

export async function promoDetail(db: Kysely<Database>, id: number): Promise<BackofficePromoDetailResponse> {
  const row = await findPromoById(db, id);
  if (!row) throw notFound(PromoAdminMessages.notFound);
  const totals = (await promoTotals(db, [id])).get(id) ?? { claims: 0, granted: 0, rebatesPaid: 0 };
  const awaiting = (await promosAwaitingApproval(db)).has(id);
  const now = nowIso();
  const claims = await db
    .selectFrom('promo_claims as c')
    .innerJoin('players as pl', 'pl.id', 'c.player_id')
    .select([
      'c.id',
      'c.player_id',
      'c.claimed_at',
      'c.expires_at',
      'c.status',
      'c.reward',
      'c.rebates',
      'pl.first_name',
      'pl.last_name',
      'pl.mobile_no',
    ])
    .where('c.promo_id', '=', id)
    .orderBy('c.id', 'desc')
    .limit(500)
    .execute();
  return {
    statusCode: 200,
    promo: backofficePromo(row, totals, awaiting),
    claims: claims.map((c) => ({
      id: c.id,
      playerId: c.player_id,
      playerName: [c.first_name, c.last_name].filter(Boolean).join(' '),
      mobileNo: c.mobile_no,
      claimDate: c.claimed_at,
      expiryDate: c.expires_at,
      status: claimStatus(c, now),
      reward: toSafeInteger(c.reward),
      rebates: toSafeInteger(c.rebates),
    })),
  };
}

/** A saved promo as the back office reads it, and the second admin's request when one was proposed. */
async function savedAnswer(
  db: Kysely<Database>,
  id: number,
  approvalRequest: DualControlRequestView | null,
): Promise<BackofficePromoResponse> {
  return {
    statusCode: 200,
    promo: (await promoDetail(db, id)).promo,
    approvalRequest,
    statusMessage: approvalRequest ? DualControlMessages.proposed : PromoAdminMessages.saved,
  };
}

/**
 * Creates or changes a promo. One whose rewards need a second admin (decision 045: paid to credit, or more
 * than the operator's amount per player) is stored inactive and its going live proposed, in one
 * transaction; a promo whose going live already waits cannot be edited until that is decided.
 */
export async function savePromo(
  db: Kysely<Database>,
  actor: AuditActor & { id: number },
  id: number | null,
  input: PromoDefinitionInput & { promoCode: string },
): Promise<BackofficePromoResponse> {
  const now = nowIso();
  const values = definitionRow(input);
  try {
    const saved = await db.transaction().execute(async (trx) => {
      let promoId: number;
      if (id === null) {
        const inserted = await trx
          .insertInto('promos')
          .values({ ...values, active: 0, created_by: actor.id, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        promoId = inserted.id;
      } else {
        if ((await promosAwaitingApproval(trx)).has(id)) throw conflict(PromoMessages.awaitingApproval);
        // A claim is paid on the promo's terms as they stand (a rebate at settlement, from its rate): a claimed
        // promo keeps them, or one admin could turn a small bonus already claimed into a rebate of every stake.
        const before = await findPromoById(trx, id);
        if (before && rewardChanged(before, values) && (await hasClaims(trx, id))) {
          throw conflict(PromoMessages.rewardClaimed);
        }
        const updated = await trx
          .updateTable('promos')
          .set({ ...values, updated_at: now })
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw notFound(PromoAdminMessages.notFound);
        promoId = id;
      }
      await recordAudit(trx, actor, {
        action: id === null ? 'promo.created' : 'promo.updated',
        targetType: 'promo',
        targetId: promoId,
        details: { ...input },
      });
      const row = await findPromoById(trx, promoId);
      if (!row) throw notFound(PromoAdminMessages.notFound);
      if (await promoNeedsApproval(trx, row)) {
        // Not live until a second admin approves these terms, whatever it was before the edit.
        await trx.updateTable('promos').set({ active: 0 }).where('id', '=', promoId).execute();
        const request = await proposeActivation(trx, { staffId: actor.id, ip: actor.ip ?? null }, row);
        return { promoId, request };
      }
      // A new promo within the operator's amount, paid as bonus, goes live at once as before.
      if (id === null) await trx.updateTable('promos').set({ active: 1 }).where('id', '=', promoId).execute();
      return { promoId, request: null };
    });
    return await savedAnswer(db, saved.promoId, saved.request);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, StatusCode.CONFLICT, PromoMessages.codeTaken, { promoCode: PromoMessages.codeTaken });
    }
    throw error;
  }
}

/**
 * Pauses a promo at once; resumes one at once only when its rewards need no second admin, otherwise
 * proposes its going live (decision 045).
 */
export async function setPromoActive(
  db: Kysely<Database>,
  actor: AuditActor & { id: number },
  id: number,
  active: boolean,
): Promise<BackofficePromoResponse> {
  const request = await db.transaction().execute(async (trx) => {
    const row = await findPromoById(trx, id);
    if (!row) throw notFound(PromoAdminMessages.notFound);
    if (active && (await promoNeedsApproval(trx, row))) {
      if (isOn(row.active)) return null;
      return proposeActivation(trx, { staffId: actor.id, ip: actor.ip ?? null }, row);
    }
    await trx
      .updateTable('promos')
      .set({ active: active ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: active ? 'promo.resumed' : 'promo.paused',
      targetType: 'promo',
      targetId: id,
      details: {},
    });
    return null;
  });
  return savedAnswer(db, id, request);
}

/**
 * The demo's promos, once on a database that has none: a welcome bonus with no requirement, a deposit
 * promo with a daily deposit requirement, a 5% rebate, and one reachable only by its code.
 */
export async function seedDemoPromos(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('promos').select('id').limit(1).executeTakeFirst()) return;
  const now = nowIso();
  const base = {
    reward_amount: 0,
    rate_bp: 0,
    reward_cap: 0,
    remaining: UNLIMITED,
    per_player_limit: 1,
    daily_deposit_req: 0,
    account_days_req: 0,
    validity_hours: 0,
    starts_at: '2026-01-01T00:00:00.000Z',
    ends_at: null,
    code_only: 0,
    active: 1,
    created_by: null,
    created_at: now,
    updated_at: now,
  };
  await db
    .insertInto('promos')
    .values([
      {
        ...base,
        code: 'WELCOME',
        name: 'Welcome Bonus',
        description: 'A ₱100 bonus to start betting on your first race day. No deposit needed.',
        credit_to: 'BONUS',
        kind: 'fixed',
        reward_amount: 100_00,
      },
      {
        ...base,
        code: 'DEPOSIT10',
        name: 'Deposit Bonus 10%',
        description: 'Deposit at least ₱500 today and get 10% of your deposits as bonus, up to ₱500.',
        credit_to: 'BONUS',
        kind: 'depositPercent',
        rate_bp: 1_000,
        reward_cap: 500_00,
        daily_deposit_req: 500_00,
        per_player_limit: UNLIMITED,
        validity_hours: 48,
      },
      {
        ...base,
        code: 'REBATE5',
        name: 'Rebate 5%',
        description: 'For 7 days, 5% of every settled bet paid from your credit comes back to you as bonus.',
        credit_to: 'BONUS',
        kind: 'rebate',
        rate_bp: 500,
        per_player_limit: UNLIMITED,
        validity_hours: 168,
      },
      {
        ...base,
        code: 'KARERA50',
        name: 'Karera Fan Bonus',
        description: 'A ₱50 bonus for our followers on Facebook and Telegram.',
        credit_to: 'BONUS',
        kind: 'fixed',
        reward_amount: 50_00,
        remaining: 500,
        code_only: 1,
      },
    ])
    .execute();
}

/** A player's claim of a promo, then, after its commit: other modules may react, and the player's open pages read the balance again. */
export async function claimPromoAndTell(
  deps: { db: Kysely<Database>; events: DomainEvents },
  playerId: number,
  input: { promoCode: string; idempotencyKey: string },
): Promise<PromoClaimResponse> {
  const { answer, replayed, reward } = await claimPromo(deps.db, playerId, input);
  if (!replayed) {
    void deps.events.emit('promo.claimed', { playerId, promoCode: answer.promoCode, reward });
    if (reward > 0) void deps.events.emit('wallet.changed', { playerId, cause: 'promo' });
  }
  return answer;
}
