import { useTranslation } from 'react-i18next';
import { formatManilaDateTime, formatPeso, type PromoView } from '@karera/shared';
import { Button, Dialog } from '../../components/ui/index.ts';
import { durationText } from './promoView.ts';
import type { ClaimSuccess } from './usePromoClaim.ts';

/** The bottom confirm sheet (docs/product/promos.md#claiming): name, description, credit-to, duration, and Claim. */
export function ConfirmSheet({
  promo,
  onClaim,
  onClose,
}: {
  promo: PromoView | null;
  onClaim: (promo: PromoView) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="promo-sheet">
      <Dialog
        open={promo !== null}
        onClose={onClose}
        title={t('promo.confirm.title')}
        closeLabel={t('common.close')}
        testId="promo-confirm"
        actions={
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('promo.confirm.cancel')}
            </Button>
            <Button variant="accent" data-autofocus onClick={() => (promo ? onClaim(promo) : undefined)}>
              {t('promo.confirm.claim')}
            </Button>
          </>
        }
      >
        {promo ? (
          <>
            <p className="promo-sheet__name">{promo.name}</p>
            <p className="promo-sheet__description">{promo.description}</p>
            <dl className="promo-card__fields">
              <div className="promo-card__field">
                <dt>{t('promo.fields.creditTo')}</dt>
                <dd>{t(`promo.creditTo.${promo.creditTo}`)}</dd>
              </div>
              <div className="promo-card__field">
                <dt>{t('promo.fields.duration')}</dt>
                <dd>{durationText(promo.validityInHours, t)}</dd>
              </div>
            </dl>
          </>
        ) : null}
      </Dialog>
    </div>
  );
}

/**
 * The outcome popups (docs/product/promos.md#claiming): the success text with what the claim paid now and the balances
 * after it, both from the claim's answer (a rebate pays nothing now, so the bonus balance is the one from before:
 * said so, never shown as the promo's reward), or the refusal then 'Please try again later.'.
 */
export function ClaimResultDialogs({
  success,
  failure,
  onClose,
}: {
  success: ClaimSuccess | null;
  failure: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog
        open={success !== null}
        onClose={onClose}
        title={t('promo.successTitle')}
        closeLabel={t('common.close')}
        testId="promo-success"
        actions={
          <Button variant="primary" block onClick={onClose} data-autofocus>
            {t('promo.ok')}
          </Button>
        }
      >
        <p className="alert-dialog__text">{t('promo.success')}</p>
        {success ? (
          <dl className="promo-card__fields">
            <div className="promo-card__field">
              <dt>{t('promo.fields.name')}</dt>
              <dd data-testid="promo-success-name">{success.name}</dd>
            </div>
            <div className="promo-card__field">
              <dt>{t('promo.rewardNow')}</dt>
              <dd data-testid="promo-success-reward">
                {success.reward > 0 ? formatPeso(success.reward) : t('promo.rewardLater')}
              </dd>
            </div>
            <div className="promo-card__field">
              <dt>{t('promo.newBonus')}</dt>
              <dd data-testid="promo-success-bonus">{formatPeso(success.bonusBalance)}</dd>
            </div>
            <div className="promo-card__field">
              <dt>{t('promo.newCredit')}</dt>
              <dd data-testid="promo-success-credit">{formatPeso(success.creditBalance)}</dd>
            </div>
            <div className="promo-card__field">
              <dt>{t('promo.validUntil')}</dt>
              <dd>
                {success.expiryDate === null ? (
                  t('promo.noExpiry')
                ) : (
                  <time dateTime={success.expiryDate}>{formatManilaDateTime(success.expiryDate)}</time>
                )}
              </dd>
            </div>
          </dl>
        ) : null}
      </Dialog>
      <Dialog
        open={failure !== null}
        onClose={onClose}
        title={t('promo.failedTitle')}
        closeLabel={t('common.close')}
        alert
        testId="promo-failure"
        actions={
          <Button variant="primary" block onClick={onClose} data-autofocus>
            {t('promo.ok')}
          </Button>
        }
      >
        <p className="alert-dialog__text" data-testid="promo-failure-message">
          {failure}
        </p>
        <p>{t('promo.tryAgain')}</p>
      </Dialog>
    </>
  );
}
