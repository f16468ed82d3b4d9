import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { HookPoint, HookRunner } from '../../lib/tx-hooks.ts';

/** The hooks identity verification runs (decision 050): a submission decided, in the decision's transaction. */
export type KycHooks = {
  'kyc.decided': HookPoint<
    Transaction<Database>,
    {
      submissionId: number;
      playerId: number;
      status: 'verified' | 'rejected' | 'resubmit';
      /** What the player reads when rejected or asked again. */
      reason: string | null;
    }
  >;
};

export type KycHookRunner = HookRunner<KycHooks>;
