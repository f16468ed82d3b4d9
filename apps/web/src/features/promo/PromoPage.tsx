import { useTranslation } from 'react-i18next';
import { promoTabOf } from '@karera/shared';
import { ComingSoon, Page, Tabs, type TabItem } from '../../components/ui/index.ts';
import { useQueryTab } from '../../lib/useQueryTab.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';

type Tab = ReturnType<typeof promoTabOf>;

/**
 * Promos (/promo?type=history): Available Promo and Promo History tabs.
 * Placeholder with its real tabs (selected from the query string) until its issue lands.
 */
export function PromoPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const [tab, selectTab] = useQueryTab(promoTabOf);
  const panel = (label: string) => (
    <ComingSoon label={t('common.comingSoon')}>
      <p>{t('placeholder.tabBody', { tab: label })}</p>
    </ComingSoon>
  );
  const items: TabItem<Tab>[] = [
    { id: 'available', label: t('placeholder.promo.available'), panel: panel(t('placeholder.promo.available')) },
    { id: 'history', label: t('placeholder.promo.history'), panel: panel(t('placeholder.promo.history')) },
  ];
  return (
    <Page title={title} testId="promo-page">
      <Tabs label={t('placeholder.tabsLabel', { title })} items={items} selected={tab} onSelect={selectTab} />
    </Page>
  );
}
