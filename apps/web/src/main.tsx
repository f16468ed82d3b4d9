import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/ui.css';
import './styles/layout.css';
import './i18n/index.ts';
import { startLanguage } from './i18n/language.ts';
import { App } from './app/App.tsx';
import { registerServiceWorker } from './sw/register.ts';
import { STATIC_LANDING_ATTRIBUTE } from './features/landing/staticLandingAttribute.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
// Filipino loads its texts before the first render, so the site never flashes English first. The first
// render is a transition: React renders it in slices of a few milliseconds, giving the browser its turn
// between them (input, paints), instead of in one long task on a slow phone.
void Promise.all([startLanguage(), staticLandingPainted()]).then(() => {
  const root = createRoot(container, {
    // React rendered the whole page again and recovered. Its own error names only a code; the one it recovered
    // from (its cause), logged beside it, says what failed.
    onRecoverableError: (error) =>
      console.error(...(error instanceof Error && error.cause !== undefined ? [error, error.cause] : [error])),
  });
  startTransition(() => root.render(<App />));
});
registerServiceWorker();

/**
 * When index.html shows the static landing (features/landing/staticLanding.tsx), React replaces it only
 * once the browser has painted it and reported that paint (its largest-contentful-paint entry): on a fast
 * load the script can be ready first, and a static hero replaced before its paint was reported counts for
 * nothing (the page's own hero becomes the largest paint, after the script). On a phone on a slow network
 * the paint was long done when the script arrives, and this waits for nothing. Never more than 500 ms;
 * without the API (Safari), two frames.
 */
function staticLandingPainted(): Promise<void> {
  if (!document.documentElement.hasAttribute(STATIC_LANDING_ATTRIBUTE)) return Promise.resolve();
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const timer = setTimeout(done, 500);
    function done() {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    }
    if (PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) {
      observer = new PerformanceObserver(done);
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    } else {
      requestAnimationFrame(() => requestAnimationFrame(done));
    }
  });
}
