import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BackofficeRoutes, type StaffListResponse, type StaffMember } from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import type { CreateStaffBody } from './staffForm.ts';

export function useStaffQuery() {
  return useQuery({
    queryKey: queryKeys.staff,
    queryFn: ({ signal }) => apiRequest<StaffListResponse>(BackofficeRoutes.staff, { signal }),
  });
}

export function useCreateStaffMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffBody) =>
      apiRequest<{ statusCode: 200; staff: StaffMember }>(BackofficeRoutes.staff, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff }),
  });
}
