import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DashboardOperations } from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { connectStaffSocket, staffSocketUrl, type StaffSocketState } from './staffSocket.ts';

const DASHBOARD_KEY = ['backoffice', 'dashboard'] as const;
/** Without a race event (payments, players online), the figures are read again this often. */
const REFRESH_MS = 30_000;
/** Race events arriving together (a bet burst, a card's status moves) cause one read. */
const COALESCE_MS = 250;

export function useDashboardQuery() {
  return useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) => callOperation(DashboardOperations.dashboard, { signal }),
    refetchInterval: REFRESH_MS,
  });
}

/**
 * Reads the dashboard again when the live socket says a race moved or its pools changed (RACE_STATUS,
 * POOLS_UPDATED), so turnover follows bets without a reload. Returns the socket's state for the screen.
 */
export function useDashboardLiveUpdates(): StaffSocketState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StaffSocketState>('connecting');
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const close = connectStaffSocket({
      url: staffSocketUrl(window.location),
      onState: setState,
      onMessages: (messages) => {
        if (!messages.some((m) => m.type === 'RACE_STATUS' || m.type === 'POOLS_UPDATED')) return;
        if (pending.current !== undefined) return;
        pending.current = setTimeout(() => {
          pending.current = undefined;
          void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
        }, COALESCE_MS);
      },
    });
    return () => {
      close();
      if (pending.current !== undefined) clearTimeout(pending.current);
      pending.current = undefined;
    };
  }, [queryClient]);
  return state;
}

/** The time now, moving every second, for countdowns and ages. */
export function useTicking(everyMs = 1000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
