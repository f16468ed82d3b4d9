import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '../../../components/ui/index.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { errorText } from '../../lib/errors.ts';
import { formatManilaDateTime } from '../../lib/format.ts';
import { useT } from '../../i18n/useT.ts';
import { EnrolTwoFactor } from './EnrolTwoFactor.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { useNewRecoveryCodesMutation, useSecurityQuery } from './twoFactor.api.ts';
import './auth.css';

/**
 * The signed-in staff member's sign-in security: two-factor status, unused recovery codes and new ones;
 * an agent for whom it is optional turns it on here.
 */
export function SecurityPage() {
  const t = useT();
  const security = useSecurityQuery();
  const [enrolling, setEnrolling] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <>
      <PageHeading title={t('security.page.title')} />
      <section className="bo-section bo-security" aria-labelledby="bo-security-two-factor">
        <h2 id="bo-security-two-factor">{t('security.page.twoFactor')}</h2>
        {security.isPending ? (
          <LoadingBlock />
        ) : security.isError ? (
          <ErrorBlock error={security.error} onRetry={() => void security.refetch()} />
        ) : (
          <>
            <p>
              {security.data.twoFactorEnabled && security.data.enrolledAt
                ? t('security.page.on', { date: formatManilaDateTime(security.data.enrolledAt) })
                : t('security.page.off')}
            </p>
            <p className="bo-muted">
              {security.data.twoFactorRequired ? t('security.page.required') : t('security.page.optional')}
            </p>
            {codes ? (
              <RecoveryCodes codes={codes} />
            ) : security.data.twoFactorEnabled ? (
              <>
                <p>{t('security.page.codesLeft', { count: security.data.recoveryCodesLeft })}</p>
                <NewRecoveryCodes onCodes={setCodes} />
              </>
            ) : enrolling ? (
              <EnrolTwoFactor
                onEnrolled={(enrolled) => {
                  setEnrolling(false);
                  setCodes(enrolled.recoveryCodes);
                }}
              />
            ) : (
              <Button onClick={() => setEnrolling(true)}>{t('security.page.turnOn')}</Button>
            )}
          </>
        )}
      </section>
    </>
  );
}

function NewRecoveryCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const renew = useNewRecoveryCodesMutation();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (renew.isPending) return;
    renew.mutate(code.trim(), { onSuccess: (body) => onCodes(body.recoveryCodes) });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="bo-new-codes-title">
      <h3 id="bo-new-codes-title">{t('security.page.newCodesTitle')}</h3>
      <p className="bo-muted">{t('security.page.newCodesIntro')}</p>
      {renew.isError ? <Alert tone="error">{errorText(t, renew.error)}</Alert> : null}
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
      <Button type="submit" busy={renew.isPending}>
        {t('security.page.newCodes')}
      </Button>
    </form>
  );
}
