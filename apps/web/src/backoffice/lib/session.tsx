import { createContext, useContext, type ReactNode } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { BackofficeOperations, type StaffMember } from '@karera/shared';
import { callOperation } from '../../lib/callOperation.ts';
import { isUnauthorized } from './errors.ts';
import { queryKeys } from './queryKeys.ts';

/** The signed-in staff member, or null when nobody is (the API answered 401). */
export function useSessionQuery() {
  return useQuery({
    queryKey: queryKeys.session,
    queryFn: async ({ signal }): Promise<StaffMember | null> => {
      try {
        const body = await callOperation(BackofficeOperations.me, { signal });
        return body.staff;
      } catch (error) {
        if (isUnauthorized(error)) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** Forget everything the previous session could see, then record who is signed in now. */
export function replaceSession(queryClient: QueryClient, staff: StaffMember | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== queryKeys.session[1] });
  queryClient.setQueryData(queryKeys.session, staff);
}

const StaffContext = createContext<StaffMember | null>(null);

export function StaffProvider({ staff, children }: { staff: StaffMember; children: ReactNode }) {
  return <StaffContext value={staff}>{children}</StaffContext>;
}

/** The signed-in staff member; only used below the authenticated shell. */
export function useStaff(): StaffMember {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff() outside the signed-in shell');
  return staff;
}
