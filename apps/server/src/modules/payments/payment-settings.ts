import type { Kysely } from 'kysely';
import {
  DEFAULT_DEPOSIT_LIMITS,
  DEFAULT_WITHDRAW_LIMITS,
  paymentLimitsSchema,
  type PaymentLimitsInput,
  type PaymentLimitsResponse,
} from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/audit.service.ts';

const LIMITS_KEY = 'limits';

/** Deposit and withdraw limits: the operator's, or the spec's defaults until an operator sets them. */
export async function paymentLimits(db: Kysely<Database>): Promise<PaymentLimitsInput> {
  const row = await db.selectFrom('payment_settings').select('value').where('key', '=', LIMITS_KEY).executeTakeFirst();
  const stored = row ? paymentLimitsSchema.safeParse(JSON.parse(row.value)) : undefined;
  return stored?.success ? stored.data : { deposit: DEFAULT_DEPOSIT_LIMITS, withdraw: DEFAULT_WITHDRAW_LIMITS };
}

export async function setPaymentLimits(
  db: Kysely<Database>,
  admin: Pick<StaffUser, 'id'>,
  limits: PaymentLimitsInput,
  ip: string | null,
): Promise<PaymentLimitsResponse> {
  await db.transaction().execute(async (trx) => {
    const before = await paymentLimits(trx);
    const value = JSON.stringify(limits);
    await trx
      .insertInto('payment_settings')
      .values({ key: LIMITS_KEY, value, updated_at: nowIso() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: nowIso() }))
      .execute();
    await recordAudit(
      trx,
      { type: 'staff', id: admin.id, ip },
      { action: 'payments.limits_changed', details: { before, after: limits } },
    );
  });
  return { statusCode: 200, ...limits };
}
