import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { stripDeepLinkParams } from './deepLink.ts';

/**
 * Deep-link login (spec §2: a URL with p = player id and s = session). For now it only removes p and s
 * from the address bar, replacing the history entry, so the secret never stays in the URL, the
 * history or a shared link. It never stores s as a session. A later issue exchanges p and s for a
 * one-time login-link token here and then goes to /live.
 *
 * `pending` is true while the URL still carries p or s; the shell waits instead of rendering
 * screens (whose guards would otherwise act on the old URL).
 */
export function useDeepLinkLogin(): { pending: boolean } {
  const location = useLocation();
  const navigate = useNavigate();
  const stripped = stripDeepLinkParams(location.search);

  useEffect(() => {
    if (stripped === null) return;
    void navigate(
      { pathname: location.pathname, search: stripped, hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [stripped, location.pathname, location.hash, location.state, navigate]);

  return { pending: stripped !== null };
}
