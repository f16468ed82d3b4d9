import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BackofficeRoutes } from '@karera/shared';
import { apiRequest } from '../../lib/api.ts';
import { Alert, Button } from '../../components/ui/index.ts';
import { LoadingBlock } from '../components/QueryState.tsx';
import { isUnauthorized } from '../lib/errors.ts';
import { replaceSession, useStaff } from '../lib/session.tsx';
import { useT, type BoKey } from '../i18n/useT.ts';

interface NavItem {
  to: string;
  label: BoKey;
  adminOnly: boolean;
}

const NAV_ITEMS: readonly NavItem[] = [
  { to: '/players', label: 'nav.players', adminOnly: false },
  { to: '/payments', label: 'payments.nav', adminOnly: false },
  { to: '/deposit-accounts', label: 'payments.accountsNav', adminOnly: true },
  { to: '/promos', label: 'promos.nav', adminOnly: true },
  { to: '/master-agent-applications', label: 'masterAgents.nav', adminOnly: true },
  { to: '/race-day', label: 'nav.raceDay', adminOnly: true },
  { to: '/tote', label: 'tote.nav', adminOnly: true },
  { to: '/otp-outbox', label: 'nav.outbox', adminOnly: true },
  { to: '/contacts', label: 'nav.contacts', adminOnly: true },
  { to: '/staff', label: 'nav.staff', adminOnly: true },
  { to: '/audit', label: 'nav.audit', adminOnly: true },
  { to: '/security', label: 'security.page.nav', adminOnly: false },
];

/** Header, navigation (a scrolling tab row on phones, a sidebar on desktop) and the page. */
export function Shell() {
  const t = useT();
  const staff = useStaff();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: () => apiRequest<{ statusCode: 200 }>(BackofficeRoutes.logout, { body: {} }),
    onSuccess: () => replaceSession(queryClient, null),
    onError: (error) => {
      if (isUnauthorized(error)) replaceSession(queryClient, null);
    },
  });
  const items = NAV_ITEMS.filter((item) => !item.adminOnly || staff.role === 'admin');

  return (
    <div className="bo-shell">
      <a className="bo-skip" href="#bo-main">
        {t('app.skipToContent')}
      </a>
      <header className="bo-header">
        <span className="bo-brand">{t('app.name')}</span>
        <div className="bo-user">
          <span className="bo-user__who">
            {t('nav.signedInAs', { name: staff.displayName })}{' '}
            <span className="bo-role">{t(`roles.${staff.role}`)}</span>
          </span>
          <Button variant="secondary" className="bo-logout" busy={logout.isPending} onClick={() => logout.mutate()}>
            {t('nav.logout')}
          </Button>
        </div>
      </header>
      <nav className="bo-nav" aria-label={t('nav.label')}>
        <ul>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="bo-nav__link">
                {t(item.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="bo-main" className="bo-main" tabIndex={-1}>
        {logout.isError && !isUnauthorized(logout.error) ? <Alert tone="error">{t('nav.logoutFailed')}</Alert> : null}
        <Suspense fallback={<LoadingBlock />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
