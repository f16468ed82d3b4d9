import type { HookSubscriptions } from '../../lib/tx-hooks.ts';
import type { SettlementHooks } from '../tote/index.ts';
import { accrueCommissionsForPool } from './commission-accrual.ts';

/**
 * Agents' commissions on a pool's settled tickets (decision 040), once every ticket is settled and before
 * the pool is marked settled: in batches of their own (a ticket is claimed once, so a resumed run accrues
 * only what is left).
 */
export function subscribeCommissionAccrual(hooks: HookSubscriptions<SettlementHooks>): void {
  hooks.on('pool.paid', 'agents.commissions', async (db, { pool }) => {
    await accrueCommissionsForPool(db, pool);
  });
}
