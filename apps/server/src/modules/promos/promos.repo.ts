import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BackofficePromo, PromoView } from '@karera/shared';
import type { Database, PromosTable } from '../../db/schema.ts';
import { toSafeInteger } from '../../db/connection.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type PromoRow = Selectable<PromosTable>;

/** A promo as the player sees it, with the claims this player has left. */
export function promoView(row: PromoRow, playerRemaining: number): PromoView {
  return {
    promoCode: row.code,
    name: row.name,
    description: row.description,
    creditTo: row.credit_to,
    kind: row.kind,
    remaining: row.remaining,
    playerRemaining,
    dailyDepositReq: row.daily_deposit_req,
    accountDaysReq: row.account_days_req,
    validityInHours: row.validity_hours,
    rewardAmount: row.reward_amount,
    rateBasisPoints: row.rate_bp,
    rewardCap: row.reward_cap,
  };
}

export function backofficePromo(
  row: PromoRow,
  totals: { claims: number; granted: number; rebatesPaid: number },
  awaitingApproval: boolean,
): BackofficePromo {
  const { playerRemaining: _unused, ...view } = promoView(row, 0);
  return {
    ...view,
    id: row.id,
    perPlayerLimit: row.per_player_limit,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    active: Number(row.active) === 1,
    codeOnly: Number(row.code_only) === 1,
    createdAt: row.created_at,
    ...totals,
    awaitingApproval,
  };
}

export function findPromoByCode(db: Db, code: string): Promise<PromoRow | undefined> {
  return db.selectFrom('promos').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findPromoById(db: Db, id: number): Promise<PromoRow | undefined> {
  return db.selectFrom('promos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Claims per promo of one player. */
export async function claimCountsOf(db: Db, playerId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('promo_claims')
    .select(['promo_id', (eb) => eb.fn.countAll<number | string>().as('claims')])
    .where('player_id', '=', playerId)
    .groupBy('promo_id')
    .execute();
  return new Map(rows.map((row) => [row.promo_id, toSafeInteger(row.claims)]));
}

/** Per promo: its claims, what they were granted and the rebates they earned. */
export async function promoTotals(
  db: Db,
  promoIds?: readonly number[],
): Promise<Map<number, { claims: number; granted: number; rebatesPaid: number }>> {
  let query = db
    .selectFrom('promo_claims')
    .select([
      'promo_id',
      (eb) => eb.fn.countAll<number | string>().as('claims'),
      (eb) => eb.fn.sum<number | string | null>('reward').as('granted'),
      (eb) => eb.fn.sum<number | string | null>('rebates').as('rebates'),
    ])
    .groupBy('promo_id');
  if (promoIds) {
    if (promoIds.length === 0) return new Map();
    query = query.where('promo_id', 'in', promoIds);
  }
  const rows = await query.execute();
  return new Map(
    rows.map((row) => [
      row.promo_id,
      {
        claims: toSafeInteger(row.claims),
        granted: toSafeInteger(row.granted ?? 0),
        rebatesPaid: toSafeInteger(row.rebates ?? 0),
      },
    ]),
  );
}
