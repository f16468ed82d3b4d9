import { useTranslation } from 'react-i18next';
import { paymentTabOf } from '@karera/shared';
import { ComingSoon, Page, Tabs, type TabItem } from '../../components/ui/index.ts';
import { useQueryTab } from '../../lib/useQueryTab.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';

type Tab = ReturnType<typeof paymentTabOf>;

/**
 * Payment (/payment?type=deposit|withdraw): Deposit and Withdraw tabs.
 * Placeholder with its real tabs (selected from the query string) until its issue lands.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const [tab, selectTab] = useQueryTab(paymentTabOf);
  const panel = (label: string) => (
    <ComingSoon label={t('common.comingSoon')}>
      <p>{t('placeholder.tabBody', { tab: label })}</p>
    </ComingSoon>
  );
  const items: TabItem<Tab>[] = [
    { id: 'deposit', label: t('placeholder.payment.deposit'), panel: panel(t('placeholder.payment.deposit')) },
    { id: 'withdraw', label: t('placeholder.payment.withdraw'), panel: panel(t('placeholder.payment.withdraw')) },
  ];
  return (
    <Page title={title} testId="payment-page">
      <Tabs label={t('placeholder.tabsLabel', { title })} items={items} selected={tab} onSelect={selectTab} />
    </Page>
  );
}
