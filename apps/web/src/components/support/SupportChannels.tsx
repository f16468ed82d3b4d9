import { Alert, Button, Spinner } from '../ui/index.ts';
import { useSiteConfig } from '../../lib/siteConfig.ts';

/** The words of a support-channels card, in the reader's language (each page keeps its own). */
export interface SupportChannelsTexts {
  title: string;
  loading: string;
  error: string;
  retry: string;
  telegram: string;
  facebook: string;
  /** The support e-mail's label; without it the card lists Telegram and Facebook only. */
  email?: string;
}

/**
 * A card of the operator's support channels from GET /api/site/config (Telegram, Facebook and, where
 * asked, the support e-mail), with its loading state and a retry when the settings fail to load.
 */
export function SupportChannels({
  className,
  titleId,
  texts,
}: {
  className: string;
  titleId: string;
  texts: SupportChannelsTexts;
}) {
  const config = useSiteConfig();
  return (
    <section className={`card ${className}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {texts.title}
      </h2>
      {config.isPending ? <Spinner label={texts.loading} /> : null}
      {config.isError ? (
        <Alert tone="error">
          <p className="alert__text">{texts.error}</p>
          <Button variant="secondary" size="sm" onClick={() => void config.refetch()} busy={config.isFetching}>
            {texts.retry}
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
              <span>{texts.telegram}</span>
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
              <span>{texts.facebook}</span>
            </a>
          </li>
          {texts.email ? (
            <li>
              <a className="channel" href={`mailto:${config.data.supportEmail}`}>
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                  <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
                  <path d="M3.5 6.5L12 13l8.5-6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
                </svg>
                <span>
                  {texts.email}: <span data-testid="support-email">{config.data.supportEmail}</span>
                </span>
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
