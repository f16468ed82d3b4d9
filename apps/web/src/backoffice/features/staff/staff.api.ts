import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BackofficeRoutes,
  StaffRequestRoutes,
  StaffSecurityRoutes,
  type BackofficeOperations,
  type ChangeStaffMobileInput,
  type ResponseOf,
  type StaffRequestOperations,
  type StaffSecurityOperations,
} from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import type { CreateStaffBody } from './staffForm.ts';

/** The answers of the back office's calls, as the API's contract declares them. */
type Answer<K extends keyof typeof BackofficeOperations> = ResponseOf<(typeof BackofficeOperations)[K]>;

/** The answers of the sign-in security calls, as the API's contract declares them. */
type SecurityAnswer<K extends keyof typeof StaffSecurityOperations> = ResponseOf<(typeof StaffSecurityOperations)[K]>;

/** The answers of the staff request and enrolment link calls (decision 044). */
type RequestAnswer<K extends keyof typeof StaffRequestOperations> = ResponseOf<(typeof StaffRequestOperations)[K]>;

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
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.staff }),
        queryClient.invalidateQueries({ queryKey: staffRequestsKey }),
      ]),
  });
}

const staffRequestsKey = ['backoffice', 'staff-requests'] as const;
/** A master-agent application's second approval decides it (decision 044): its pages read anew. */
const masterAgentApplicationsKey = ['backoffice', 'master-agent-applications'] as const;

/** The staff requests waiting for a second, independent admin (decision 044). */
export function useStaffRequestsQuery() {
  return useQuery({
    queryKey: staffRequestsKey,
    queryFn: ({ signal }) =>
      apiRequest<RequestAnswer<'staffRequests'>>(`${StaffRequestRoutes.requests}?status=pending`, { signal }),
  });
}

export function useStaffRequestDecisionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      decision === 'approve'
        ? {
            decision,
            ...(await apiRequest<RequestAnswer<'approveStaffRequest'>>(StaffRequestRoutes.approve(id), {
              method: 'POST',
              body: {},
            })),
          }
        : {
            decision,
            enrolmentLinkSent: false,
            ...(await apiRequest<RequestAnswer<'rejectStaffRequest'>>(StaffRequestRoutes.reject(id), {
              method: 'POST',
              body: {},
            })),
          },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffRequestsKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.staff }),
        queryClient.invalidateQueries({ queryKey: masterAgentApplicationsKey }),
      ]),
  });
}

/** Asks for a new number for a staff member: a second, independent admin applies it. */
export function useChangeStaffMobileMutation(staffId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeStaffMobileInput) =>
      apiRequest<RequestAnswer<'changeStaffMobile'>>(StaffRequestRoutes.changeMobile(staffId), {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffRequestsKey }),
  });
}

/** A new one-time enrolment link texted to the number on file (the staff member has not enrolled). */
export function useResendEnrolmentLinkMutation(staffId: number) {
  return useMutation({
    mutationFn: () =>
      apiRequest<RequestAnswer<'resendEnrolmentLink'>>(StaffRequestRoutes.resendEnrolmentLink(staffId), {
        method: 'POST',
        body: {},
      }),
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
