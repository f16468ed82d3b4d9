import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  BackofficeMessages,
  BackofficeOperations,
  fieldErrorsOf,
  StaffRequestMessages,
  staffLoginSchema,
  type StaffLoginInput,
  type StaffLoginResponse,
  type StaffMember,
  type TotpEnrolledResponse,
} from '@karera/shared';
import { ApiError } from '../../../lib/api.ts';
import { callOperation } from '../../../lib/callOperation.ts';
import { Alert, Button, TextField } from '../../../components/ui/index.ts';
import { errorText } from '../../lib/errors.ts';
import { localizeMessage, useT, type BoT } from '../../i18n/useT.ts';
import { EnrolTwoFactor } from './EnrolTwoFactor.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { useCodeMutation } from './twoFactor.api.ts';
import './auth.css';

type Step =
  { kind: 'password' } | { kind: 'code' } | { kind: 'enrol' } | { kind: 'recovery'; enrolled: TotpEnrolledResponse };

/** The sign-in step expired (10 minutes) or was ended: only the password can start again. */
function stepExpired(error: unknown): boolean {
  return error instanceof ApiError && error.message === BackofficeMessages.notLoggedIn;
}

/**
 * The sentence for a refused sign-in. A staff member someone created who has not enrolled is refused
 * with a 403 that says where to go (the link texted to them, decision 044): shown as sent, not as the
 * generic 'no access'.
 */
export function signInErrorText(t: BoT, error: unknown): string {
  if (error instanceof ApiError && error.message === StaffRequestMessages.enrolThroughLink) return error.message;
  return errorText(t, error);
}

/**
 * Shown at any address while nobody is signed in; after login the same address renders. The password
 * comes first; then, by the server's answer, a code, or enrolment and the recovery codes (decision 021).
 */
export function LoginPage({ onLoggedIn }: { onLoggedIn: (staff: StaffMember) => void }) {
  const t = useT();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [expired, setExpired] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const title =
    step.kind === 'code'
      ? t('security.code.title')
      : step.kind === 'enrol'
        ? t('security.enrol.title')
        : step.kind === 'recovery'
          ? t('security.recovery.title')
          : t('login.title');

  useEffect(() => {
    document.title = t('app.documentTitle', { page: title });
  }, [t, title]);

  // Each new step moves the focus to its heading, so a screen reader announces it.
  useEffect(() => {
    if (step.kind !== 'password') heading.current?.focus();
  }, [step.kind]);

  function startAgain(afterExpiry: boolean) {
    // The step's session ends on the server too; a failure here changes nothing for the user.
    if (!afterExpiry) callOperation(BackofficeOperations.logout, { body: {} }).catch(() => undefined);
    setExpired(afterExpiry);
    setStep({ kind: 'password' });
  }

  return (
    <main className="bo-login">
      <div className="card bo-login__card">
        <p className="bo-brand bo-brand--on-card">{t('app.name')}</p>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {step.kind === 'password' ? (
          <PasswordStep
            expired={expired}
            onNext={(answer) => {
              setExpired(false);
              if (answer.step === 'done') onLoggedIn(answer.staff);
              else setStep({ kind: answer.step });
            }}
          />
        ) : step.kind === 'code' ? (
          <CodeStep onLoggedIn={onLoggedIn} onExpired={() => startAgain(true)} onStartAgain={() => startAgain(false)} />
        ) : step.kind === 'enrol' ? (
          <EnrolTwoFactor onEnrolled={(enrolled) => setStep({ kind: 'recovery', enrolled })} />
        ) : (
          <RecoveryCodes codes={step.enrolled.recoveryCodes} onSaved={() => onLoggedIn(step.enrolled.staff)} />
        )}
      </div>
    </main>
  );
}

function PasswordStep({ expired, onNext }: { expired: boolean; onNext: (answer: StaffLoginResponse) => void }) {
  const t = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: (input: StaffLoginInput) => callOperation(BackofficeOperations.login, { body: input }),
    onSuccess: onNext,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    const parsed = staffLoginSchema.safeParse({ username, password });
    if (!parsed.success) {
      const fields = fieldErrorsOf(parsed.error);
      setFormError(localizeMessage(t, fields.username ?? fields.password ?? parsed.error.message));
      return;
    }
    setFormError(null);
    login.mutate(parsed.data);
  }

  const message =
    formError ??
    (login.isError
      ? signInErrorText(t, login.error)
      : expired
        ? localizeMessage(t, BackofficeMessages.notLoggedIn)
        : null);

  return (
    <>
      <p className="bo-muted">{t('login.intro')}</p>
      <form onSubmit={submit} noValidate aria-describedby={message ? 'bo-login-error' : undefined}>
        {message ? (
          <div id="bo-login-error">
            <Alert tone="error">{message}</Alert>
          </div>
        ) : null}
        <TextField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" block busy={login.isPending}>
          {t('login.submit')}
        </Button>
      </form>
    </>
  );
}

function CodeStep({
  onLoggedIn,
  onExpired,
  onStartAgain,
}: {
  onLoggedIn: (staff: StaffMember) => void;
  onExpired: () => void;
  onStartAgain: () => void;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const submitCode = useCodeMutation();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitCode.isPending) return;
    const trimmed = code.trim();
    if (trimmed.length < 6) {
      setFormError(t('security.code.hint'));
      return;
    }
    setFormError(null);
    submitCode.mutate(trimmed, {
      onSuccess: (body) => onLoggedIn(body.staff),
      onError: (error) => {
        if (stepExpired(error)) onExpired();
      },
    });
  }

  const message = formError ?? (submitCode.isError ? errorText(t, submitCode.error) : null);
  return (
    <>
      <p className="bo-muted">{t('security.code.intro')}</p>
      <form onSubmit={submit} noValidate aria-describedby={message ? 'bo-code-error' : undefined}>
        {message ? (
          <div id="bo-code-error">
            <Alert tone="error">{message}</Alert>
          </div>
        ) : null}
        <TextField
          label={t('security.code.field')}
          hint={t('security.code.hint')}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={24}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <div className="bo-login__actions">
          <Button type="submit" block busy={submitCode.isPending}>
            {t('security.code.submit')}
          </Button>
          <Button variant="secondary" block onClick={onStartAgain}>
            {t('security.code.startAgain')}
          </Button>
        </div>
      </form>
    </>
  );
}
