import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { guardDecision, isLoggedIn, useSession } from '../../lib/session/index.ts';
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

/** Player screens: only with a stored login (else to '/', keeping `r`), with the player header, footer and bottom nav. */
export function PlayerLayout() {
  const session = useSession();
  const { search, pathname } = useLocation();
  const decision = guardDecision('player', session, search, pathname);
  useBalancePush();
  useBalanceSync(isLoggedIn(session));
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
