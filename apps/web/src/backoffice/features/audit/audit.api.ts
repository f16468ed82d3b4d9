import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BackofficeOperations, type AuditSort } from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

export interface AuditListParams {
  page: number;
  q: string;
  staffId: number | undefined;
  action: string | undefined;
  from: string | undefined;
  to: string | undefined;
  sort: AuditSort;
}

/** A page of the audit log, filtered and ordered by the server. */
export function useAuditQuery(list: AuditListParams) {
  return useQuery({
    queryKey: queryKeys.audit({ ...list }),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(list.page), sort: list.sort });
      if (list.q) params.set('q', list.q);
      if (list.staffId !== undefined) params.set('staffId', String(list.staffId));
      if (list.action) params.set('action', list.action);
      if (list.from) params.set('from', list.from);
      if (list.to) params.set('to', list.to);
      return callOperation(BackofficeOperations.audit, { query: params, signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** Every staff member, for the "by staff member" filter (the same cache as the staff page). */
export function useStaffChoicesQuery() {
  return useQuery({
    queryKey: queryKeys.staff,
    queryFn: ({ signal }) => callOperation(BackofficeOperations.staff, { signal }),
  });
}
