import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AgentOperations, type BodyOf, type CommissionPeriod } from '@karera/shared';
import { newIdempotencyKey } from '../../../lib/api.ts';
import { callOperation } from '../../../lib/callOperation.ts';

type Body<K extends keyof typeof AgentOperations> = BodyOf<(typeof AgentOperations)[K]>;

const ROOT = ['backoffice', 'agents'] as const;

export function useAgentOverviewQuery(agentId: number, period: CommissionPeriod) {
  return useQuery({
    queryKey: [...ROOT, 'overview', agentId, period],
    queryFn: ({ signal }) =>
      callOperation(AgentOperations.agentOverview, { params: { id: agentId }, query: `period=${period}`, signal }),
  });
}

export function useAgentNetworkQuery() {
  return useQuery({
    queryKey: [...ROOT, 'network'],
    queryFn: ({ signal }) => callOperation(AgentOperations.agentNetwork, { signal }),
  });
}

export interface ReportRange {
  period: CommissionPeriod;
  from: string;
  to: string;
}

export const reportSearch = (range: ReportRange) => new URLSearchParams({ ...range }).toString();

export function useAgentReportQuery(range: ReportRange) {
  return useQuery({
    queryKey: [...ROOT, 'report', range],
    queryFn: ({ signal }) => callOperation(AgentOperations.agentReport, { query: reportSearch(range), signal }),
  });
}

function useNetworkMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

export function useCreateSubAgentMutation() {
  return useNetworkMutation((body: Body<'createSubAgent'>) => callOperation(AgentOperations.createSubAgent, { body }));
}

export function useSetRateMutation() {
  return useNetworkMutation(({ agentId, ...body }: Body<'setCommissionRate'> & { agentId: number }) =>
    callOperation(AgentOperations.setCommissionRate, { params: { id: agentId }, body }),
  );
}

/** One key per confirmed payout: a retry of the same click pays once. */
export function usePayCommissionMutation() {
  return useNetworkMutation(({ agentId, amount, key }: { agentId: number; amount: number; key: string }) =>
    callOperation(AgentOperations.payCommission, {
      params: { id: agentId },
      body: { amount },
      headers: { 'idempotency-key': key },
    }),
  );
}

export { newIdempotencyKey };
