import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { formatPeso, ResponsibleGamingOperations } from '@karera/shared';
import { Button, Dialog } from '../../components/ui/index.ts';
import { callOperation } from '../../lib/callOperation.ts';
import { useLogout } from '../../lib/useLogout.ts';
import { sinceSignInKey } from './rgApi.ts';
import { useRgT } from './rgI18n.ts';
import { REALITY_TICK_MS, realityCheckDue, showsRealityCheck } from './realityCheck.ts';

/**
 * The reality check (issue 22): after the player's chosen minutes of activity (a player page visible),
 * the live screen shows the time since sign-in and the net result of the bets since, from the server,
 * with Continue (the clock starts again) or Sign out.
 */
export function RealityCheck() {
  const rgT = useRgT();
  const { pathname } = useLocation();
  const logout = useLogout();
  const [activeMs, setActiveMs] = useState(0);
  const figures = useQuery({
    queryKey: sinceSignInKey,
    queryFn: ({ signal }) => callOperation(ResponsibleGamingOperations.sinceSignIn, { body: {}, signal }),
    staleTime: 5 * 60_000,
  });
  const interval = figures.data?.realityCheckMinutes ?? 60;
  const due = realityCheckDue(activeMs, interval);
  const open = due && showsRealityCheck(pathname) && figures.isSuccess;

  useEffect(() => {
    if (due) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') setActiveMs((ms) => ms + REALITY_TICK_MS);
    }, REALITY_TICK_MS);
    return () => window.clearInterval(timer);
  }, [due]);

  // The figures as they are when it falls due, not as they were at sign-in.
  const { refetch } = figures;
  useEffect(() => {
    if (due) void refetch();
  }, [due, refetch]);

  if (!open) return null;
  const data = figures.data;
  const carryOn = () => setActiveMs(0);
  return (
    <Dialog
      open
      onClose={carryOn}
      title={rgT('check.title')}
      closeLabel={rgT('breakSection.close')}
      testId="reality-check"
      actions={
        <>
          <Button variant="secondary" onClick={logout}>
            {rgT('check.signOut')}
          </Button>
          <Button onClick={carryOn}>{rgT('check.continue')}</Button>
        </>
      }
    >
      <p>{rgT('check.time', { minutes: data.minutesSinceSignIn })}</p>
      <p>
        <strong>{rgT('check.net', { amount: formatPeso(data.netResult) })}</strong>
      </p>
      <p>
        {rgT('check.bets', {
          count: data.bets,
          stakes: formatPeso(data.stakes),
          returned: formatPeso(data.returned),
        })}
      </p>
      <p>
        <Link to="/responsiblegaming" onClick={carryOn}>
          {rgT('check.limits')}
        </Link>
      </p>
    </Dialog>
  );
}
