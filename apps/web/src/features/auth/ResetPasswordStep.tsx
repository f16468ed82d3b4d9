import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH, UserRoutes, firstMessageOf, maskMobile, resetPasswordSchema } from '@karera/shared';
import { Button, LoadingDialog, TextField } from '../../components/ui/index.ts';
import { useAuthDialogs } from '../../lib/authDialogs.tsx';
import { userRequest } from '../../lib/userApi.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { OtpInput } from '../../components/forms/OtpInput.tsx';
import { emptyDigits } from '../../components/forms/otpDigits.ts';
import { resetRefusalOf } from '../../lib/refusal.ts';

interface ResetInput {
  playerId: number;
  otp: string;
  password: string;
  confirmPassword: string;
}

/**
 * Reset password modal (docs/product/accounts.md#forgot-and-reset-password): the OTP of forgot password and a new
 * password.
 */
export function ResetPasswordStep({ playerId, mobileNo }: { playerId: number; mobileNo: string }) {
  const { t } = useTranslation();
  const { show } = useAuthDialogs();
  const errorId = useId();
  const [digits, setDigits] = useState(() => emptyDigits(OTP_LENGTH));
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const reset = useSubmitOnce({
    mutationFn: (input: ResetInput) => userRequest(UserRoutes.resetPassword, input),
    onSuccess: () => show('resetDone', { mobileNo }),
    onError: (failure) => setError(resetRefusalOf(failure)),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ playerId, otp: digits.join(''), password, confirmPassword });
    if (!parsed.success) {
      setError(firstMessageOf(parsed.error));
      return;
    }
    setError(null);
    reset.submit({ playerId, otp: parsed.data.otp.trim(), password, confirmPassword });
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <p className="dialog__intro">{t('auth.resetPassword.intro', { mobile: maskMobile(mobileNo) })}</p>
      <OtpInput
        digits={digits}
        onChange={(next) => {
          setDigits(next);
          setError(null);
        }}
        label={t('auth.otp.group')}
        digitLabel={(position) => t('auth.otp.digit', { position })}
        describedBy={error ? errorId : undefined}
      />
      <TextField
        label={t('auth.resetPassword.password')}
        hint={t('auth.register.passwordHint')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <TextField
        label={t('auth.resetPassword.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      <FormError id={errorId} message={error} />
      <Button type="submit" variant="primary" block busy={reset.isPending}>
        {t('auth.resetPassword.submit')}
      </Button>
      <LoadingDialog open={reset.isPending} label={t('auth.loading')} />
    </form>
  );
}
