import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Spinner.tsx';

/** The routed screen, faded in on every navigation (CSS; no motion when the user asks for less). */
export function RouteView() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <div key={pathname.toLowerCase()} className="route-view">
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
}
