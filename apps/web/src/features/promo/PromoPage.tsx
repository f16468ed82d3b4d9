import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { promoTabOf, type PromoView } from '@karera/shared';
import { LoadingDialog, Page, Tabs, type TabItem } from '../../components/ui/index.ts';
import { useQueryTab } from '../../lib/useQueryTab.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { ACTIVE_PROMO_HEADING_ID, ActivePromoStrip } from './ActivePromoStrip.tsx';
import { ClaimResultDialogs, ConfirmSheet } from './ClaimDialogs.tsx';
import { promoHistoryQuery } from './promoApi.ts';
import { PromoShortcuts } from './PromoShortcuts.tsx';
import { BreakBanner } from '../../components/rg/BreakBanner.tsx';
import { AvailableTab, HistoryTab } from './PromoTabs.tsx';
import { usePromoClaim } from './usePromoClaim.ts';
import './promo.css';

type Tab = ReturnType<typeof promoTabOf>;

/**
 * Promos (/promo?type=history, docs/product/screens.md#promos): the active promo strip, the Available Promo
 * and Promo History tabs, code entry, the confirm sheet and the claim's loader and popups, shortcuts.
 */
export function PromoPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const [tab, selectTab] = useQueryTab(promoTabOf);
  const history = useQuery(promoHistoryQuery);
  const { claim, pending, success, failure, dismiss, claimed } = usePromoClaim();
  const [confirming, setConfirming] = useState<PromoView | null>(null);

  function claimChosen(promo: PromoView) {
    setConfirming(null);
    claim(promo.promoCode);
  }

  function closeResult() {
    const claimedOne = success !== null;
    dismiss();
    // The claimed promo's button is disabled now: the strip with the new active promo takes focus instead.
    if (claimedOne) requestAnimationFrame(() => document.getElementById(ACTIVE_PROMO_HEADING_ID)?.focus());
  }

  const items: TabItem<Tab>[] = [
    {
      id: 'available',
      label: t('promo.available'),
      panel: (
        <AvailableTab
          codeFormKey={claimed}
          history={history}
          claiming={pending}
          onCode={claim}
          onChoose={setConfirming}
        />
      ),
    },
    { id: 'history', label: t('promo.history'), panel: <HistoryTab history={history} /> },
  ];

  return (
    <Page title={title} testId="promo-page" className="promo-page">
      <BreakBanner />
      <ActivePromoStrip history={history} />
      <Tabs label={t('promo.tabsLabel')} items={items} selected={tab} onSelect={selectTab} />
      <PromoShortcuts />
      <ConfirmSheet promo={confirming} onClaim={claimChosen} onClose={() => setConfirming(null)} />
      <LoadingDialog open={pending} label={t('promo.wait')} />
      <ClaimResultDialogs success={success} failure={failure} onClose={closeResult} />
    </Page>
  );
}
