import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserRoutes, firstMessageOf, normalizeMobile, registerSchema } from '@karera/shared';
import { Button, LoadingDialog, TextField } from '../../components/ui/index.ts';
import { useAuthDialogs } from '../../lib/authDialogs.tsx';
import { userRequest } from '../../lib/userApi.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { resendAtFrom } from '../../components/forms/otpResend.ts';
import { refusalOf } from '../../lib/refusal.ts';

interface RegisterValues {
  mobileNo: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
  referralCode: string;
  acceptTerms: boolean;
}

type TextKey = Exclude<keyof RegisterValues, 'acceptTerms'>;

/**
 * Register modal (docs/product/accounts.md#registration). The referral code comes prefilled from
 * the `r` query and may stay empty (the server then uses the default agent code). Success sends an
 * OTP; the OTP modal follows.
 */
export function RegisterStep({ referral }: { referral: string | null }) {
  const { t } = useTranslation();
  const { show } = useAuthDialogs();
  const termsId = useId();
  const [values, setValues] = useState<RegisterValues>({
    mobileNo: '',
    firstName: '',
    lastName: '',
    password: '',
    confirmPassword: '',
    referralCode: referral ?? '',
    acceptTerms: false,
  });
  const [error, setError] = useState<string | null>(null);

  const register = useSubmitOnce({
    mutationFn: (input: Omit<RegisterValues, 'referralCode'> & { referralCode?: string }) =>
      userRequest(UserRoutes.register, input),
    onSuccess: (response, input) =>
      show('otp', {
        playerId: response.playerId,
        mobileNo: input.mobileNo,
        resendAt: resendAtFrom(response, Date.now()),
      }),
    onError: (failure) => setError(refusalOf(failure)),
  });

  function update(key: TextKey) {
    return (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const referralCode = values.referralCode.trim();
    const parsed = registerSchema.safeParse({
      ...values,
      referralCode: referralCode === '' ? undefined : referralCode,
    });
    if (!parsed.success) {
      setError(firstMessageOf(parsed.error));
      return;
    }
    setError(null);
    const { referralCode: code, ...rest } = parsed.data;
    register.submit({
      ...rest,
      mobileNo: normalizeMobile(rest.mobileNo) ?? rest.mobileNo,
      firstName: rest.firstName.trim(),
      lastName: rest.lastName.trim(),
      ...(code === undefined ? {} : { referralCode: code }),
    });
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField
        label={t('auth.mobileNo')}
        hint={t('auth.mobileHint')}
        name="mobileNo"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={20}
        value={values.mobileNo}
        onChange={update('mobileNo')}
        data-autofocus
      />
      <TextField
        label={t('auth.register.firstName')}
        name="firstName"
        autoComplete="given-name"
        maxLength={60}
        value={values.firstName}
        onChange={update('firstName')}
      />
      <TextField
        label={t('auth.register.lastName')}
        name="lastName"
        autoComplete="family-name"
        maxLength={60}
        value={values.lastName}
        onChange={update('lastName')}
      />
      <TextField
        label={t('auth.register.password')}
        hint={t('auth.register.passwordHint')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={update('password')}
      />
      <TextField
        label={t('auth.register.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={update('confirmPassword')}
      />
      <TextField
        label={t('auth.register.referralCode')}
        name="referralCode"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={40}
        value={values.referralCode}
        onChange={update('referralCode')}
      />
      <div className="check-field">
        <input
          id={termsId}
          type="checkbox"
          className="check-field__box"
          checked={values.acceptTerms}
          onChange={(event) => setValues((current) => ({ ...current, acceptTerms: event.target.checked }))}
        />
        <label htmlFor={termsId} className="check-field__label">
          {t('auth.register.termsBefore')}{' '}
          <Link to="/termsandconditions" target="_blank" rel="noopener">
            {t('auth.register.termsLink')}
          </Link>
        </label>
      </div>
      <FormError message={error} />
      <Button type="submit" variant="primary" block busy={register.isPending}>
        {t('auth.register.submit')}
      </Button>
      <p className="dialog__switch">
        {t('auth.register.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => show('login')}>
          {t('auth.register.login')}
        </button>
      </p>
      <LoadingDialog open={register.isPending} label={t('auth.loading')} />
    </form>
  );
}
