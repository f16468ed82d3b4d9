import { memo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBalanceText } from '../../lib/useBalanceRefresh.ts';

/**
 * The full-balance panel (docs/product/screens.md#header-and-navigation): credit and bonus balance, what each is for,
 * how to get a bonus. Its contents are rendered the first time it opens (then kept), not in the header's first render.
 */
export const BalancePanel = memo(function BalancePanel({ id, hidden }: { id: string; hidden: boolean }) {
  const [opened, setOpened] = useState(!hidden);
  if (!hidden && !opened) setOpened(true);
  return (
    <div id={id} hidden={hidden} className="popover balance-panel" data-testid="balance-panel">
      {opened ? <BalancePanelContents /> : null}
    </div>
  );
});

export function BalancePanelContents() {
  const { t } = useTranslation();
  const amount = useBalanceText();
  return (
    <>
      <p className="popover__title">{t('player.balancePanel.title')}</p>
      <dl className="balance-panel__list">
        <div className="balance-panel__item">
          <dt>{t('player.balancePanel.credit')}</dt>
          <dd className="balance-panel__amount">{amount('credit')}</dd>
          <dd className="balance-panel__text">{t('player.balancePanel.creditText')}</dd>
        </div>
        <div className="balance-panel__item">
          <dt>{t('player.balancePanel.bonus')}</dt>
          <dd className="balance-panel__amount">{amount('bonus')}</dd>
          <dd className="balance-panel__text">{t('player.balancePanel.bonusText')}</dd>
        </div>
      </dl>
      <Link to="/tutorial-promo" className="popover__link">
        {t('player.balancePanel.howToClaim')}
      </Link>
    </>
  );
}
