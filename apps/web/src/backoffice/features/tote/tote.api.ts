import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ToteOperations,
  type ConfirmResultInput,
  type PoolSummary,
  type ResponseOf,
  type ResultInput,
  type ToteSettingInput,
} from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { approvalsKey } from '../../lib/approvals.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

/** Server state of the tote screens, under the back office's root so a new session drops it. */
export const toteQueryKeys = {
  report: (raceId: number) => ['backoffice', 'tote', 'report', raceId] as const,
  settings: ['backoffice', 'tote', 'settings'] as const,
  carryovers: ['backoffice', 'tote', 'carryovers'] as const,
};

/** The answers of the tote's back-office calls, as the API's contract declares them. */
type Answer<K extends keyof typeof ToteOperations> = ResponseOf<(typeof ToteOperations)[K]>;

/** What a confirmation did: settled the race (its report's pools), or sent it for a second admin's approval. */
export type ConfirmOutcome =
  { kind: 'settled'; pools: PoolSummary[] } | { kind: 'pending'; message: string; requestId: number };

export function confirmOutcomeOf(answer: Answer<'confirmResult'>): ConfirmOutcome {
  return 'report' in answer
    ? { kind: 'settled', pools: answer.report.pools }
    : { kind: 'pending', message: answer.statusMessage, requestId: answer.request.id };
}

/** The dividends a finish would give, pool by pool; nothing is written. */
export function usePreviewMutation(raceId: number) {
  return useMutation({
    mutationFn: (body: ResultInput) => callOperation(ToteOperations.previewResult, { params: { raceId }, body }),
  });
}

/**
 * Records the result and settles the race; the race day, its report and the carryovers change.
 * `onConfirmed` hears the outcome before anything is refetched: the refetched race is done, and the form
 * that sent the result gives way to it, so a callback of the form's own would never run.
 */
export function useConfirmMutation(raceId: number, onConfirmed: (outcome: ConfirmOutcome) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmResultInput) => callOperation(ToteOperations.confirmResult, { params: { raceId }, body }),
    onSuccess: (answer) => {
      onConfirmed(confirmOutcomeOf(answer));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.racingEventAll }),
        queryClient.invalidateQueries({ queryKey: toteQueryKeys.report(raceId) }),
        queryClient.invalidateQueries({ queryKey: toteQueryKeys.carryovers }),
        // Official dividends that differ from the tote's wait on the Approvals page (decision 046).
        queryClient.invalidateQueries({ queryKey: approvalsKey }),
      ]);
    },
  });
}

export function useReportQuery(raceId: number) {
  return useQuery({
    queryKey: toteQueryKeys.report(raceId),
    queryFn: ({ signal }) => callOperation(ToteOperations.report, { params: { raceId }, signal }),
  });
}

export function useSettingsQuery() {
  return useQuery({
    queryKey: toteQueryKeys.settings,
    queryFn: ({ signal }) => callOperation(ToteOperations.settings, { signal }),
  });
}

export function useSaveSettingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ToteSettingInput) => callOperation(ToteOperations.addSetting, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}

export function useCarryoversQuery() {
  return useQuery({
    queryKey: toteQueryKeys.carryovers,
    queryFn: ({ signal }) => callOperation(ToteOperations.carryovers, { signal }),
  });
}
