import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApprovalRoutes,
  IDEMPOTENCY_KEY_HEADER,
  PaymentBackofficeRoutes,
  type ApprovalSettingsInput,
  type ChannelImageOperations,
  type DepositAccountInput,
  type PaymentAdminOperations,
  type PaymentLimitsInput,
  type PaymentRequestKind,
  type PaymentStatus,
  type ResponseOf,
  type WithdrawCompany,
} from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';
import { approvalsKey } from '../../lib/approvals.ts';

/** The answers of the back office's payment calls, as the API's contract declares them. */
type Answer<K extends keyof typeof PaymentAdminOperations> = ResponseOf<(typeof PaymentAdminOperations)[K]>;
type ImageAnswer<K extends keyof typeof ChannelImageOperations> = ResponseOf<(typeof ChannelImageOperations)[K]>;

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
      return apiRequest<Answer<'requests'>>(`${PaymentBackofficeRoutes.requests}?${params}`, { signal });
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
      apiRequest<Answer<'approve' | 'decline'>>(
        decision === 'approve' ? PaymentBackofficeRoutes.approve(id) : PaymentBackofficeRoutes.decline(id),
        {
          method: 'POST',
          body: note.trim() ? { note: note.trim() } : {},
          headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        },
      ),
    // Decided or refused (someone else was first): the list is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...ROOT, 'requests'] }),
  });
}

export function useDepositAccountsQuery() {
  return useQuery({
    queryKey: keys.accounts,
    queryFn: ({ signal }) => apiRequest<Answer<'depositAccounts'>>(PaymentBackofficeRoutes.depositAccounts, { signal }),
  });
}

export function useSaveDepositAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: DepositAccountInput }) =>
      id === null
        ? apiRequest<Answer<'createDepositAccount'>>(PaymentBackofficeRoutes.depositAccounts, {
            method: 'POST',
            body: input,
          })
        : apiRequest<Answer<'updateDepositAccount'>>(PaymentBackofficeRoutes.depositAccount(id), {
            method: 'POST',
            body: input,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.accounts }),
  });
}

/** Sets (base64) or clears (null: the built-in badge) a deposit account's image. */
export function useSetDepositAccountImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, image }: { id: number; image: string | null }) =>
      apiRequest<ImageAnswer<'depositAccountImage'>>(PaymentBackofficeRoutes.depositAccountImage(id), {
        method: 'POST',
        body: { image },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.accounts }),
  });
}

export function useWithdrawChannelsQuery() {
  return useQuery({
    queryKey: keys.withdrawChannels,
    queryFn: ({ signal }) =>
      apiRequest<ImageAnswer<'withdrawChannels'>>(PaymentBackofficeRoutes.withdrawChannels, { signal }),
  });
}

/** Sets (base64) or clears (null: the built-in badge) a withdraw channel's image. */
export function useSetWithdrawChannelImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ company, image }: { company: WithdrawCompany; image: string | null }) =>
      apiRequest<ImageAnswer<'withdrawChannelImage'>>(PaymentBackofficeRoutes.withdrawChannelImage(company), {
        method: 'POST',
        body: { image },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.withdrawChannels }),
  });
}

export function useLimitsQuery() {
  return useQuery({
    queryKey: keys.limits,
    queryFn: ({ signal }) => apiRequest<Answer<'limits'>>(PaymentBackofficeRoutes.limits, { signal }),
  });
}

export function useSaveLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentLimitsInput) =>
      apiRequest<Answer<'setLimits'>>(PaymentBackofficeRoutes.limits, { method: 'POST', body: input }),
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
    queryFn: ({ signal }) => apiRequest<Answer<'approvalSettings'>>(ApprovalRoutes.settings, { signal }),
  });
}

export function useSaveApprovalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApprovalSettingsInput) =>
      apiRequest<Answer<'setApprovalSettings'>>(ApprovalRoutes.settings, { method: 'POST', body: input }),
    // Proposed, not applied (decision 045): the Approvals list changes, the settings only once approved.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}

export function usePendingAdjustmentsQuery(enabled: boolean) {
  return useQuery({
    queryKey: approvalKeys.adjustments,
    queryFn: ({ signal }) =>
      apiRequest<Answer<'adjustments'>>(`${ApprovalRoutes.adjustments}?status=PENDING`, { signal }),
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
      apiRequest<Answer<'approveAdjustment' | 'declineAdjustment'>>(
        decision === 'approve' ? ApprovalRoutes.approveAdjustment(id) : ApprovalRoutes.declineAdjustment(id),
        {
          method: 'POST',
          body: decision === 'approve' ? {} : { note: note.trim() },
          headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalKeys.adjustments }),
  });
}
