import { useTranslation } from 'react-i18next';
import { Alert, Button, Spinner } from '../../components/ui/index.ts';
import { useSiteConfig } from '../../lib/siteConfig.ts';

/** Telegram, Facebook and the support e-mail, from GET /api/site/config. */
export function ContactChannels() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  return (
    <section className="card contact-channels" aria-labelledby="contact-channels-title">
      <h2 id="contact-channels-title" className="card__title">
        {t('contact.otherChannels')}
      </h2>
      {config.isPending ? <Spinner label={t('contact.loadingChannels')} /> : null}
      {config.isError ? (
        <Alert tone="error">
          <p className="alert__text">{t('contact.channelsError')}</p>
          <Button variant="secondary" size="sm" onClick={() => void config.refetch()} busy={config.isFetching}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : null}
      {config.isSuccess ? (
        <ul className="channel-list">
          <li>
            <a className="channel" href={config.data.telegramUrl} target="_blank" rel="noopener noreferrer">
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path
                  d="M21 4L3 11.2l5.6 2 2 6 3.2-3.6 4.6 3.4L21 4zM8.6 13.2l9-6.2-6.8 7.6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                />
              </svg>
              <span>{t('contact.telegram')}</span>
            </a>
          </li>
          <li>
            <a className="channel" href={config.data.facebookUrl} target="_blank" rel="noopener noreferrer">
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path
                  d="M12 3C7 3 3 6.7 3 11.3c0 2.6 1.3 4.9 3.3 6.4V21l3-1.7c.9.3 1.8.4 2.7.4 5 0 9-3.7 9-8.4S17 3 12 3zm1 11l-2.3-2.4L6.3 14l4.8-5 2.3 2.4L17.7 9 13 14z"
                  fill="currentColor"
                />
              </svg>
              <span>{t('contact.facebook')}</span>
            </a>
          </li>
          <li>
            <a className="channel" href={`mailto:${config.data.supportEmail}`}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
                <path d="M3.5 6.5L12 13l8.5-6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
              </svg>
              <span>
                {t('contact.supportEmail')}: <span data-testid="support-email">{config.data.supportEmail}</span>
              </span>
            </a>
          </li>
        </ul>
      ) : null}
    </section>
  );
}
