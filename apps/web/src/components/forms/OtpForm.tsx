import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH, UserRoutes, firstMessageOf, otpSchema, type RegisterResponse } from '@karera/shared';
import { Alert, Button, LoadingDialog } from '../ui/index.ts';
import { useMessageText } from '../../lib/messages.ts';
import { userRequest } from '../../lib/userApi.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { refusalOf } from '../../lib/refusal.ts';
import { FormError } from './FormError.tsx';
import { OtpInput } from './OtpInput.tsx';
import { emptyDigits } from './otpDigits.ts';

export interface OtpFormProps {
  /** P verifies a new account (needs playerId); M confirms a new mobile number of the logged-in player. */
  type: 'P' | 'M';
  playerId?: number | undefined;
  intro: string;
  /** A note above the boxes, e.g. why the OTP is asked for (login of an unverified account). */
  note?: string | undefined;
  /** Offer 'Resend OTP' for this number (resendOTP). */
  resendMobileNo?: string | undefined;
  /** Sends the OTP; resolves once the step after it is done. */
  verify: (otp: string) => Promise<unknown>;
}

/** The OTP entry modal's body (spec §2, §5 OTP): six boxes, checked with the shared otpSchema. */
export function OtpForm({ type, playerId, intro, note, resendMobileNo, verify }: OtpFormProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorId = useId();
  const [digits, setDigits] = useState(() => emptyDigits(OTP_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(note ?? null);

  const submit = useSubmitOnce({
    mutationFn: verify,
    onError: (failure) => setError(refusalOf(failure)),
  });
  const resend = useSubmitOnce({
    mutationFn: (mobileNo: string) => userRequest<RegisterResponse>(UserRoutes.resendOTP, { mobileNo }),
    onSuccess: (response) => {
      setError(null);
      setNotice(response.statusMessage || t('messages.otpSent'));
    },
    onError: (failure) => setError(refusalOf(failure)),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = otpSchema.safeParse({ otp: digits.join(''), type, ...(playerId === undefined ? {} : { playerId }) });
    if (!parsed.success) {
      setError(firstMessageOf(parsed.error));
      return;
    }
    setError(null);
    submit.submit(parsed.data.otp.trim());
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <p className="dialog__intro">{intro}</p>
      {notice ? (
        <Alert tone="info">
          <span data-testid="otp-note">{messageText(notice)}</span>
        </Alert>
      ) : null}
      <OtpInput
        digits={digits}
        onChange={(next) => {
          setDigits(next);
          setError(null);
        }}
        label={t('auth.otp.group')}
        digitLabel={(position) => t('auth.otp.digit', { position })}
        invalid={error !== null}
        describedBy={error ? errorId : undefined}
      />
      <FormError id={errorId} message={error} />
      <Button type="submit" variant="primary" block busy={submit.isPending}>
        {t('auth.otp.submit')}
      </Button>
      {resendMobileNo ? (
        <p className="dialog__links">
          <button
            type="button"
            className="link-button"
            onClick={() => resend.submit(resendMobileNo)}
            disabled={resend.isPending}
          >
            {t('auth.otp.resend')}
          </button>
        </p>
      ) : null}
      <LoadingDialog open={submit.isPending || resend.isPending} label={t('auth.loading')} />
    </form>
  );
}
