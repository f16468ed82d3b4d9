import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ResponsibleGamingAdminOperations } from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';

export type ExclusionFilter = 'active' | 'ended' | 'all';

export function useExclusionsQuery(filter: ExclusionFilter, page: number) {
  const params = new URLSearchParams({ page: String(page) });
  if (filter !== 'all') params.set('active', filter === 'active' ? '1' : '0');
  return useQuery({
    queryKey: ['backoffice', 'exclusions', filter, page],
    queryFn: ({ signal }) => callOperation(ResponsibleGamingAdminOperations.exclusions, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}
