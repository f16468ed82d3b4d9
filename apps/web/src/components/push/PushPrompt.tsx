import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/index.ts';
import { closePushOffer, type PushOfferReason } from '../../lib/push/pushOffer.ts';
import { subscribeThisBrowser, type PushSubscribeResult } from '../../lib/push/pushSubscription.ts';
import { usePushPromptT } from './pushPromptI18n.ts';
import './pushPrompt.css';

/** How long the answer (on, blocked, failed) stays before the offer closes itself. */
const ANSWER_MS = 6_000;

/**
 * The web push offer (issue 35 §2), never on a first visit: inside a bet's receipt (`inline`), or as a
 * small card above the bottom navigation after a follow, never a modal. "Turn on" asks the browser (the
 * permission prompt needs this press) and subscribes; "Not now" and the close button put it away for a while.
 */
export function PushPrompt({ reason, inline = false }: { reason: PushOfferReason; inline?: boolean }) {
  const t = usePushPromptT();
  const { i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<PushSubscribeResult | null>(null);

  useEffect(() => {
    if (answer === null) return;
    const timer = window.setTimeout(() => closePushOffer(answer !== 'subscribed'), ANSWER_MS);
    return () => window.clearTimeout(timer);
  }, [answer]);

  const turnOn = async () => {
    setBusy(true);
    const result = await subscribeThisBrowser(i18n.language === 'fil' ? 'fil' : 'en');
    setBusy(false);
    setAnswer(result);
  };

  return (
    <section
      className={inline ? 'push-prompt push-prompt--inline' : 'push-prompt'}
      aria-label={t('label')}
      data-testid="push-prompt"
    >
      {inline ? null : (
        <button
          type="button"
          className="push-prompt__close"
          aria-label={t('close')}
          onClick={() => closePushOffer(answer === null)}
        >
          ×
        </button>
      )}
      {answer === null ? (
        <>
          <p className="push-prompt__text">{t(reason)}</p>
          <div className="push-prompt__actions">
            <Button size="sm" variant="secondary" onClick={() => closePushOffer(true)}>
              {t('notNow')}
            </Button>
            <Button size="sm" busy={busy} onClick={() => void turnOn()}>
              {t('turnOn')}
            </Button>
          </div>
        </>
      ) : (
        <p className="push-prompt__text" role="status" data-testid="push-prompt-answer" data-answer={answer}>
          {t(answer)}
        </p>
      )}
    </section>
  );
}
