import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { firstMessageOf, mobileOnlySchema, normalizeMobile, type UserRoutes } from '@karera/shared';
import { Button, LoadingDialog, TextField } from '../../components/ui/index.ts';
import { useAuthDialogs } from '../../lib/authDialogs.tsx';
import { userRequest } from '../../lib/userApi.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { resendAtFrom } from '../../components/forms/otpResend.ts';
import { refusalOf } from '../../lib/refusal.ts';

export interface MobileStepProps {
  /** resendOTP or forgotPassword: { mobileNo } -> { playerId } (an OTP is sent). */
  route: typeof UserRoutes.resendOTP | typeof UserRoutes.forgotPassword;
  intro: string;
  submitLabel: string;
  initialMobileNo?: string | undefined;
  /** The next modal, for the player the OTP was sent to (and when another may be sent: the countdown). */
  onSent: (playerId: number, mobileNo: string, statusMessage: string, resendAt: number | undefined) => void;
}

/** The resend-OTP and forgot-password modals: one mobile number (docs/product/accounts.md#one-time-codes). */
export function MobileStep({ route, intro, submitLabel, initialMobileNo = '', onSent }: MobileStepProps) {
  const { t } = useTranslation();
  const { show } = useAuthDialogs();
  const [mobileNo, setMobileNo] = useState(initialMobileNo);
  const [error, setError] = useState<string | null>(null);

  const send = useSubmitOnce({
    mutationFn: (input: { mobileNo: string }) => userRequest(route, input),
    onSuccess: (response, input) =>
      onSent(response.playerId, input.mobileNo, response.statusMessage, resendAtFrom(response, Date.now())),
    onError: (failure) => setError(refusalOf(failure)),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = mobileOnlySchema.safeParse({ mobileNo });
    if (!parsed.success) {
      setError(firstMessageOf(parsed.error));
      return;
    }
    setError(null);
    send.submit({ mobileNo: normalizeMobile(parsed.data.mobileNo) ?? parsed.data.mobileNo });
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <p className="dialog__intro">{intro}</p>
      <TextField
        label={t('auth.mobileNo')}
        hint={t('auth.mobileHint')}
        name="mobileNo"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={20}
        value={mobileNo}
        onChange={(event) => setMobileNo(event.target.value)}
        data-autofocus
      />
      <FormError message={error} />
      <Button type="submit" variant="primary" block busy={send.isPending}>
        {submitLabel}
      </Button>
      <p className="dialog__switch">
        <button type="button" className="link-button" onClick={() => show('login', { mobileNo })}>
          {t('auth.backToLogin')}
        </button>
      </p>
      <LoadingDialog open={send.isPending} label={t('auth.loading')} />
    </form>
  );
}
