import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { HookPoint, HookRunner } from '../../lib/tx-hooks.ts';

/**
 * The hooks payments run (decision 050), each in the transaction of the request or decision. Modules that
 * gate or watch payments (responsible gaming, identity verification, anti-money laundering) subscribe to
 * them; payments knows none of them.
 */
export type PaymentHooks = {
  /**
   * A player asks to deposit or withdraw: before the request is written or any money moves. A subscriber
   * refuses it by throwing (the player reads its message).
   */
  'payment.requesting': HookPoint<
    Transaction<Database>,
    { playerId: number; kind: 'DEPOSIT' | 'WITHDRAW'; amount: number }
  >;
  /** The request is written (a withdrawal's amount held with it). */
  'payment.requested': HookPoint<Transaction<Database>, { requestId: number; playerId: number }>;
  /** A request was approved or declined, what it moves moved (a deposit's first of two approvals is not). */
  'payment.decided': HookPoint<
    Transaction<Database>,
    { requestId: number; playerId: number; status: 'APPROVED' | 'DECLINED' }
  >;
};

export type PaymentHookRunner = HookRunner<PaymentHooks>;
