import { memo, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch, Switch } from '../../components/ui/index.ts';
import { showAlert } from '../../lib/alerts.ts';
import { useBettingSiteLink } from '../../lib/bettingSite.ts';
import { siteConfigQuery } from '../../lib/siteConfig.ts';
import { displayNameOf, playerState, usePlayerState, useSession } from '../../lib/session/index.ts';
import { useBalance, bonusSwitchDecision } from '../../lib/balance.ts';
import { useBalanceText } from '../../lib/useBalanceRefresh.ts';
import { usePopover } from '../../lib/usePopover.ts';
import { useLogout } from '../../lib/useLogout.ts';
import { AccountIcon } from './icons.tsx';

const LINKS = [
  { to: '/profile', key: 'profile' },
  { to: '/betrules', key: 'betRules' },
  { to: '/history?type=wallet', key: 'transactionHistory' },
  { to: '/blackbook', key: 'blackbook' },
  { to: '/responsiblegaming', key: 'responsibleGaming' },
  { to: '/aboutus', key: 'aboutUs' },
  { to: '/termsandconditions', key: 'terms' },
  { to: '/privacypolicy', key: 'privacy' },
] as const;

/**
 * The account dropdown (docs/product/screens.md#header-and-navigation): who is logged in, both balances, the use-bonus
 * switch (kept in the shared in-memory state for the betting screen), account links (and the external betting site when
 * the server names one), the language switch and Sign Out.
 */
export const AccountMenu = memo(function AccountMenu() {
  const { t } = useTranslation();
  const popover = usePopover();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(popover.open);
  if (popover.open && !opened) setOpened(true);
  // The betting site's link is in the menu the moment it opens: the site's settings are asked for now.
  useEffect(() => {
    void queryClient.prefetchQuery(siteConfigQuery);
  }, [queryClient]);

  return (
    <div className="account-menu" ref={popover.rootRef}>
      <button
        type="button"
        className="icon-button account-menu__toggle"
        aria-label={t('player.accountMenu')}
        {...popover.buttonProps}
      >
        <AccountIcon />
      </button>
      <div {...popover.panelProps} className="popover account-menu__panel" data-testid="account-menu">
        {opened ? <AccountMenuContents /> : null}
      </div>
    </div>
  );
});

/** What the dropdown shows: rendered the first time it opens (then kept), not in the header's first render. */
export function AccountMenuContents() {
  const { t } = useTranslation();
  const session = useSession();
  const { useBonus } = usePlayerState();
  const logout = useLogout();
  const bettingSite = useBettingSiteLink();
  const balance = useBalance();
  const amount = useBalanceText();

  function onUseBonus() {
    const decision = bonusSwitchDecision(useBonus, balance);
    if (decision.kind === 'refused') showAlert(t('messages.noBonusBalance'));
    else playerState.update({ useBonus: decision.useBonus });
  }

  return (
    <>
      <p className="account-menu__name">{displayNameOf(session) || t('player.name')}</p>
      <dl className="account-menu__facts">
        <div>
          <dt>{t('player.mobileNo')}</dt>
          <dd data-testid="account-mobile">{session.mobileNo}</dd>
        </div>
        <div>
          <dt>{t('player.playerId')}</dt>
          <dd data-testid="account-player-id">{session.playerId}</dd>
        </div>
        <div>
          <dt>{t('player.creditBalance')}</dt>
          <dd>{amount('credit')}</dd>
        </div>
        <div>
          <dt>{t('player.bonusCredit')}</dt>
          <dd className="account-menu__bonus">
            <span data-testid="account-bonus">{amount('bonus')}</span>
            <Switch
              checked={useBonus}
              label={t('player.useBonusLabel')}
              text={t('player.useBonus')}
              onToggle={onUseBonus}
            />
          </dd>
        </div>
      </dl>
      <nav aria-label={t('player.menuLinks')}>
        <ul className="account-menu__links">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="account-menu__link">
                {t(`player.${link.key}`)}
              </Link>
            </li>
          ))}
          {bettingSite ? (
            <li>
              <a href={bettingSite.href} className="account-menu__link" target="_blank" rel="noopener noreferrer">
                {bettingSite.label} <span className="visually-hidden">{t('account.newTab')}</span>
              </a>
            </li>
          ) : null}
        </ul>
      </nav>
      <div className="account-menu__language">
        <LanguageSwitch />
      </div>
      <button type="button" className="btn btn--secondary btn--block" onClick={logout}>
        {t('player.signOut')}
      </button>
    </>
  );
}
