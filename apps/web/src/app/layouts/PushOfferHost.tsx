import { lazy, Suspense } from 'react';
import { usePushOffer } from '../../lib/push/pushOffer.ts';

/** Its own chunk, loaded only once notifications are offered (after a bet or a follow). */
const PushPrompt = lazy(() =>
  import('../../features/pushprompt/PushPrompt.tsx').then((m) => ({ default: m.PushPrompt })),
);

/** Shows the web push offer while one is open. */
export function PushOfferHost() {
  const reason = usePushOffer();
  if (reason === null) return null;
  return (
    <Suspense fallback={null}>
      <PushPrompt reason={reason} />
    </Suspense>
  );
}
