import type { Kysely } from 'kysely';
import {
  DEFAULT_DEPOSIT_LIMITS,
  DEFAULT_WITHDRAW_LIMITS,
  paymentLimitsSchema,
  type PaymentLimitsInput,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';

const LIMITS_KEY = 'limits';

/**
 * Deposit and withdraw limits: the operator's, or the defaults until an operator sets them. Changed
 * only through dual control (settings-proposals.ts, decision 045).
 */
export async function paymentLimits(db: Kysely<Database>): Promise<PaymentLimitsInput> {
  const row = await db.selectFrom('payment_settings').select('value').where('key', '=', LIMITS_KEY).executeTakeFirst();
  const stored = row ? paymentLimitsSchema.safeParse(JSON.parse(row.value)) : undefined;
  return stored?.success ? stored.data : { deposit: DEFAULT_DEPOSIT_LIMITS, withdraw: DEFAULT_WITHDRAW_LIMITS };
}
