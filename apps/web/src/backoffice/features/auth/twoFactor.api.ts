import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StaffSecurityOperations } from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';

const keys = {
  enrolment: ['backoffice', 'two-factor-enrolment'] as const,
  security: ['backoffice', 'security'] as const,
};

export function useCodeMutation() {
  return useMutation({
    mutationFn: (code: string) => callOperation(StaffSecurityOperations.code, { body: { code } }),
  });
}

/** The secret offered for enrolment; never cached past the screen (it is a credential). */
export function useEnrolmentQuery(enabled = true) {
  return useQuery({
    queryKey: keys.enrolment,
    queryFn: ({ signal }) => callOperation(StaffSecurityOperations.enrolment, { signal }),
    enabled,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
}

export function useConfirmEnrolmentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callOperation(StaffSecurityOperations.confirmEnrolment, { body: { code } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: keys.enrolment });
      return queryClient.invalidateQueries({ queryKey: keys.security });
    },
  });
}

export function useSecurityQuery() {
  return useQuery({
    queryKey: keys.security,
    queryFn: ({ signal }) => callOperation(StaffSecurityOperations.security, { signal }),
  });
}

export function useNewRecoveryCodesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callOperation(StaffSecurityOperations.recoveryCodes, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.security }),
  });
}
