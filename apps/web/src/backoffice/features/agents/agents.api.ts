import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AgentRoutes, type AgentOperations, type BodyOf, type CommissionPeriod, type ResponseOf } from '@karera/shared';
import { apiRequest, newIdempotencyKey } from '../../../lib/api.ts';

type Answer<K extends keyof typeof AgentOperations> = ResponseOf<(typeof AgentOperations)[K]>;
type Body<K extends keyof typeof AgentOperations> = BodyOf<(typeof AgentOperations)[K]>;

const ROOT = ['backoffice', 'agents'] as const;

export function useAgentOverviewQuery(agentId: number, period: CommissionPeriod) {
  return useQuery({
    queryKey: [...ROOT, 'overview', agentId, period],
    queryFn: ({ signal }) =>
      apiRequest<Answer<'agentOverview'>>(`${AgentRoutes.agent(agentId)}?period=${period}`, { signal }),
  });
}

export function useAgentNetworkQuery() {
  return useQuery({
    queryKey: [...ROOT, 'network'],
    queryFn: ({ signal }) => apiRequest<Answer<'agentNetwork'>>(AgentRoutes.network, { signal }),
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
    queryFn: ({ signal }) =>
      apiRequest<Answer<'agentReport'>>(`${AgentRoutes.report}?${reportSearch(range)}`, { signal }),
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
  return useNetworkMutation((body: Body<'createSubAgent'>) =>
    apiRequest<Answer<'createSubAgent'>>(AgentRoutes.network, { method: 'POST', body }),
  );
}

export function useSetRateMutation() {
  return useNetworkMutation(({ agentId, ...body }: Body<'setCommissionRate'> & { agentId: number }) =>
    apiRequest<Answer<'setCommissionRate'>>(AgentRoutes.rate(agentId), { method: 'POST', body }),
  );
}

/** One key per confirmed payout: a retry of the same click pays once. */
export function usePayCommissionMutation() {
  return useNetworkMutation(({ agentId, amount, key }: { agentId: number; amount: number; key: string }) =>
    apiRequest<Answer<'payCommission'>>(AgentRoutes.payout(agentId), {
      method: 'POST',
      body: { amount },
      headers: { 'idempotency-key': key },
    }),
  );
}

export { newIdempotencyKey };
