import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LOGIN_LINK_REASON_MAX, loginLinkSchema } from '@karera/shared';
import { Alert, Button, TextField } from '../../../components/ui/index.ts';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { errorText } from '../../lib/errors.ts';
import { localizeMessage, useT } from '../../i18n/useT.ts';
import { absoluteLoginLink } from './loginLink.ts';
import { useLoginLinkMutation } from './players.api.ts';

const COPIED_MS = 2000;

type CopyState = 'idle' | 'copied' | 'manual';

/**
 * Creates a single-use, short-lived link that logs the player in on the player site, for an admin to send
 * to the player (e.g. when the player cannot receive an OTP), for a written reason that is audited; the
 * player is told by SMS (decision 020). The link is a secret: it lives only in this component's state,
 * never in the query cache or the address, and is gone when the page is left.
 */
export function LoginLinkSection({ playerId }: { playerId: number }) {
  const t = useT();
  const headingId = useId();
  const fieldId = useId();
  const noteId = useId();
  const create = useLoginLinkMutation(playerId);
  const fieldRef = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const [expired, setExpired] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const result = create.data;
  const link = result ? absoluteLoginLink(window.location.origin, result.url) : null;

  // 'Copied' shows for a moment, then the button reads 'Copy' again.
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = window.setTimeout(() => setCopy('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copy]);

  // Say so once the link has expired, so an old link is not sent.
  const expiresAt = result?.expiresAt;
  useEffect(() => {
    if (!expiresAt) return;
    const left = Date.parse(expiresAt) - Date.now();
    if (Number.isNaN(left)) return;
    const timer = window.setTimeout(() => setExpired(true), Math.max(0, Math.min(left, 2 ** 31 - 1)));
    return () => window.clearTimeout(timer);
  }, [expiresAt]);

  function createLink(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const checked = loginLinkSchema.safeParse({ reason });
    if (!checked.success) {
      setReasonError(localizeMessage(t, checked.error.issues[0]?.message ?? ''));
      return;
    }
    setReasonError(null);
    setCopy('idle');
    setExpired(false);
    create.mutate(checked.data, {
      onSuccess: () => requestAnimationFrame(() => fieldRef.current?.select()),
    });
  }

  async function copyLink() {
    if (!link) return;
    try {
      // Missing outside a secure context (plain http on another host): fall back to selecting the text.
      if (!('clipboard' in navigator)) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      fieldRef.current?.focus();
      fieldRef.current?.select();
      setCopy('manual');
    }
  }

  return (
    <section className="card bo-section bo-login-link" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('loginLink.title')}</h2>
      <p className="bo-muted">{t('loginLink.intro')}</p>
      <form className="bo-login-link__create" noValidate onSubmit={createLink}>
        <TextField
          label={t('loginLink.reason')}
          hint={t('loginLink.reasonHint')}
          value={reason}
          maxLength={LOGIN_LINK_REASON_MAX}
          autoComplete="off"
          error={reasonError ?? undefined}
          data-testid="login-link-reason"
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(null);
          }}
        />
        <div className="bo-actions">
          <Button type="submit" variant={result ? 'secondary' : 'primary'} busy={create.isPending}>
            {t('loginLink.create')}
          </Button>
        </div>
      </form>
      {create.isError ? <Alert tone="error">{errorText(t, create.error)}</Alert> : null}
      {result && !link ? <Alert tone="error">{t('loginLink.badLink')}</Alert> : null}
      {result && link ? (
        <div className="bo-login-link__result">
          <div className="field">
            <label className="field__label" htmlFor={fieldId}>
              {t('loginLink.field')}
            </label>
            <div className="bo-copy">
              <input
                ref={fieldRef}
                id={fieldId}
                className="field__input bo-copy__input"
                type="text"
                readOnly
                value={link}
                aria-describedby={noteId}
                autoComplete="off"
                spellCheck={false}
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button variant="secondary" className="bo-copy__button" onClick={() => void copyLink()}>
                {copy === 'copied' ? t('loginLink.copied') : t('loginLink.copy')}
              </Button>
            </div>
          </div>
          {/* Announces the copy outcome; the button's own text change is not read by every screen reader. */}
          <p className="bo-copy__status" role="status">
            {copy === 'copied' ? t('loginLink.copiedStatus') : copy === 'manual' ? t('loginLink.copyManually') : ''}
          </p>
          <dl className="bo-fields">
            <div className="bo-fields__row">
              <dt>{t('loginLink.expires')}</dt>
              <dd>
                <ManilaTime iso={result.expiresAt} />
              </dd>
            </div>
          </dl>
          <p id={noteId} className="bo-login-link__note">
            {t('loginLink.note')}
          </p>
          {expired ? <Alert tone="info">{t('loginLink.expired')}</Alert> : null}
        </div>
      ) : null}
    </section>
  );
}
