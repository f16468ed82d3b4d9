import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AmlOperations,
  type AmlFlagDetailResponse,
  type AmlResolveInput,
  type AmlRule,
  type AmlStatus,
} from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';

const ROOT = ['backoffice', 'aml'] as const;
const keys = {
  list: (rule: AmlRule | null, status: AmlStatus | null, page: number) =>
    [...ROOT, 'list', { rule, status, page }] as const,
  detail: (id: number) => [...ROOT, 'detail', id] as const,
};

export function useAmlFlagsQuery(rule: AmlRule | null, status: AmlStatus | null, page: number) {
  return useQuery({
    queryKey: keys.list(rule, status, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (rule) params.set('rule', rule);
      if (status) params.set('status', status);
      return callOperation(AmlOperations.amlFlags, { query: params, signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useAmlFlagQuery(id: number) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: ({ signal }) => callOperation(AmlOperations.amlFlag, { params: { id }, signal }),
  });
}

function useFlagMutation<Input>(id: number, send: (input: Input) => Promise<AmlFlagDetailResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => queryClient.setQueryData(keys.detail(id), answer),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...ROOT, 'list'] }),
        queryClient.invalidateQueries({ queryKey: keys.detail(id) }),
      ]),
  });
}

export function useAmlNoteMutation(id: number) {
  return useFlagMutation(id, (note: string) =>
    callOperation(AmlOperations.amlNote, { params: { id }, body: { note } }),
  );
}

export function useAmlResolveMutation(id: number) {
  return useFlagMutation(id, (input: AmlResolveInput) =>
    callOperation(AmlOperations.amlResolve, { params: { id }, body: input }),
  );
}

/** Reads the reported cases' CSV and hands it to the browser as a file download. */
export function useAmlExportMutation() {
  return useMutation({
    mutationFn: async () => {
      const answer = await callOperation(AmlOperations.amlReports);
      // A byte-order mark so spreadsheet programs read the ₱ and Filipino names as UTF-8.
      const url = URL.createObjectURL(new Blob(['\uFEFF', answer.csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = answer.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return answer.fileName;
    },
  });
}
