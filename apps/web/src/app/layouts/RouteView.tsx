import { memo, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Spinner.tsx';

// The path the visit opened on, and whether it has left it since (in either layout: public or player).
let visitPath: string | null = null;
let navigated = false;

function fadesIn(path: string): boolean {
  visitPath ??= path;
  if (path !== visitPath) navigated = true;
  return navigated;
}

/**
 * The routed screen, faded in on every navigation (CSS; no motion when the user asks for less). Not the
 * visit's first screen: on the landing it replaces the static landing of index.html, which a fade from
 * nothing would blink, and elsewhere it only held the first paint back.
 */
export const RouteView = memo(function RouteView() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const path = pathname.toLowerCase();
  return (
    <div key={path} data-route={path} className={fadesIn(path) ? 'route-view route-view--fade' : 'route-view'}>
      <Suspense
        fallback={
          <div className="page-loading">
            <Spinner label={t('common.loading')} />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </div>
  );
});
