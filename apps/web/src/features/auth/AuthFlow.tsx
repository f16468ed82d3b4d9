import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlayerMessages, UserRoutes, maskMobile } from '@karera/shared';
import { Button, Dialog } from '../../components/ui/index.ts';
import { useAuthDialogs, type AuthDialogKind, type AuthDialogState } from '../../lib/authDialogs.tsx';
import { useMessageText } from '../../lib/messages.ts';
import { referralOf } from '../../lib/referral.ts';
import { returnPathOf, saveLogin } from '../../lib/session/index.ts';
import { userRequest } from '../../lib/userApi.ts';
import { LoginStep } from './LoginStep.tsx';
import { MobileStep } from './MobileStep.tsx';
import { OtpForm } from '../../components/forms/OtpForm.tsx';
import { RegisterStep } from './RegisterStep.tsx';
import { ResetPasswordStep } from './ResetPasswordStep.tsx';

const TITLE_KEYS = {
  login: 'auth.login.title',
  register: 'auth.register.title',
  resendOtp: 'auth.resendOtp.title',
  otp: 'auth.otp.title',
  forgotPassword: 'auth.forgotPassword.title',
  resetPassword: 'auth.resetPassword.title',
  resetDone: 'auth.resetDone.title',
} as const satisfies Record<AuthDialogKind, string>;

/**
 * The login-flow modals (docs/product/screens.md#sign-in-modals) in one native dialog whose content steps:
 * login → forgot password → reset password → done → login; login → resend OTP → OTP; register → OTP
 * → /live. Focus moves to each step's first field and back to the opener when the flow closes.
 * Each step is a fresh form (its key), so nothing typed lingers after the flow closes.
 */
export function AuthFlow() {
  const { t } = useTranslation();
  const { state, hide } = useAuthDialogs();
  // Keep the last step on screen while the dialog closes.
  const last = useRef<AuthDialogState | null>(null);
  if (state) last.current = state;
  const shown = state ?? last.current;
  const kind = shown?.kind ?? 'login';

  return (
    <Dialog
      open={state !== null}
      onClose={() => hide()}
      title={t(TITLE_KEYS[kind])}
      closeLabel={t('common.close')}
      testId={`${kind}-dialog`}
      stepKey={`${kind}:${shown?.playerId ?? ''}`}
    >
      {state ? <Step key={`${state.kind}:${state.playerId ?? ''}`} state={state} /> : null}
    </Dialog>
  );
}

function Step({ state }: { state: AuthDialogState }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { show, hide } = useAuthDialogs();

  switch (state.kind) {
    case 'login':
      return <LoginStep mobileNo={state.mobileNo} />;
    case 'register':
      return <RegisterStep referral={referralOf(search)} />;
    case 'resendOtp':
      return (
        <MobileStep
          route={UserRoutes.resendOTP}
          intro={t('auth.resendOtp.intro')}
          submitLabel={t('auth.resendOtp.submit')}
          initialMobileNo={state.mobileNo}
          onSent={(playerId, mobileNo, statusMessage, resendAt) =>
            show('otp', { playerId, mobileNo, note: statusMessage, resendAt })
          }
        />
      );
    case 'otp':
      return (
        <OtpForm
          type="P"
          playerId={state.playerId}
          intro={
            state.mobileNo
              ? t('auth.otp.intro', { mobile: maskMobile(state.mobileNo) })
              : t('auth.otp.introUnknownMobile')
          }
          note={state.note}
          resendMobileNo={state.mobileNo}
          resendAt={state.resendAt}
          verify={async (otp) => {
            const response = await userRequest(UserRoutes.otp, {
              otp,
              playerId: state.playerId,
              type: 'P',
            });
            saveLogin(response);
            hide();
            void navigate(returnPathOf(search) ?? '/live');
          }}
        />
      );
    case 'forgotPassword':
      return (
        <MobileStep
          route={UserRoutes.forgotPassword}
          intro={t('auth.forgotPassword.intro')}
          submitLabel={t('auth.forgotPassword.submit')}
          initialMobileNo={state.mobileNo}
          onSent={(playerId, mobileNo) => show('resetPassword', { playerId, mobileNo })}
        />
      );
    case 'resetPassword':
      return state.playerId === undefined ? null : (
        <ResetPasswordStep playerId={state.playerId} mobileNo={state.mobileNo ?? ''} />
      );
    case 'resetDone':
      return (
        <div>
          <p className="dialog__intro" role="status" data-testid="reset-done">
            {messageText(PlayerMessages.passwordReset)}
          </p>
          <Button variant="primary" block data-autofocus onClick={() => show('login', { mobileNo: state.mobileNo })}>
            {t('auth.resetDone.login')}
          </Button>
        </div>
      );
  }
}
