import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BackofficeOperations,
  StaffRequestOperations,
  StaffSecurityOperations,
  type ChangeStaffMobileInput,
} from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import type { CreateStaffBody } from './staffForm.ts';

export function useStaffQuery() {
  return useQuery({
    queryKey: queryKeys.staff,
    queryFn: ({ signal }) => callOperation(BackofficeOperations.staff, { signal }),
  });
}

export function useCreateStaffMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffBody) => callOperation(BackofficeOperations.createStaff, { body }),
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
    queryFn: ({ signal }) => callOperation(StaffRequestOperations.staffRequests, { query: 'status=pending', signal }),
  });
}

export function useStaffRequestDecisionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      decision === 'approve'
        ? {
            decision,
            ...(await callOperation(StaffRequestOperations.approveStaffRequest, { params: { id }, body: {} })),
          }
        : {
            decision,
            enrolmentLinkSent: false,
            ...(await callOperation(StaffRequestOperations.rejectStaffRequest, { params: { id }, body: {} })),
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
      callOperation(StaffRequestOperations.changeStaffMobile, { params: { staffId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffRequestsKey }),
  });
}

/** A new one-time enrolment link texted to the number on file (the staff member has not enrolled). */
export function useResendEnrolmentLinkMutation(staffId: number) {
  return useMutation({
    mutationFn: () => callOperation(StaffRequestOperations.resendEnrolmentLink, { params: { staffId }, body: {} }),
  });
}

const staffTwoFactorKey = ['backoffice', 'staff-two-factor'] as const;

export function useStaffTwoFactorQuery() {
  return useQuery({
    queryKey: staffTwoFactorKey,
    queryFn: ({ signal }) => callOperation(StaffSecurityOperations.staffTwoFactor, { signal }),
  });
}

export function useResetTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffId: number) =>
      callOperation(StaffSecurityOperations.resetTwoFactor, { params: { staffId }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffTwoFactorKey }),
  });
}
