import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ToteAdminRoutes,
  type CarryoversResponse,
  type ConfirmResultInput,
  type PoolSummary,
  type Race,
  type ResultInput,
  type ResultPreview,
  type SettlementReport,
  type ToteSetting,
  type ToteSettingInput,
} from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

/** Server state of the tote screens, under the back office's root so a new session drops it. */
export const toteQueryKeys = {
  report: (raceId: number) => ['backoffice', 'tote', 'report', raceId] as const,
  settings: ['backoffice', 'tote', 'settings'] as const,
  carryovers: ['backoffice', 'tote', 'carryovers'] as const,
};

export interface SettingsResponse {
  statusCode: 200;
  settings: ToteSetting[];
}

/**
 * The contract's comment promises { preview, race }; the server answers with the race's settlement
 * report. Both are read, so either answer shows what was settled.
 */
export interface ConfirmAnswer {
  statusCode: 200;
  report?: SettlementReport;
  preview?: ResultPreview;
  race?: Race;
}

/** The pools a confirmation settled, whichever shape the answer has. */
export function settledPoolsOf(answer: ConfirmAnswer): PoolSummary[] {
  return answer.report?.pools ?? answer.preview?.pools ?? [];
}

type PreviewAnswer = ResultPreview & { statusCode: 200 };

/** The dividends a finish would give, pool by pool; nothing is written. */
export function usePreviewMutation(raceId: number) {
  return useMutation({
    mutationFn: (body: ResultInput) =>
      apiRequest<PreviewAnswer>(ToteAdminRoutes.previewResult(raceId), { method: 'POST', body }),
  });
}

/** Records the result and settles the race; the race day, its report and the carryovers change. */
export function useConfirmMutation(raceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmResultInput) =>
      apiRequest<ConfirmAnswer>(ToteAdminRoutes.confirmResult(raceId), { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.racingEventAll }),
        queryClient.invalidateQueries({ queryKey: toteQueryKeys.report(raceId) }),
        queryClient.invalidateQueries({ queryKey: toteQueryKeys.carryovers }),
      ]),
  });
}

export function useReportQuery(raceId: number) {
  return useQuery({
    queryKey: toteQueryKeys.report(raceId),
    queryFn: ({ signal }) =>
      apiRequest<SettlementReport & { statusCode: 200 }>(ToteAdminRoutes.report(raceId), { signal }),
  });
}

export function useSettingsQuery() {
  return useQuery({
    queryKey: toteQueryKeys.settings,
    queryFn: ({ signal }) => apiRequest<SettingsResponse>(ToteAdminRoutes.settings, { signal }),
  });
}

export function useSaveSettingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ToteSettingInput) =>
      apiRequest<{ statusCode: 200; setting: ToteSetting }>(ToteAdminRoutes.settings, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toteQueryKeys.settings }),
  });
}

export function useCarryoversQuery() {
  return useQuery({
    queryKey: toteQueryKeys.carryovers,
    queryFn: ({ signal }) => apiRequest<CarryoversResponse>(ToteAdminRoutes.carryovers, { signal }),
  });
}
