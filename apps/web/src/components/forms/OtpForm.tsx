import { Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  OTP_LENGTH,
  PlayerMessages,
  UserRoutes,
  firstMessageOf,
  otpSchema,
  type RegisterResponse,
} from '@karera/shared';
import { Alert, Button, LoadingDialog } from '../ui/index.ts';
import { addPageTexts } from '../../i18n/pageTexts.ts';
import { ApiError } from '../../lib/api.ts';
import { useMessageText } from '../../lib/messages.ts';
import { userRequest } from '../../lib/userApi.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { refusalOf } from '../../lib/refusal.ts';
import { FormError } from './FormError.tsx';
import { OtpInput } from './OtpInput.tsx';
import { emptyDigits } from './otpDigits.ts';
import { otpResendTexts, otpResendTextsFil, resendAtFrom, resendControlOf } from './otpResend.ts';

// The countdown's text loads with this form (the login and profile dialogs' chunks), not the landing page;
// its Filipino text is a line, so it comes in the same chunk, ready as soon as the form's module is.
const useResendTexts = addPageTexts('otpResend', otpResendTexts, () => Promise.resolve(otpResendTextsFil));

export interface OtpFormProps {
  /**
   * P verifies a new account (needs playerId); M confirms a new mobile number of the logged-in player;
   * L finishes a login that needs a code after repeated failures (needs playerId).
   */
  type: 'P' | 'M' | 'L';
  playerId?: number | undefined;
  intro: string;
  /** A note above the boxes, e.g. why the OTP is asked for (login of an unverified account). */
  note?: string | undefined;
  /** Offer 'Resend OTP' for this number (resendOTP). */
  resendMobileNo?: string | undefined;
  /** When the server allows a new code (ms since the epoch): until then a countdown shows instead of Resend. */
  resendAt?: number | undefined;
  /** Asks for a new code otherwise than by resendOTP (a login that needs a code posts its password again). */
  resendRequest?: (() => Promise<RegisterResponse>) | undefined;
  /** Sends the OTP; resolves once the step after it is done. */
  verify: (otp: string) => Promise<unknown>;
}

/**
 * The OTP entry modal's body (docs/product/accounts.md#one-time-codes): six boxes, checked with the shared otpSchema.
 */
export function OtpForm({
  type,
  playerId,
  intro,
  note,
  resendMobileNo,
  resendAt,
  resendRequest,
  verify,
}: OtpFormProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorId = useId();
  const [digits, setDigits] = useState(() => emptyDigits(OTP_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(note ?? null);
  const countdown = useResendCountdown(resendAt);

  const submit = useSubmitOnce({
    mutationFn: verify,
    onError: (failure) => setError(refusalOf(failure)),
  });
  const resend = useSubmitOnce({
    mutationFn: (mobileNo: string) =>
      resendRequest ? resendRequest() : userRequest(UserRoutes.resendOTP, { mobileNo }),
    onSuccess: (response) => {
      setError(null);
      setNotice(response.statusMessage || t('messages.otpSent'));
      countdown.restart(response);
    },
    onError: (failure) => {
      // Throttled: the countdown says how long (the minute's message would contradict it); an hour's limit says why.
      const throttled = failure instanceof ApiError && countdown.restart(failure.body);
      if (!throttled || failure.message !== PlayerMessages.otpResendWait) setError(refusalOf(failure));
    },
  });
  const control = resendControlOf(countdown.resendAt, countdown.now);

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
          {control.kind === 'countdown' ? (
            // Should its text still be on its way, only the countdown waits, never the open dialog.
            <Suspense fallback={null}>
              <ResendCountdown seconds={control.seconds} />
            </Suspense>
          ) : (
            <button
              type="button"
              className="link-button"
              onClick={() => resend.submit(resendMobileNo)}
              disabled={resend.isPending}
            >
              {t('auth.otp.resend')}
            </button>
          )}
        </p>
      ) : null}
      <LoadingDialog open={submit.isPending || resend.isPending} label={t('auth.loading')} />
    </form>
  );
}

/** 'Resend code in 42 s', in the site's language. */
function ResendCountdown({ seconds }: { seconds: number }) {
  useResendTexts();
  const { t } = useTranslation();
  return (
    <span role="timer" data-testid="otp-resend-countdown">
      {(t as unknown as (key: string, values: object) => string)('otpResend.resendIn', { seconds })}
    </span>
  );
}

/**
 * The time a new code may be asked for and the clock that counts down to it: it ticks (4 times a second,
 * so the seconds change on time) only while the countdown runs. `restart` takes an answer or a refusal
 * body and answers whether it carried a countdown.
 */
function useResendCountdown(initialResendAt: number | undefined) {
  const [clock, setClock] = useState(() => ({ resendAt: initialResendAt, now: Date.now() }));
  const running = resendControlOf(clock.resendAt, clock.now).kind === 'countdown';
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setClock((current) => ({ ...current, now: Date.now() })), 250);
    return () => clearInterval(timer);
  }, [running]);
  return {
    ...clock,
    restart(body: unknown): boolean {
      const now = Date.now();
      const resendAt = resendAtFrom(body, now);
      if (resendAt === undefined) return false;
      setClock({ resendAt, now });
      return true;
    },
  };
}
