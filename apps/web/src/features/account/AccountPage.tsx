import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch, Page } from '../../components/ui/index.ts';
import { useBettingSiteLink } from '../../lib/bettingSite.ts';
import { useLogout } from '../../lib/useLogout.ts';
import { useSiteConfig } from '../../lib/siteConfig.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';

type LinkKey =
  | 'profile'
  | 'betRules'
  | 'walletHistory'
  | 'race'
  | 'betHistory'
  | 'responsibleGaming'
  | 'verify'
  | 'statement'
  | 'deposit'
  | 'withdraw'
  | 'result'
  | 'promo'
  | 'tutorial'
  | 'aboutUs'
  | 'terms'
  | 'privacy';

const SECTIONS: readonly { key: 'account' | 'play' | 'help'; links: readonly { to: string; key: LinkKey }[] }[] = [
  {
    key: 'account',
    links: [
      { to: '/profile', key: 'profile' },
      { to: '/history?type=wallet', key: 'walletHistory' },
      { to: '/history?type=bet', key: 'betHistory' },
      { to: '/responsiblegaming', key: 'responsibleGaming' },
      { to: '/verify', key: 'verify' },
      { to: '/statement', key: 'statement' },
      { to: '/payment?type=deposit', key: 'deposit' },
      { to: '/payment?type=withdraw', key: 'withdraw' },
    ],
  },
  {
    key: 'play',
    links: [
      { to: '/live', key: 'race' },
      { to: '/result', key: 'result' },
      { to: '/promo', key: 'promo' },
      { to: '/betrules', key: 'betRules' },
    ],
  },
  {
    key: 'help',
    links: [
      { to: '/tutorial', key: 'tutorial' },
      { to: '/aboutus', key: 'aboutUs' },
      { to: '/termsandconditions', key: 'terms' },
      { to: '/privacypolicy', key: 'privacy' },
    ],
  },
];

function Chevron() {
  return (
    <svg className="menu-list__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function MenuSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="menu-section">
      <h2 className="menu-section__title">{title}</h2>
      <ul className="menu-list">{children}</ul>
    </section>
  );
}

/**
 * Account menu (/account, docs/product/screens.md#account-menu): every account link, the support channels and the
 * external betting site (when configured), the language switch, Coming Soon items, what the app shell adds under
 * the settings (the notification settings), Sign Out.
 */
export function AccountPage({ settings }: { settings?: ReactNode }) {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const logout = useLogout();
  const config = useSiteConfig();
  const bettingSite = useBettingSiteLink();

  return (
    <Page title={title} className="page--narrow" testId="account-page">
      <nav aria-label={t('account.menu')}>
        {SECTIONS.map((section) => (
          <MenuSection key={section.key} title={t(`account.sections.${section.key}`)}>
            {section.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="menu-list__item">
                  {t(`account.${link.key}`)}
                  <Chevron />
                </Link>
              </li>
            ))}
          </MenuSection>
        ))}
        {config.isSuccess ? (
          <MenuSection title={t('account.sections.community')}>
            <li>
              <a className="menu-list__item" href={config.data.telegramUrl} target="_blank" rel="noopener noreferrer">
                <span>
                  {t('account.telegram')} <span className="visually-hidden">{t('account.newTab')}</span>
                </span>
                <Chevron />
              </a>
            </li>
            <li>
              <a className="menu-list__item" href={config.data.facebookUrl} target="_blank" rel="noopener noreferrer">
                <span>
                  {t('account.facebook')} <span className="visually-hidden">{t('account.newTab')}</span>
                </span>
                <Chevron />
              </a>
            </li>
            {bettingSite ? (
              <li>
                <a className="menu-list__item" href={bettingSite.href} target="_blank" rel="noopener noreferrer">
                  <span>
                    {bettingSite.label} <span className="visually-hidden">{t('account.newTab')}</span>
                  </span>
                  <Chevron />
                </a>
              </li>
            ) : null}
          </MenuSection>
        ) : null}
      </nav>
      <MenuSection title={t('account.sections.settings')}>
        <li>
          <div className="menu-list__item">
            {/* The switch's group is named 'Language / Wika' for screen readers; this is its visible name. */}
            <span aria-hidden="true">Language / Wika</span>
            <LanguageSwitch />
          </div>
        </li>
        {(['news', 'theme'] as const).map((key) => (
          <li key={key}>
            <span className="menu-list__item menu-list__item--disabled" aria-disabled="true">
              <span>{t(`account.${key}`)}</span>
              <span className="badge">{t('account.comingSoon')}</span>
            </span>
          </li>
        ))}
      </MenuSection>
      {settings}
      <button type="button" className="btn btn--secondary btn--block account-signout" onClick={logout}>
        {t('account.signOut')}
      </button>
    </Page>
  );
}
