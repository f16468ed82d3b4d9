import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ChannelImageOperations,
  IDEMPOTENCY_KEY_HEADER,
  PaymentAdminOperations,
  type ApprovalSettingsInput,
  type DepositAccountInput,
  type PaymentLimitsInput,
  type PaymentRequestKind,
  type PaymentStatus,
  type WithdrawCompany,
} from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { approvalsKey } from '../../lib/approvals.ts';

const ROOT = ['backoffice', 'payments'] as const;
const keys = {
  requests: (status: PaymentStatus, kind: PaymentRequestKind | null, page: number) =>
    [...ROOT, 'requests', { status, kind, page }] as const,
  accounts: [...ROOT, 'deposit-accounts'] as const,
  limits: [...ROOT, 'limits'] as const,
  withdrawChannels: [...ROOT, 'withdraw-channels'] as const,
};

export function usePaymentRequestsQuery(status: PaymentStatus, kind: PaymentRequestKind | null, page: number) {
  return useQuery({
    queryKey: keys.requests(status, kind, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ status, page: String(page) });
      if (kind) params.set('kind', kind);
      return callOperation(PaymentAdminOperations.requests, { query: params, signal });
    },
    placeholderData: keepPreviousData,
    // New requests arrive while an agent watches the pending list.
    refetchInterval: 15_000,
  });
}

export interface DecisionRequest {
  id: number;
  decision: 'approve' | 'decline';
  note: string;
  idempotencyKey: string;
}

export function useDecisionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note, idempotencyKey }: DecisionRequest) =>
      callOperation(decision === 'approve' ? PaymentAdminOperations.approve : PaymentAdminOperations.decline, {
        params: { id },
        body: note.trim() ? { note: note.trim() } : {},
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    // Decided or refused (someone else was first): the list is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...ROOT, 'requests'] }),
  });
}

export function useDepositAccountsQuery() {
  return useQuery({
    queryKey: keys.accounts,
    queryFn: ({ signal }) => callOperation(PaymentAdminOperations.depositAccounts, { signal }),
  });
}

export function useSaveDepositAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: DepositAccountInput }) =>
      id === null
        ? callOperation(PaymentAdminOperations.createDepositAccount, { body: input })
        : callOperation(PaymentAdminOperations.updateDepositAccount, { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.accounts }),
  });
}

/** Sets (base64) or clears (null: the built-in badge) a deposit account's image. */
export function useSetDepositAccountImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, image }: { id: number; image: string | null }) =>
      callOperation(ChannelImageOperations.depositAccountImage, { params: { id }, body: { image } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.accounts }),
  });
}

export function useWithdrawChannelsQuery() {
  return useQuery({
    queryKey: keys.withdrawChannels,
    queryFn: ({ signal }) => callOperation(ChannelImageOperations.withdrawChannels, { signal }),
  });
}

/** Sets (base64) or clears (null: the built-in badge) a withdraw channel's image. */
export function useSetWithdrawChannelImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ company, image }: { company: WithdrawCompany; image: string | null }) =>
      callOperation(ChannelImageOperations.withdrawChannelImage, { params: { company }, body: { image } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.withdrawChannels }),
  });
}

export function useLimitsQuery() {
  return useQuery({
    queryKey: keys.limits,
    queryFn: ({ signal }) => callOperation(PaymentAdminOperations.limits, { signal }),
  });
}

export function useSaveLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentLimitsInput) => callOperation(PaymentAdminOperations.setLimits, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}

// Maker-checker (decision 020): the thresholds and daily limits, and adjustments waiting for a second admin.
const approvalKeys = {
  settings: [...ROOT, 'approval-settings'] as const,
  adjustments: [...ROOT, 'adjustments'] as const,
};

export function useApprovalSettingsQuery() {
  return useQuery({
    queryKey: approvalKeys.settings,
    queryFn: ({ signal }) => callOperation(PaymentAdminOperations.approvalSettings, { signal }),
  });
}

export function useSaveApprovalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApprovalSettingsInput) =>
      callOperation(PaymentAdminOperations.setApprovalSettings, { body: input }),
    // Proposed, not applied (decision 045): the Approvals list changes, the settings only once approved.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}

export function usePendingAdjustmentsQuery(enabled: boolean) {
  return useQuery({
    queryKey: approvalKeys.adjustments,
    queryFn: ({ signal }) => callOperation(PaymentAdminOperations.adjustments, { query: 'status=PENDING', signal }),
    enabled,
    refetchInterval: 15_000,
  });
}

export interface AdjustmentDecisionRequest {
  id: number;
  decision: 'approve' | 'decline';
  note: string;
  idempotencyKey: string;
}

export function useAdjustmentDecisionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note, idempotencyKey }: AdjustmentDecisionRequest) =>
      decision === 'approve'
        ? callOperation(PaymentAdminOperations.approveAdjustment, {
            params: { id },
            body: {},
            headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
          })
        : callOperation(PaymentAdminOperations.declineAdjustment, {
            params: { id },
            body: { note: note.trim() },
            headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalKeys.adjustments }),
  });
}
