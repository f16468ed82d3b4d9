import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import {
  canOpenPlayerScreens,
  guardDecision,
  isLoggedIn,
  sessionStore,
  useSessionValue,
} from '../../lib/session/index.ts';
import { useBalancePush } from '../../lib/useBalancePush.ts';
import { useBalanceSync } from '../../lib/useBalanceRefresh.ts';
import { BottomNav } from './BottomNav.tsx';
import { PlayerFooter } from './PlayerFooter.tsx';
import { PlayerHeader } from './PlayerHeader.tsx';
import { PushOfferHost } from './PushOfferHost.tsx';
import { RouteView } from './RouteView.tsx';

/** Its own chunk, loaded once a player screen shows: the landing never carries it. */
const RealityCheck = lazy(() =>
  import('../../features/rglimits/RealityCheck.tsx').then((m) => ({ default: m.RealityCheck })),
);

const ALLOW = { kind: 'allow' } as const;

/** Player screens: only with a stored login (else to '/', keeping `r`), with the player header, footer and bottom nav. */
export function PlayerLayout() {
  // Only what the guard and the balance reads depend on: a stored balance changing renders nothing here.
  const allowed = useSessionValue(canOpenPlayerScreens);
  const signedIn = useSessionValue(isLoggedIn);
  const { search, pathname } = useLocation();
  const decision = allowed ? ALLOW : guardDecision('player', sessionStore.getSnapshot(), search, pathname);
  useBalancePush();
  useBalanceSync(signedIn);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <div className="shell shell--player">
      <PlayerHeader />
      <RouteView />
      <PlayerFooter />
      <BottomNav />
      <Suspense fallback={null}>
        <RealityCheck />
      </Suspense>
      <PushOfferHost />
    </div>
  );
}
