/**
 * The service worker (src/sw/sw.ts, built to /sw.js) is registered by production builds only, once the
 * page has loaded, so it never competes with the first screen; the dev server runs without one.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (private mode, an old browser): the site works the same, only not offline.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
