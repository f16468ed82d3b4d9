import {
  balanceAdjustmentSchema,
  BackofficeMessages,
  fieldErrorsOf,
  parsePesos,
  type AdjustableAccount,
  type BalanceAdjustmentInput,
} from '@karera/shared';

export type AdjustmentDirection = 'add' | 'deduct';

/** What the adjustment form holds: text as typed, pesos not yet parsed. */
export interface AdjustmentDraft {
  account: AdjustableAccount;
  direction: AdjustmentDirection;
  amount: string;
  reason: string;
}

export const EMPTY_DRAFT: AdjustmentDraft = { account: 'credit', direction: 'add', amount: '', reason: '' };

export type AdjustmentCheck =
  | { ok: true; input: BalanceAdjustmentInput }
  | { ok: false; fieldErrors: Partial<Record<'account' | 'amount' | 'reason', string>> };

/**
 * Turns the form into the request body, or says what is wrong before anything is sent.
 * The amount is pesos as typed (parsed without floating point); 'Deduct' or a leading minus makes it
 * negative. The result is signed integer centavos.
 */
export function checkAdjustment(draft: AdjustmentDraft): AdjustmentCheck {
  const pesos = parsePesos(draft.amount);
  const signed = pesos === null ? undefined : draft.direction === 'deduct' || pesos < 0 ? -Math.abs(pesos) : pesos;
  const result = balanceAdjustmentSchema.safeParse({ account: draft.account, amount: signed, reason: draft.reason });
  if (result.success) return { ok: true, input: result.data };
  const fields = fieldErrorsOf(result.error);
  return {
    ok: false,
    fieldErrors: {
      ...(fields.account ? { account: fields.account } : {}),
      ...(fields.amount ? { amount: BackofficeMessages.adjustmentAmount } : {}),
      ...(fields.reason ? { reason: fields.reason } : {}),
    },
  };
}

/** The same submission keeps its idempotency key across retries; any change of body gets a new one. */
export function sameRequest(a: BalanceAdjustmentInput, b: BalanceAdjustmentInput): boolean {
  return a.account === b.account && a.amount === b.amount && a.reason === b.reason;
}
