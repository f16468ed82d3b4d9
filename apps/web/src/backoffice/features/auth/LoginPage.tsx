import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  BackofficeRoutes,
  fieldErrorsOf,
  staffLoginSchema,
  type StaffLoginInput,
  type StaffMember,
  type StaffMeResponse,
} from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';
import { Alert, Button, TextField } from '../../../components/ui/index.ts';
import { errorText } from '../../lib/errors.ts';
import { localizeMessage, useT } from '../../i18n/useT.ts';

/** Shown at any address while nobody is signed in; after login the same address renders. */
export function LoginPage({ onLoggedIn }: { onLoggedIn: (staff: StaffMember) => void }) {
  const t = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    document.title = t('app.documentTitle', { page: t('login.title') });
  }, [t]);

  const login = useMutation({
    mutationFn: (input: StaffLoginInput) =>
      apiRequest<StaffMeResponse>(BackofficeRoutes.login, { method: 'POST', body: input }),
    onSuccess: (body) => onLoggedIn(body.staff),
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

  const message = formError ?? (login.isError ? errorText(t, login.error) : null);

  return (
    <main className="bo-login">
      <div className="card bo-login__card">
        <p className="bo-brand bo-brand--on-card">{t('app.name')}</p>
        <h1>{t('login.title')}</h1>
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
      </div>
    </main>
  );
}
