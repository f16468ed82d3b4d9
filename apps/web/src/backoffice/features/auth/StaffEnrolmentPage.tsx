import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { EnrolmentLinkDoneResponse, EnrolmentLinkOfferResponse } from '@karera/shared';
import { Alert, ButtonLink, Button, TextField } from '../../../components/ui/index.ts';
import { LoadingBlock } from '../../components/QueryState.tsx';
import { errorText, serverFieldErrors } from '../../lib/errors.ts';
import { localizeMessage, useT } from '../../i18n/useT.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { useConfirmEnrolmentLinkMutation, useEnrolmentOfferQuery } from './enrolment.api.ts';
import { checkEnrolment, tokenFromFragment, type EnrolmentDraft, type EnrolmentField } from './enrolmentLink.ts';
import './auth.css';
import './enrolment.css';

/** The secret in groups of four, easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?!$)/g, '$1 ');
}

/**
 * The page a staff member's one-time enrolment link opens (decision 044), outside the back office's
 * sign-in: their own password, their authenticator app (QR code or key), a first code, then their
 * recovery codes. The token is read once from the fragment and taken off the address, so it stays in no
 * history entry.
 */
export function StaffEnrolmentPage() {
  const t = useT();
  const [token] = useState(() => tokenFromFragment(window.location.hash));
  const [done, setDone] = useState<EnrolmentLinkDoneResponse | null>(null);
  const offer = useEnrolmentOfferQuery(done ? null : token);
  const heading = useRef<HTMLHeadingElement>(null);
  const title = done ? t('enrolment.doneTitle') : t('enrolment.title');

  useEffect(() => {
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  }, []);
  useEffect(() => {
    document.title = t('app.documentTitle', { page: title });
  }, [t, title]);
  // The last step announces itself: the focus moves to its heading.
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  return (
    <main className="bo-login">
      <div className="card bo-login__card">
        <p className="bo-brand bo-brand--on-card">{t('app.name')}</p>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {done ? (
          <>
            <p>{t('enrolment.doneIntro', { username: done.username })}</p>
            <RecoveryCodes codes={done.recoveryCodes} />
            <ButtonLink to="/" block>
              {t('enrolment.signIn')}
            </ButtonLink>
          </>
        ) : token === null ? (
          <Alert tone="error">{t('enrolment.noToken')}</Alert>
        ) : offer.isPending ? (
          <LoadingBlock />
        ) : offer.isError ? (
          <Alert tone="error">
            <span data-testid="enrolment-refused">{errorText(t, offer.error)}</span>
          </Alert>
        ) : (
          <EnrolmentForm token={token} offer={offer.data} onDone={setDone} />
        )}
      </div>
    </main>
  );
}

const EMPTY: EnrolmentDraft = { password: '', confirmPassword: '', code: '' };
const FIELD_ORDER: readonly EnrolmentField[] = ['password', 'confirmPassword', 'code'];

function EnrolmentForm({
  token,
  offer,
  onDone,
}: {
  token: string;
  offer: EnrolmentLinkOfferResponse;
  onDone: (done: EnrolmentLinkDoneResponse) => void;
}) {
  const t = useT();
  const confirm = useConfirmEnrolmentLinkMutation();
  const [draft, setDraft] = useState<EnrolmentDraft>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<EnrolmentField, string>>>({});
  const form = useRef<HTMLFormElement>(null);

  function update(field: EnrolmentField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** The first field with a message takes the focus, so its message is read out. */
  function focusFirstError(errors: Partial<Record<EnrolmentField, string>>) {
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirm.isPending) return;
    const check = checkEnrolment(token, draft);
    if (!check.ok) {
      confirm.reset();
      setFieldErrors(check.fieldErrors);
      focusFirstError(check.fieldErrors);
      return;
    }
    setFieldErrors({});
    confirm.mutate(check.body, {
      onSuccess: onDone,
      onError: (error) => {
        const errors = serverFieldErrors(t, error);
        setFieldErrors(errors);
        focusFirstError(errors);
      },
    });
  }

  const error = (field: EnrolmentField) => {
    const message = fieldErrors[field];
    return message ? localizeMessage(t, message) : undefined;
  };
  const hasFieldErrors = Object.values(fieldErrors).some(Boolean);
  const serverMessage = confirm.isError && !hasFieldErrors ? errorText(t, confirm.error) : null;

  return (
    <div className="bo-enrol">
      <p>
        <strong data-testid="enrolment-account">
          {t('enrolment.account', { displayName: offer.displayName, username: offer.username })}
        </strong>
      </p>
      <p className="bo-muted">{t('enrolment.intro')}</p>
      <form ref={form} onSubmit={submit} noValidate aria-describedby="bo-enrolment-error">
        <div id="bo-enrolment-error" aria-live="polite">
          {serverMessage ? <Alert tone="error">{serverMessage}</Alert> : null}
          {hasFieldErrors ? <Alert tone="error">{t('enrolment.fixErrors')}</Alert> : null}
        </div>
        <fieldset className="bo-enrol__step">
          <legend>{t('enrolment.passwordStep')}</legend>
          {/* The username lets a password manager file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={offer.username} readOnly hidden />
          <TextField
            label={t('enrolment.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            hint={t('enrolment.passwordHint')}
            required
            value={draft.password}
            error={error('password')}
            onChange={(event) => update('password', event.target.value)}
          />
          <TextField
            label={t('enrolment.confirmPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            value={draft.confirmPassword}
            error={error('confirmPassword')}
            onChange={(event) => update('confirmPassword', event.target.value)}
          />
        </fieldset>
        <fieldset className="bo-enrol__step">
          <legend>{t('enrolment.appStep')}</legend>
          <img className="bo-enrol__qr" src={offer.qrCode} alt={t('enrolment.qrAlt')} width={200} height={200} />
          <p className="bo-enrol__secret-label">{t('enrolment.secretLabel')}</p>
          <p className="bo-enrol__secret">
            <code data-testid="enrolment-secret" data-secret={offer.secret}>
              {grouped(offer.secret)}
            </code>
          </p>
          <TextField
            label={t('enrolment.code')}
            name="code"
            hint={t('enrolment.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={draft.code}
            error={error('code')}
            onChange={(event) => update('code', event.target.value)}
          />
        </fieldset>
        <Button type="submit" block busy={confirm.isPending}>
          {t('enrolment.submit')}
        </Button>
      </form>
    </div>
  );
}
