import { useState } from 'react';
import { currentUserAgent, isAndroid } from '../../lib/platform.ts';
import { usePublicSiteConfig } from '../../lib/siteConfigFetch.ts';
import { useAndroidT } from './androidI18n.ts';

const DISMISSED_KEY = 'karera.androidStripDismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // storage blocked: the strip stays closed until the next page load
  }
}

/**
 * "Download app" strip for Android visitors when the site offers an Android package.
 * It is optional: while the site config loads or if it fails, nothing shows.
 */
export function AndroidStrip() {
  const t = useAndroidT();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const android = isAndroid(currentUserAgent());
  const { data } = usePublicSiteConfig();
  const url = data?.androidAppUrl ?? null;
  if (!android || url === null || dismissed) return null;

  return (
    <div className="android-strip" role="region" aria-label={t('label')} data-testid="android-strip">
      <p className="android-strip__text">{t('text')}</p>
      <a className="btn btn--accent btn--sm" href={url} download>
        {t('download')}
      </a>
      <button
        type="button"
        className="android-strip__dismiss"
        aria-label={t('dismiss')}
        onClick={() => {
          rememberDismissed();
          setDismissed(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
