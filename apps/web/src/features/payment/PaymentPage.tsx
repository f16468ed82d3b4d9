import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paymentTabOf } from '@karera/shared';
import { Page, Tabs, type TabItem } from '../../components/ui/index.ts';
import { BreakBanner } from '../../components/rg/BreakBanner.tsx';
import { useSiteConfig } from '../../lib/siteConfig.ts';
import { useQueryTab } from '../../lib/useQueryTab.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { DepositTab } from './DepositTab.tsx';
import { WithdrawTab } from './WithdrawTab.tsx';
import './payment.css';

type Tab = ReturnType<typeof paymentTabOf>;

/**
 * Payment (/payment?type=deposit|withdraw, docs/product/screens.md#payment): Deposit and Withdraw tabs and quick links.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const [tab, selectTab] = useQueryTab(paymentTabOf);
  const site = useSiteConfig();
  const items: TabItem<Tab>[] = [
    { id: 'deposit', label: t('payments.deposit'), panel: <DepositTab /> },
    { id: 'withdraw', label: t('payments.withdraw'), panel: <WithdrawTab /> },
  ];
  return (
    <Page title={title} testId="payment-page">
      <BreakBanner />
      <nav className="payment-links" aria-label={t('payments.quickLinks')}>
        <Link to="/live">{t('payments.links.live')}</Link>
        <Link to="/history?type=wallet">{t('payments.links.wallet')}</Link>
        <Link to="/promo">{t('payments.links.promo')}</Link>
        {site.data?.telegramUrl ? (
          <a href={site.data.telegramUrl} target="_blank" rel="noreferrer">
            {t('payments.links.telegram')}
          </a>
        ) : null}
      </nav>
      <Tabs label={t('payments.tabsLabel')} items={items} selected={tab} onSelect={selectTab} />
    </Page>
  );
}
