import { memo, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/ui/index.ts';
import { displayNameOf, useSessionValue } from '../../lib/session/index.ts';
import { useBalanceRefresh, useBalanceText } from '../../lib/useBalanceRefresh.ts';
import { usePopover } from '../../lib/usePopover.ts';
import { useScrolled } from '../../lib/useScrolled.ts';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { BalancePanel } from './BalancePanel.tsx';
import { ChevronIcon, RefreshIcon } from './icons.tsx';

/**
 * The logged-in header (docs/product/screens.md#header-and-navigation): the player's name, the credit balance (opens
 * the full-balance panel) with a refresh button, the notifications bell, and the account dropdown.
 */
export const PlayerHeader = memo(function PlayerHeader() {
  const { t } = useTranslation();
  const name = useSessionValue(displayNameOf) || t('player.name');
  const scrolled = useScrolled(10);

  return (
    <header className="player-header" data-scrolled={scrolled ? 'true' : 'false'} data-testid="player-header">
      <div className="player-header__inner">
        <Link to="/" className="player-header__home" aria-label={t('header.homeLink')}>
          <Logo name={t('common.brand')} />
        </Link>
        <section className="player-header__account" aria-label={t('player.accountSummary')}>
          <span className="player-header__name" data-testid="player-name">
            {name}
          </span>
          <BalanceRow />
        </section>
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        <AccountMenu />
      </div>
    </header>
  );
});

/**
 * The credit balance (opening the full-balance panel) and its refresh button: the only part of the header
 * that renders again while getBalance is read and answers.
 */
function BalanceRow() {
  const { t } = useTranslation();
  const refresh = useBalanceRefresh();
  const balancePopover = usePopover();
  const balanceText = useBalanceText();
  const balance = balanceText('credit');
  return (
    <div className="player-header__balance-row" ref={balancePopover.rootRef}>
      <button type="button" className="player-header__balance" {...balancePopover.buttonProps}>
        <span className="visually-hidden">{t('player.balance')}: </span>
        <span data-testid="player-balance" aria-busy={refresh.isPending || undefined}>
          {balance}
        </span>
        <ChevronIcon />
      </button>
      <button
        type="button"
        className="icon-button player-header__refresh"
        aria-label={t('player.refreshBalance')}
        aria-busy={refresh.isPending || undefined}
        data-spinning={refresh.isPending ? 'true' : 'false'}
        onClick={() => {
          if (!refresh.isPending) refresh.mutate();
        }}
      >
        <RefreshIcon />
      </button>
      <BalancePanel {...balancePopover.panelProps} />
    </div>
  );
}
