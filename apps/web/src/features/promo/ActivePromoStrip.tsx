import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatManilaDateTime, type PromoHistoryResponse } from '@karera/shared';
import { Alert, Button, Spinner } from '../../components/ui/index.ts';
import { activePromoOf } from './promoView.ts';

export const ACTIVE_PROMO_HEADING_ID = 'promo-active-title';

/**
 * The strip over the tabs (docs/product/promos.md#the-active-promo): 'Active Promo' with name, 'Until' expiry and
 * description, or 'No Active Promo'.
 */
export function ActivePromoStrip({ history }: { history: UseQueryResult<PromoHistoryResponse> }) {
  const { t } = useTranslation();
  const active = history.data ? activePromoOf(history.data.promos) : null;
  return (
    <section
      className={`promo-active${active ? ' promo-active--on' : ''}`}
      aria-labelledby={ACTIVE_PROMO_HEADING_ID}
      data-testid="promo-active"
    >
      <h2 id={ACTIVE_PROMO_HEADING_ID} className="promo-active__title" tabIndex={-1}>
        {history.isSuccess && !active ? t('promo.noActive') : t('promo.activeTitle')}
      </h2>
      {history.isPending ? (
        <Spinner label={t('promo.activeLoading')} />
      ) : history.isError ? (
        <div className="promo-active__error">
          <Alert tone="error">{t('promo.activeError')}</Alert>
          <Button variant="secondary" size="sm" busy={history.isFetching} onClick={() => void history.refetch()}>
            {t('promo.retry')}
          </Button>
        </div>
      ) : active ? (
        <div className="promo-active__body">
          <p className="promo-active__name" data-testid="promo-active-name">
            {active.name}
          </p>
          <p className="promo-active__until" data-testid="promo-active-until">
            {active.expiryDate === null ? (
              t('promo.noExpiry')
            ) : (
              <time dateTime={active.expiryDate}>
                {t('promo.until', { date: formatManilaDateTime(active.expiryDate) })}
              </time>
            )}
          </p>
          <p className="promo-active__description">{active.description}</p>
        </div>
      ) : null}
    </section>
  );
}
