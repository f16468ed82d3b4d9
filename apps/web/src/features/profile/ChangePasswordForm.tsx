import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayerMessages, UserRoutes, changePasswordSchema, firstMessageOf } from '@karera/shared';
import { Alert, Button, LoadingDialog, TextField } from '../../components/ui/index.ts';
import { showAlert } from '../../lib/alerts.ts';
import { useMessageText } from '../../lib/messages.ts';
import { isSessionInvalid, userRequest } from '../../lib/userApi.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { refusalOf } from '../../lib/refusal.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password tab (docs/product/accounts.md#profile-and-password): one message at a time; a refusal is a popup. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const change = useSubmitOnce({
    mutationFn: (input: typeof EMPTY) => userRequest(UserRoutes.changePassword, input),
    onSuccess: () => {
      setValues(EMPTY);
      setDone(true);
    },
    onError: (failure) => {
      if (!isSessionInvalid(failure)) showAlert(messageText(refusalOf(failure)), 'error');
    },
  });

  function update(key: keyof typeof EMPTY, value: string) {
    setValues((current) => ({ ...current, [key]: value }));
    setDone(false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      setError(firstMessageOf(parsed.error));
      setDone(false);
      return;
    }
    setError(null);
    change.submit(values);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="card" data-testid="change-password-form">
      {done ? (
        <Alert tone="success">
          <span data-testid="password-updated">{messageText(PlayerMessages.passwordUpdated)}</span>
        </Alert>
      ) : null}
      <TextField
        label={t('profile.currentPassword')}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={(event) => update('currentPassword', event.target.value)}
      />
      <TextField
        label={t('profile.newPassword')}
        hint={t('profile.newPasswordHint')}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(event) => update('newPassword', event.target.value)}
      />
      <TextField
        label={t('profile.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(event) => update('confirmPassword', event.target.value)}
      />
      <FormError message={error} />
      <Button type="submit" variant="primary" block busy={change.isPending}>
        {t('profile.updatePassword')}
      </Button>
      <LoadingDialog open={change.isPending} label={t('auth.loading')} />
    </form>
  );
}
