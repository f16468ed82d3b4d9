import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApprovalMessages,
  DualControlMessages,
  DualControlOperations,
  IDEMPOTENCY_KEY_HEADER,
  StatusCode,
  type DualControlRequestView,
} from '@karera/shared';
import { ApiError } from '../../lib/api.ts';
import { callOperation } from '../../lib/callOperation.ts';
import type { BoT } from '../i18n/useT.ts';
import { errorText } from './errors.ts';

/** Changes waiting for a second admin (decision 045); the forms that propose them invalidate this too. */
export const approvalsKey = ['backoffice', 'dual-control'] as const;

/**
 * Refusals of an approval that say what to do (another, independent admin approves: decisions 042, 045):
 * 403s shown as the server words them, rather than as the generic 'no access'.
 */
const SECOND_ADMIN_REFUSALS: ReadonlySet<string> = new Set([
  DualControlMessages.proposerCannotApprove,
  DualControlMessages.approverMustBeAdmin,
  ApprovalMessages.sameApprover,
  ApprovalMessages.secondPersonInLine,
  ApprovalMessages.secondPersonBranch,
  ApprovalMessages.secondPersonOnProbation,
]);

/** The sentence for a refused approval or rejection on the Approvals page. */
export function approvalErrorText(t: BoT, error: unknown): string {
  if (
    error instanceof ApiError &&
    error.httpStatus === StatusCode.FORBIDDEN &&
    SECOND_ADMIN_REFUSALS.has(error.message)
  ) {
    return error.message;
  }
  return errorText(t, error);
}

/** The waiting requests of one kind (a settings page shows its own), oldest first as the server lists them. */
export function pendingOfKind(
  list: { pending: readonly DualControlRequestView[] } | undefined,
  kind: string,
): DualControlRequestView[] {
  return list ? list.pending.filter((request) => request.kind === kind) : [];
}

export function useApprovalsQuery(enabled = true) {
  return useQuery({
    queryKey: approvalsKey,
    queryFn: ({ signal }) => callOperation(DualControlOperations.list, { signal }),
    enabled,
  });
}

export function useApproveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      callOperation(DualControlOperations.approve, {
        params: { id },
        body: {},
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    // What an approval applied shows everywhere: settings, limits, promos.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['backoffice'] }),
  });
}

export function useRejectMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      callOperation(DualControlOperations.reject, { params: { id }, body: { note } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}
