import { sql, type Kysely } from 'kysely';
import { AgentMessages, type CommissionRateInput } from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { runIdempotentTwinSafe } from '../../lib/idempotency.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/index.ts';
import { recordTransaction } from '../wallet/index.ts';
import { agentDb, CommissionAccount } from './agents.tables.ts';
import { commissionAccountIds } from './commission-accrual.ts';
import { staffInSubtree } from '../staff/index.ts';

type Staff = Pick<StaffUser, 'id' | 'role'>;

/**
 * Sets a downline agent's commission basis and rate (decision 040). An admin sets any agent's or master
 * agent's; anyone else only an agent strictly below them, on the basis of their own rate and no higher
 * than it, so no one can hand their downline more than the house gave them. Applies to tickets settled
 * from now on (a ticket's commission uses the rates in force when its pool settles). Audited.
 */
export async function setCommissionRate(
  db: Kysely<Database>,
  staff: Staff,
  targetId: number,
  input: CommissionRateInput,
  ip: string | null,
): Promise<void> {
  if (!(await staffInSubtree(db, staff, targetId, { strictlyBelow: true })))
    throw notFound(AgentMessages.agentNotFound);
  const adb = agentDb(db);
  if (staff.role !== 'admin') {
    const own = await adb
      .selectFrom('agent_commission_rates')
      .select(['basis', 'rate_bps'])
      .where('staff_id', '=', staff.id)
      .executeTakeFirst();
    if (!own || own.basis !== input.basis) throw forbidden(AgentMessages.rateNeedsOwn);
    if (input.rateBps > own.rate_bps) throw forbidden(AgentMessages.rateAboveOwn);
  }
  await db.transaction().execute(async (outer) => {
    const trx = agentDb(outer);
    const before = await trx
      .selectFrom('agent_commission_rates')
      .select(['basis', 'rate_bps'])
      .where('staff_id', '=', targetId)
      .executeTakeFirst();
    const row = { basis: input.basis, rate_bps: input.rateBps, updated_by: staff.id, updated_at: nowIso() };
    await trx
      .insertInto('agent_commission_rates')
      .values({ staff_id: targetId, ...row })
      .onConflict((oc) => oc.column('staff_id').doUpdateSet(row))
      .execute();
    await recordAudit(
      outer,
      { type: 'staff', id: staff.id, ip },
      {
        action: 'agents.commission_rate_set',
        targetType: 'staff',
        targetId,
        details: { before: before ? { basis: before.basis, rateBps: before.rate_bps } : null, after: input },
      },
    );
  });
}

export interface CommissionPayout {
  id: number;
  staffId: number;
  amount: number;
  transactionId: number;
  balanceAfter: number;
  paidAt: string;
}

/**
 * Pays `amount` of an agent's accrued commission (admins; decision 040): one balanced ledger transaction
 * (the agent's commission account down, house:commission-payouts up), recorded and audited in the same
 * database transaction, at most once per idempotency key. The balance is claimed by a conditional update
 * before anything moves, so of N payouts racing for one balance (any keys) only as many as it covers
 * pay: on PostgreSQL the later ones wait for the row and see the balance the first left; SQLite has one
 * writer. The commission account may go negative (an NGR clawback), so the ledger's own guard would not
 * stop an overpayment: this one does.
 */
export async function payCommission(
  db: Kysely<Database>,
  admin: Pick<StaffUser, 'id'>,
  agentId: number,
  amount: number,
  idempotencyKey: string,
  ip: string | null,
): Promise<{ payout: CommissionPayout; replayed: boolean }> {
  const { body, replayed } = await runIdempotentTwinSafe(
    db,
    { scope: `staff:${admin.id}:commission-payout`, key: idempotencyKey, request: { agentId, amount } },
    async (outer) => {
      const trx = agentDb(outer);
      const agent = await trx
        .selectFrom('staff_users')
        .select('id')
        .where('id', '=', agentId)
        .where('role', '!=', 'admin')
        .executeTakeFirst();
      if (!agent) throw notFound(AgentMessages.agentNotFound);
      const accounts = await commissionAccountIds(trx, [CommissionAccount.ofAgent(agentId), CommissionAccount.payouts]);
      const agentAccount = accounts.get(CommissionAccount.ofAgent(agentId)) ?? 0;
      const payoutAccount = accounts.get(CommissionAccount.payouts) ?? 0;
      const claim = await trx
        .updateTable('accounts')
        .set({ balance: sql`balance` })
        .where('id', '=', agentAccount)
        .where('balance', '>=', amount)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) throw conflict(AgentMessages.nothingToPay);
      const { transactionId, balances } = await recordTransaction(outer, {
        kind: 'COMMISSION_PAYOUT',
        description: 'Agent commission paid',
        postings: [
          { accountId: agentAccount, amount: -amount },
          { accountId: payoutAccount, amount },
        ],
        actor: { type: 'staff', id: admin.id },
        metadata: { agentId },
      });
      const paidAt = nowIso();
      const row = await trx
        .insertInto('commission_payouts')
        .values({ staff_id: agentId, amount, transaction_id: transactionId, paid_by: admin.id, created_at: paidAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      const balanceAfter = balances.get(agentAccount) ?? 0;
      await recordAudit(
        outer,
        { type: 'staff', id: admin.id, ip },
        {
          action: 'agents.commission_paid',
          targetType: 'staff',
          targetId: agentId,
          details: { amount, transactionId, balanceAfter },
        },
      );
      return {
        id: Number(row.id),
        staffId: agentId,
        amount,
        transactionId,
        balanceAfter,
        paidAt,
      } satisfies CommissionPayout;
    },
  );
  return { payout: body, replayed };
}
