import { useTranslation } from 'react-i18next';
import { historyTabOf } from '@karera/shared';
import { Page, Tabs, type TabItem } from '../../components/ui/index.ts';
import { useQueryTab } from '../../lib/useQueryTab.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { BetHistoryTab } from './BetHistoryTab.tsx';
import { WalletHistoryTab } from './WalletHistoryTab.tsx';
import './history.css';

type Tab = ReturnType<typeof historyTabOf>;

/**
 * Transaction History (/history?type=wallet|bet): Race Bet and Wallet tabs.
 * Race Bet lists the player's tickets; Wallet their deposits, withdrawals, adjustments and promos.
 */
export function HistoryPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const [tab, selectTab] = useQueryTab(historyTabOf);
  const items: TabItem<Tab>[] = [
    { id: 'bet', label: t('placeholder.history.bet'), panel: <BetHistoryTab /> },
    { id: 'wallet', label: t('placeholder.history.wallet'), panel: <WalletHistoryTab /> },
  ];
  return (
    <Page title={title} testId="history-page">
      <Tabs label={t('placeholder.tabsLabel', { title })} items={items} selected={tab} onSelect={selectTab} />
    </Page>
  );
}
