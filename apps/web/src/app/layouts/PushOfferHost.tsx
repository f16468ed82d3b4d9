import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { endPushOffer, usePushOffer } from '../../lib/push/pushOffer.ts';

/** Its own chunk, loaded only once notifications are offered. */
const PushPrompt = lazy(() => import('../../components/push/PushPrompt.tsx').then((m) => ({ default: m.PushPrompt })));

/**
 * The web push offer after a follow: a card above the bottom navigation, put away when the player moves
 * to another screen (it belonged to the moment). A bet's offer shows in its receipt instead.
 */
export function PushOfferHost() {
  const reason = usePushOffer();
  const { pathname } = useLocation();
  useEffect(() => () => endPushOffer('follow'), [pathname]);
  if (reason !== 'follow') return null;
  return (
    <Suspense fallback={null}>
      <PushPrompt reason="follow" />
    </Suspense>
  );
}
