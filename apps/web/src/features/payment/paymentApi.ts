import { PaymentRoutes, type InitiateDepositInput, type InitiateWithdrawInput } from '@karera/shared';
import { PLAYER_QUERY_ROOT } from '../../lib/queryKeys.ts';
import { paymentRequest } from '../../lib/userApi.ts';

/** The wallet history's queries (features/history reads them under this root); a new request refreshes them. */
export const WALLET_HISTORY_ROOT = [...PLAYER_QUERY_ROOT, 'walletHistory'] as const;

/** Receiver accounts for this player and the limits; dropped with the player's data on logout. */
export const depositMethodQuery = {
  queryKey: [...PLAYER_QUERY_ROOT, 'depositMethod'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => paymentRequest(PaymentRoutes.getDepositMethod, {}, signal),
  staleTime: 60_000,
};

export const initiateDeposit = (input: InitiateDepositInput) => paymentRequest(PaymentRoutes.initiateDeposit, input);

export const initiateWithdraw = (input: InitiateWithdrawInput) => paymentRequest(PaymentRoutes.initiateWithdraw, input);

export const extractReceipt = (image: string) => paymentRequest(PaymentRoutes.imageExtract, { image });
