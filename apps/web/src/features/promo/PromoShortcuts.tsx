import { useTranslation } from 'react-i18next';
import { Alert, Button, ButtonLink, Spinner } from '../../components/ui/index.ts';
import { useSiteConfig } from '../../lib/siteConfig.ts';

/** Shortcuts under the promos: Place Bet, Deposit, Transactions, and the contact group. */
export function PromoShortcuts() {
  const { t } = useTranslation();
  const site = useSiteConfig();
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
      <section className="card promo-contact" aria-labelledby="promo-contact-title">
        <h2 id="promo-contact-title" className="card__title">
          {t('promo.contactTitle')}
        </h2>
        {site.isPending ? <Spinner label={t('promo.contactLoading')} /> : null}
        {site.isError ? (
          <Alert tone="error">
            <p className="alert__text">{t('promo.contactError')}</p>
            <Button variant="secondary" size="sm" onClick={() => void site.refetch()} busy={site.isFetching}>
              {t('promo.retry')}
            </Button>
          </Alert>
        ) : null}
        {site.isSuccess ? (
          <ul className="channel-list">
            <li>
              <a className="channel" href={site.data.telegramUrl} target="_blank" rel="noopener noreferrer">
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                  <path
                    d="M21 4L3 11.2l5.6 2 2 6 3.2-3.6 4.6 3.4L21 4zM8.6 13.2l9-6.2-6.8 7.6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinejoin="round"
                  />
                </svg>
                <span>{t('promo.telegram')}</span>
              </a>
            </li>
            <li>
              <a className="channel" href={site.data.facebookUrl} target="_blank" rel="noopener noreferrer">
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                  <path
                    d="M12 3C7 3 3 6.7 3 11.3c0 2.6 1.3 4.9 3.3 6.4V21l3-1.7c.9.3 1.8.4 2.7.4 5 0 9-3.7 9-8.4S17 3 12 3zm1 11l-2.3-2.4L6.3 14l4.8-5 2.3 2.4L17.7 9 13 14z"
                    fill="currentColor"
                  />
                </svg>
                <span>{t('promo.facebook')}</span>
              </a>
            </li>
          </ul>
        ) : null}
      </section>
    </>
  );
}
