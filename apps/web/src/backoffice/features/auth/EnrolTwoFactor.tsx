import { useState, type FormEvent } from 'react';
import type { TotpEnrolledResponse } from '@karera/shared';
import { Alert, Button, TextField } from '../../../components/ui/index.ts';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { errorText } from '../../lib/errors.ts';
import { useT } from '../../i18n/useT.ts';
import { useConfirmEnrolmentMutation, useEnrolmentQuery } from './twoFactor.api.ts';

/** The secret in groups of four, easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?!$)/g, '$1 ');
}

/**
 * Enrolment: the QR code and the key in text (drawn by the server), then a first code from the app.
 * On success the caller shows the recovery codes.
 */
export function EnrolTwoFactor({ onEnrolled }: { onEnrolled: (result: TotpEnrolledResponse) => void }) {
  const t = useT();
  const offer = useEnrolmentQuery();
  const confirm = useConfirmEnrolmentMutation();
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  if (offer.isPending) return <LoadingBlock />;
  if (offer.isError) return <ErrorBlock error={offer.error} onRetry={() => void offer.refetch()} />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirm.isPending) return;
    const trimmed = code.trim();
    if (!/^\d{6}$/.test(trimmed)) {
      setFormError(t('security.code.hint'));
      return;
    }
    setFormError(null);
    confirm.mutate(trimmed, { onSuccess: onEnrolled });
  }

  const message = formError ?? (confirm.isError ? errorText(t, confirm.error) : null);
  return (
    <div className="bo-enrol">
      <p>{t('security.enrol.intro')}</p>
      <img className="bo-enrol__qr" src={offer.data.qrCode} alt={t('security.enrol.qrAlt')} width={200} height={200} />
      <p className="bo-enrol__secret-label">{t('security.enrol.secretLabel')}</p>
      <p className="bo-enrol__secret">
        <code data-testid="totp-secret" data-secret={offer.data.secret}>
          {grouped(offer.data.secret)}
        </code>
      </p>
      <form onSubmit={submit} noValidate aria-describedby={message ? 'bo-enrol-error' : undefined}>
        {message ? (
          <div id="bo-enrol-error">
            <Alert tone="error">{message}</Alert>
          </div>
        ) : null}
        <TextField
          label={t('security.enrol.field')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" block busy={confirm.isPending}>
          {t('security.enrol.submit')}
        </Button>
      </form>
    </div>
  );
}
