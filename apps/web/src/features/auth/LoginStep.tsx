import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PlayerMessages,
  StatusCode,
  UserRoutes,
  firstMessageOf,
  loginMobile,
  loginSchema,
  maskMobile,
  type LoginResponse,
  type RegisterResponse,
} from '@karera/shared';
import { Button, LoadingDialog, TextField } from '../../components/ui/index.ts';
import { ApiError } from '../../lib/api.ts';
import { useAuthDialogs } from '../../lib/authDialogs.tsx';
import { returnPathOf, saveLogin } from '../../lib/session/index.ts';
import { userRequest } from '../../lib/userApi.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { playerIdOf, refusalOf } from '../../lib/refusal.ts';
import { resendAtFrom } from '../../components/forms/otpResend.ts';
import { OtpForm } from '../../components/forms/OtpForm.tsx';

/** A login whose password was right but whose number needs the code sent to it (decision 022). */
interface LoginChallenge {
  playerId: number;
  mobileNo: string;
  password: string;
  resendAt: number | undefined;
}

function isCodeRequired(failure: unknown): failure is ApiError {
  return failure instanceof ApiError && failure.statusCode === StatusCode.LOGIN_OTP_REQUIRED;
}

/** Login modal (docs/product/accounts.md#login). */
export function LoginStep({ mobileNo: initialMobile = '' }: { mobileNo?: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { show, hide } = useAuthDialogs();
  const [mobileNo, setMobileNo] = useState(initialMobile);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);

  function loggedIn(response: LoginResponse) {
    saveLogin(response);
    hide();
    void navigate(returnPathOf(search) ?? '/live');
  }

  const login = useSubmitOnce({
    mutationFn: (input: { mobileNo: string; password: string }) => userRequest(UserRoutes.login, input),
    onSuccess: loggedIn,
    onError: (failure, input) => {
      const playerId = playerIdOf(failure);
      if (isCodeRequired(failure) && playerId !== null) {
        setChallenge({ playerId, ...input, resendAt: resendAtFrom(failure.body, Date.now()) });
        return;
      }
      if (failure instanceof ApiError && failure.statusCode === StatusCode.UNVERIFIED && playerId !== null) {
        const resendAt = resendAtFrom(failure.body, Date.now());
        show('otp', { playerId, mobileNo: input.mobileNo, note: PlayerMessages.unverified, resendAt });
        return;
      }
      setError(refusalOf(failure));
    },
  });

  if (challenge) {
    return (
      <OtpForm
        type="L"
        playerId={challenge.playerId}
        intro={t('auth.otp.intro', { mobile: maskMobile(challenge.mobileNo) })}
        note={PlayerMessages.loginOtpRequired}
        resendMobileNo={challenge.mobileNo}
        resendAt={challenge.resendAt}
        // A new code only ever follows the right password: the login is posted again.
        resendRequest={async (): Promise<RegisterResponse> => {
          try {
            const response = await userRequest(UserRoutes.login, {
              mobileNo: challenge.mobileNo,
              password: challenge.password,
            });
            // The failures have aged out meanwhile: the password alone logs in.
            loggedIn(response);
            return { statusCode: 200, playerId: response.playerId, statusMessage: '', resendAfterSeconds: 0 };
          } catch (failure) {
            if (!isCodeRequired(failure)) throw failure;
            const now = Date.now();
            const resendAt = resendAtFrom(failure.body, now);
            return {
              statusCode: 200,
              playerId: challenge.playerId,
              statusMessage: PlayerMessages.otpSent,
              resendAfterSeconds: resendAt === undefined ? 0 : Math.round((resendAt - now) / 1000),
            };
          }
        }}
        verify={async (otp) => {
          loggedIn(await userRequest(UserRoutes.otp, { otp, playerId: challenge.playerId, type: 'L' }));
        }}
      />
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginSchema.safeParse({ mobileNo, password });
    if (!parsed.success) {
      setError(firstMessageOf(parsed.error));
      return;
    }
    setError(null);
    login.submit({ mobileNo: loginMobile(parsed.data.mobileNo), password: parsed.data.password });
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField
        label={t('auth.mobileNo')}
        name="mobileNo"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={20}
        value={mobileNo}
        onChange={(event) => setMobileNo(event.target.value)}
        data-autofocus
      />
      <TextField
        label={t('auth.login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormError message={error} />
      <Button type="submit" variant="primary" block busy={login.isPending}>
        {t('auth.login.submit')}
      </Button>
      <p className="dialog__links">
        <button type="button" className="link-button" onClick={() => show('forgotPassword', { mobileNo })}>
          {t('auth.login.forgotPassword')}
        </button>
        <button type="button" className="link-button" onClick={() => show('resendOtp', { mobileNo })}>
          {t('auth.login.resendOtp')}
        </button>
      </p>
      <p className="dialog__switch">
        {t('auth.login.noAccount')}{' '}
        <button type="button" className="link-button" onClick={() => show('register')}>
          {t('auth.login.register')}
        </button>
      </p>
      <LoadingDialog open={login.isPending} label={t('auth.loading')} />
    </form>
  );
}
