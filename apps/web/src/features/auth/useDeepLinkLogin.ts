import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserRoutes } from '@karera/shared';
import { showAlert } from '../../lib/alerts.ts';
import { saveLogin, useIsLoggedIn } from '../../lib/session/index.ts';
import { userRequest } from '../../lib/userApi.ts';
import { linkLoginOf, stripDeepLinkParams } from './deepLink.ts';

/**
 * Deep-link login (docs/product/accounts.md#login-links: a URL with p = player id and s = a login-link token). When
 * nobody is logged in, p and s go to linkLogin, which sets the session cookie; the login is stored and the
 * player goes to /live. A refused link says so. Either way p and s leave the address bar as soon as
 * linkLogin answers (replacing the history entry), so the secret never stays in the URL, the history or
 * a shared link.
 *
 * `pending` is true while the URL still carries p or s or the call is in flight; the shell waits
 * instead of rendering screens (whose guards would otherwise act on the old URL).
 */
export function useDeepLinkLogin(): { pending: boolean } {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const stripped = stripDeepLinkParams(location.search);
  const request = useMemo(() => linkLoginOf(location.search), [location.search]);
  const started = useRef<string | null>(null);
  // The token whose linkLogin call is in flight (a plain call: the landing page's code carries no
  // query library).
  const [inFlight, setInFlight] = useState<string | null>(null);
  // The latest texts and navigate for the answer, which may come after a re-render.
  const latest = useRef({ t, navigate });
  useEffect(() => {
    latest.current = { t, navigate };
  });

  useEffect(() => {
    if (stripped === null) return;
    // Once per link, also when StrictMode runs effects twice: a login-link token works only once.
    if (request && !loggedIn && started.current !== request.token) {
      const { token } = request;
      started.current = token;
      setInFlight(token);
      // The address is left in one step when the answer comes: /live on success (no p and s there), the
      // stripped address otherwise. Two navigations (strip now, /live later) could land out of order.
      const strippedTo = { pathname: location.pathname, search: stripped, hash: location.hash };
      userRequest(UserRoutes.linkLogin, request)
        .then(
          (response) => {
            saveLogin(response);
            void latest.current.navigate('/live', { replace: true });
          },
          () => {
            void latest.current.navigate(strippedTo, { replace: true });
            showAlert(latest.current.t('messages.loginLinkInvalid'), 'error');
          },
        )
        .finally(() => setInFlight((current) => (current === token ? null : current)));
      return;
    }
    if (started.current !== null && request?.token === started.current) return;
    void navigate(
      { pathname: location.pathname, search: stripped, hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [stripped, request, loggedIn, location.pathname, location.hash, location.state, navigate]);

  return { pending: stripped !== null || inFlight !== null };
}
