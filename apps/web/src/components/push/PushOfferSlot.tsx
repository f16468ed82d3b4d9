import { lazy, Suspense } from 'react';
import { usePushOffer } from '../../lib/push/pushOffer.ts';
import type * as PushPromptChunk from './PushPrompt.tsx';

type PushPromptModule = typeof PushPromptChunk;

/** The offer's module once fetched: rendered at once, in the same commit as the receipt around it. */
let loaded: PushPromptModule | null = null;
const load = () =>
  import('./PushPrompt.tsx').then((module) => {
    loaded = module;
    return module;
  });

/** Its own chunk, loaded only once notifications may be offered. */
const LazyPushPrompt = lazy(() => load().then((m) => ({ default: m.PushPrompt })));

/**
 * Fetches the offer's chunk while a bet is on its way, so that its receipt opens with the offer already in
 * place: an offer drawn a moment later would move the receipt's OK button under the player's finger.
 */
export function preloadPushPrompt(): void {
  if (loaded) return;
  load().catch(() => {
    // Offline or a new build: the offer loads when it is shown, as before.
  });
}

/**
 * The web push offer inside a bet's receipt: shown there while a bet's offer is open (the receipt is
 * read anyway, and the offer covers nothing of the screen behind it).
 */
export function PushOfferSlot() {
  const reason = usePushOffer();
  if (reason !== 'bet') return null;
  if (loaded) return <loaded.PushPrompt reason="bet" inline />;
  return (
    <Suspense fallback={null}>
      <LazyPushPrompt reason="bet" inline />
    </Suspense>
  );
}
