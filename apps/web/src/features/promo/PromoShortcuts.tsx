import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/index.ts';
import { SupportChannels } from '../../components/support/SupportChannels.tsx';

/** Shortcuts under the promos: Place Bet, Deposit, Transactions, and the contact group. */
export function PromoShortcuts() {
  const { t } = useTranslation();
  return (
    <>
      <nav className="promo-shortcuts" aria-label={t('promo.shortcuts')} data-testid="promo-shortcuts">
        <ButtonLink to="/live" variant="accent" size="sm">
          {t('promo.links.live')}
        </ButtonLink>
        <ButtonLink to="/payment?type=deposit" variant="secondary" size="sm">
          {t('promo.links.deposit')}
        </ButtonLink>
        <ButtonLink to="/history" variant="secondary" size="sm">
          {t('promo.links.transactions')}
        </ButtonLink>
      </nav>
      <SupportChannels
        className="promo-contact"
        titleId="promo-contact-title"
        texts={{
          title: t('promo.contactTitle'),
          loading: t('promo.contactLoading'),
          error: t('promo.contactError'),
          retry: t('promo.retry'),
          telegram: t('promo.telegram'),
          facebook: t('promo.facebook'),
        }}
      />
    </>
  );
}
