import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StaffSecurityRoutes, type ResponseOf, type StaffSecurityOperations } from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';

/** The answers of the sign-in security calls, as the API's contract declares them. */
type Answer<K extends keyof typeof StaffSecurityOperations> = ResponseOf<(typeof StaffSecurityOperations)[K]>;

const keys = {
  enrolment: ['backoffice', 'two-factor-enrolment'] as const,
  security: ['backoffice', 'security'] as const,
};

export function useCodeMutation() {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<Answer<'code'>>(StaffSecurityRoutes.code, { method: 'POST', body: { code } }),
  });
}

/** The secret offered for enrolment; never cached past the screen (it is a credential). */
export function useEnrolmentQuery(enabled = true) {
  return useQuery({
    queryKey: keys.enrolment,
    queryFn: ({ signal }) => apiRequest<Answer<'enrolment'>>(StaffSecurityRoutes.enrolment, { signal }),
    enabled,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
}

export function useConfirmEnrolmentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<Answer<'confirmEnrolment'>>(StaffSecurityRoutes.enrolment, { method: 'POST', body: { code } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: keys.enrolment });
      return queryClient.invalidateQueries({ queryKey: keys.security });
    },
  });
}

export function useSecurityQuery() {
  return useQuery({
    queryKey: keys.security,
    queryFn: ({ signal }) => apiRequest<Answer<'security'>>(StaffSecurityRoutes.security, { signal }),
  });
}

export function useNewRecoveryCodesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<Answer<'recoveryCodes'>>(StaffSecurityRoutes.recoveryCodes, { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.security }),
  });
}
