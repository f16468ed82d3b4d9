import { lazy, Suspense } from 'react';
import { usePushOffer } from '../../lib/push/pushOffer.ts';

/** Its own chunk, loaded only once notifications are offered. */
const PushPrompt = lazy(() => import('./PushPrompt.tsx').then((m) => ({ default: m.PushPrompt })));

/**
 * The web push offer inside a bet's receipt: shown there while a bet's offer is open (the receipt is
 * read anyway, and the offer covers nothing of the screen behind it).
 */
export function PushOfferSlot() {
  const reason = usePushOffer();
  if (reason !== 'bet') return null;
  return (
    <Suspense fallback={null}>
      <PushPrompt reason="bet" inline />
    </Suspense>
  );
}
