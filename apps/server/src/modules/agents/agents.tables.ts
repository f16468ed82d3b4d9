import type { Generated, Kysely, Transaction } from 'kysely';
import type { CommissionBasis } from '@karera/shared';
import type { Database } from '../../db/schema.ts';

/** The agent network's tables (migration 20261127030000, decision 040), added to the app's schema here. */
export type AgentTables = {
  agent_commission_rates: {
    staff_id: number;
    basis: CommissionBasis;
    rate_bps: number;
    updated_by: number;
    updated_at: string;
  };
  commission_accruals: {
    ticket_id: number;
    /** Null when the ticket's shares all rounded to nothing (it was still considered, once). */
    transaction_id: number | null;
    created_at: string;
  };
  agent_commissions: {
    id: Generated<number>;
    ticket_id: number;
    staff_id: number;
    basis: CommissionBasis;
    base: number;
    rate_bps: number;
    amount: number;
    transaction_id: number;
    created_at: string;
    /** The group purchase (decision 056) the share was earned on; null for a player's own ticket. */
    bakas_member_id: number | null;
  };
  commission_payouts: {
    id: Generated<number>;
    staff_id: number;
    amount: number;
    transaction_id: number;
    paid_by: number;
    created_at: string;
  };
};

export type AgentDatabase = Database & AgentTables;

/** The database (or a transaction of it) with the agent network's tables known to the query builder. */
export function agentDb(db: Kysely<Database> | Transaction<Database>): Kysely<AgentDatabase> {
  return db.withTables<AgentTables>();
}

/** The ledger accounts of commissions: each agent's accrued commission, and the house's two sides. */
export const CommissionAccount = {
  expense: 'house:commission-expense',
  payouts: 'house:commission-payouts',
  ofAgent: (staffId: number) => `agent:${staffId}:commission`,
} as const;
