import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatManilaDateTime, formatPeso, type PromoClaimView, type PromoView } from '@karera/shared';
import { Button } from '../../components/ui/index.ts';
import { claimStatusOf, expiryText, promoFieldTexts, type ClaimButtonState } from './promoView.ts';

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="promo-card__field">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** A promo on offer (docs/product/promos.md#promos-on-offer): every field, and its claim button. */
export function PromoCard({
  promo,
  state,
  onClaim,
}: {
  promo: PromoView;
  /** null while the player's active promo is not known yet: the button waits. */
  state: ClaimButtonState | null;
  onClaim: (promo: PromoView) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const fields = promoFieldTexts(promo, t);
  return (
    <article
      className="card promo-card"
      aria-labelledby={headingId}
      data-testid="promo-card"
      data-code={promo.promoCode}
    >
      <div className="promo-card__head">
        <h3 className="promo-card__name" id={headingId}>
          {promo.name}
        </h3>
        <span className="badge promo-card__code">{t('promo.codeBadge', { code: promo.promoCode })}</span>
      </div>
      <p className="promo-card__description">{promo.description}</p>
      <dl className="promo-card__fields">
        <Field label={t('promo.fields.reward')} value={fields.reward} testId="promo-reward" />
        <Field label={t('promo.fields.creditTo')} value={fields.creditTo} testId="promo-credit-to" />
        <Field label={t('promo.fields.remaining')} value={fields.remaining} testId="promo-remaining" />
        <Field label={t('promo.fields.unused')} value={fields.unused} testId="promo-unused" />
        <Field label={t('promo.fields.dailyDeposit')} value={fields.dailyDeposit} testId="promo-daily-deposit" />
        <Field label={t('promo.fields.accountAge')} value={fields.accountAge} testId="promo-account-age" />
        <Field label={t('promo.fields.duration')} value={fields.duration} testId="promo-duration" />
      </dl>
      <Button
        variant={state === 'claim' ? 'accent' : 'secondary'}
        block
        disabled={state !== 'claim'}
        onClick={() => onClaim(promo)}
        data-testid="promo-claim"
        // The visible label names the action; the promo's name tells the cards' buttons apart.
        aria-describedby={headingId}
      >
        {t(`promo.button.${state ?? 'claim'}`)}
      </Button>
    </article>
  );
}

/**
 * A claim in the player's history (docs/product/promos.md#history): status, reward earning, dates claimed and expired.
 */
export function ClaimCard({ claim }: { claim: PromoClaimView }) {
  const { t } = useTranslation();
  const headingId = useId();
  const status = claimStatusOf(claim);
  return (
    <article className="card promo-card" aria-labelledby={headingId} data-testid="promo-claim-card">
      <div className="promo-card__head">
        <h3 className="promo-card__name" id={headingId}>
          {claim.name}
        </h3>
        <span className={`badge promo-status promo-status--${status}`} data-testid="promo-claim-status">
          {t(`promo.status.${status}`)}
        </span>
      </div>
      <p className="promo-card__description">{claim.description}</p>
      <dl className="promo-card__fields">
        <Field label={t('promo.fields.earnings')} value={formatPeso(claim.totalEarnings)} testId="promo-earnings" />
        <div className="promo-card__field">
          <dt>{t('promo.fields.claimDate')}</dt>
          <dd>
            <time dateTime={claim.claimDate}>{formatManilaDateTime(claim.claimDate)}</time>
          </dd>
        </div>
        <div className="promo-card__field">
          <dt>{t('promo.fields.expiryDate')}</dt>
          <dd data-testid="promo-expiry">
            {claim.expiryDate === null ? (
              expiryText(null, t)
            ) : (
              <time dateTime={claim.expiryDate}>{expiryText(claim.expiryDate, t)}</time>
            )}
          </dd>
        </div>
      </dl>
    </article>
  );
}
