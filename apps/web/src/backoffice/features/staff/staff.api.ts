import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BackofficeRoutes,
  StaffSecurityRoutes,
  type BackofficeOperations,
  type ResponseOf,
  type StaffSecurityOperations,
} from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import type { CreateStaffBody } from './staffForm.ts';

/** The answers of the back office's calls, as the API's contract declares them. */
type Answer<K extends keyof typeof BackofficeOperations> = ResponseOf<(typeof BackofficeOperations)[K]>;

/** The answers of the sign-in security calls, as the API's contract declares them. */
type SecurityAnswer<K extends keyof typeof StaffSecurityOperations> = ResponseOf<(typeof StaffSecurityOperations)[K]>;

export function useStaffQuery() {
  return useQuery({
    queryKey: queryKeys.staff,
    queryFn: ({ signal }) => apiRequest<Answer<'staff'>>(BackofficeRoutes.staff, { signal }),
  });
}

export function useCreateStaffMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffBody) =>
      apiRequest<Answer<'createStaff'>>(BackofficeRoutes.staff, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff }),
  });
}

const staffTwoFactorKey = ['backoffice', 'staff-two-factor'] as const;

export function useStaffTwoFactorQuery() {
  return useQuery({
    queryKey: staffTwoFactorKey,
    queryFn: ({ signal }) =>
      apiRequest<SecurityAnswer<'staffTwoFactor'>>(StaffSecurityRoutes.staffTwoFactor, { signal }),
  });
}

export function useResetTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffId: number) =>
      apiRequest<SecurityAnswer<'resetTwoFactor'>>(StaffSecurityRoutes.resetTwoFactor(staffId), {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffTwoFactorKey }),
  });
}
