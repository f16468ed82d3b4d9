import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ResponsibleGamingAdminOperations, type ResponseOf } from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';

type Answer<K extends keyof typeof ResponsibleGamingAdminOperations> = ResponseOf<
  (typeof ResponsibleGamingAdminOperations)[K]
>;

export type ExclusionFilter = 'active' | 'ended' | 'all';

export function useExclusionsQuery(filter: ExclusionFilter, page: number) {
  const params = new URLSearchParams({ page: String(page) });
  if (filter !== 'all') params.set('active', filter === 'active' ? '1' : '0');
  return useQuery({
    queryKey: ['backoffice', 'exclusions', filter, page],
    queryFn: ({ signal }) =>
      apiRequest<Answer<'exclusions'>>(`${ResponsibleGamingAdminOperations.exclusions.path}?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
