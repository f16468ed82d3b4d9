import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { nowIso } from '../src/lib/time.ts';
import { openPlayerAccounts } from '../src/modules/wallet/accounts.ts';

/** A verified player with open ledger accounts (at zero), linked to the given agent. */
export async function insertPlayer(
  db: Kysely<Database>,
  overrides: { agentId?: number | null; firstName?: string; lastName?: string; mobileNo?: string } = {},
): Promise<{ id: number; mobileNo: string }> {
  const mobileNo = overrides.mobileNo ?? `09${String(randomInt(100_000_000, 999_999_999))}`;
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('players')
      .values({
        mobile_no: mobileNo,
        first_name: overrides.firstName ?? 'Maria',
        last_name: overrides.lastName ?? 'Santos',
        email: null,
        // Never matches a real password: these players do not log in.
        password_hash: 'scrypt$0$0$0$x$x',
        verified: 1,
        agent_id: overrides.agentId ?? null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await openPlayerAccounts(trx, id);
    return { id, mobileNo };
  });
}

/** A fresh mobile number in the stored form. */
export function uniqueMobile(prefix = '0917'): string {
  return `${prefix}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}
