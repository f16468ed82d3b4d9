import { Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BackofficeOperations } from '@karera/shared';
import { callOperation } from '../../lib/callOperation.ts';
import { Alert, Button } from '../../components/ui/index.ts';
import { LoadingBlock } from '../components/QueryState.tsx';
import { useApprovalsQuery } from '../lib/approvals.ts';
import { isUnauthorized } from '../lib/errors.ts';
import { replaceSession, useStaff } from '../lib/session.tsx';
import { useMediaQuery } from '../lib/useMediaQuery.ts';
import { useT, type BoKey } from '../i18n/useT.ts';

interface NavItem {
  to: string;
  label: BoKey;
  adminOnly: boolean;
  /** Current only on this exact address (the home page would otherwise match every page). */
  end?: boolean;
}

const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'dashboard.nav', adminOnly: true, end: true },
  { to: '/players', label: 'nav.players', adminOnly: false },
  { to: '/payments', label: 'payments.nav', adminOnly: false },
  { to: '/agents', label: 'agents.nav', adminOnly: false },
  { to: '/agents/report', label: 'agents.reportNav', adminOnly: false },
  { to: '/deposit-accounts', label: 'payments.accountsNav', adminOnly: true },
  { to: '/promos', label: 'promos.nav', adminOnly: true },
  { to: '/master-agent-applications', label: 'masterAgents.nav', adminOnly: true },
  { to: '/kyc', label: 'kyc.nav', adminOnly: true },
  { to: '/race-day', label: 'nav.raceDay', adminOnly: true },
  { to: '/horses', label: 'records.nav.horses', adminOnly: true },
  { to: '/jockeys', label: 'records.nav.jockeys', adminOnly: true },
  { to: '/trainers', label: 'records.nav.trainers', adminOnly: true },
  { to: '/tote', label: 'tote.nav', adminOnly: true },
  { to: '/reports', label: 'reports.nav', adminOnly: true },
  { to: '/otp-outbox', label: 'nav.outbox', adminOnly: true },
  { to: '/contacts', label: 'nav.contacts', adminOnly: true },
  { to: '/staff', label: 'nav.staff', adminOnly: true },
  { to: '/aml', label: 'aml.nav', adminOnly: true },
  { to: '/exclusions', label: 'rglimits.nav', adminOnly: true },
  { to: '/approvals', label: 'approvals.nav', adminOnly: true },
  { to: '/audit', label: 'nav.audit', adminOnly: true },
  { to: '/security', label: 'security.page.nav', adminOnly: false },
];

/** From this width the navigation is a sidebar that is always there (backoffice.css uses the same). */
const SIDEBAR_MEDIA = '(min-width: 960px)';
const NAV_ID = 'bo-nav';

/**
 * Header, navigation and the page. On a desktop the navigation is a sidebar; on a phone a Menu button
 * opens it as a drawer under the header, which closes on a choice, on Escape (focus back on the button)
 * or on a second press, so the page starts right under the header. (Not on any change of address: the
 * first page's own redirect would shut a drawer opened at once.)
 */
export function Shell() {
  const t = useT();
  const staff = useStaff();
  const queryClient = useQueryClient();
  const sidebar = useMediaQuery(SIDEBAR_MEDIA);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const logout = useMutation({
    mutationFn: () => callOperation(BackofficeOperations.logout, { body: {} }),
    onSuccess: () => replaceSession(queryClient, null),
    onError: (error) => {
      if (isUnauthorized(error)) replaceSession(queryClient, null);
    },
  });
  const items = NAV_ITEMS.filter((item) => !item.adminOnly || staff.role === 'admin');
  // Admins see how many changes wait for a second admin (decision 045) beside the Approvals link.
  const approvals = useApprovalsQuery(staff.role === 'admin');
  const pendingApprovals = approvals.data?.pending.length ?? 0;
  const drawerOpen = menuOpen && !sidebar;

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <div className={`bo-shell${drawerOpen ? ' bo-shell--menu-open' : ''}`}>
      <a className="bo-skip" href="#bo-main">
        {t('app.skipToContent')}
      </a>
      <header className="bo-header">
        {sidebar ? null : (
          <button
            ref={menuButton}
            type="button"
            className="bo-menu-button"
            aria-expanded={drawerOpen}
            aria-controls={NAV_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              {drawerOpen ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              )}
            </svg>
            {t('nav.menu')}
          </button>
        )}
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
      <nav id={NAV_ID} className="bo-nav" aria-label={t('nav.label')} hidden={!sidebar && !drawerOpen}>
        <ul>
          {items.map((item) => {
            const count = item.to === '/approvals' ? pendingApprovals : 0;
            const countId = `bo-nav-count-${item.to.slice(1)}`;
            return (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className="bo-nav__link"
                  aria-describedby={count > 0 ? countId : undefined}
                  onClick={() => setMenuOpen(false)}
                >
                  {t(item.label)}
                  {count > 0 ? (
                    <span className="bo-nav__count" aria-hidden="true" data-testid="approvals-pending-count">
                      {count}
                    </span>
                  ) : null}
                </NavLink>
                {count > 0 ? (
                  <span id={countId} className="visually-hidden">
                    {t('approvals.pendingCount', { count })}
                  </span>
                ) : null}
              </li>
            );
          })}
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
