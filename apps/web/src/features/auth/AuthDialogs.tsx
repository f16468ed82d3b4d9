import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, Dialog } from '../../components/ui/index.ts';
import { useAuthDialogs } from '../../lib/authDialogs.tsx';
import { referralOf } from '../../lib/referral.ts';

/**
 * Placeholder login and register dialogs. The real login / register / OTP flow replaces them in a
 * later issue; the register dialog already shows the referral code it will send.
 */
export function AuthDialogs() {
  const { t } = useTranslation();
  const { current, hide } = useAuthDialogs();
  const { search } = useLocation();
  const referral = referralOf(search);
  const ok = (
    <Button variant="primary" block onClick={hide}>
      {t('authDialogs.ok')}
    </Button>
  );

  return (
    <>
      <Dialog
        open={current === 'login'}
        onClose={hide}
        title={t('authDialogs.loginTitle')}
        closeLabel={t('common.close')}
        actions={ok}
        testId="login-dialog"
      >
        <p>{t('authDialogs.loginSoon')}</p>
      </Dialog>
      <Dialog
        open={current === 'register'}
        onClose={hide}
        title={t('authDialogs.registerTitle')}
        closeLabel={t('common.close')}
        actions={ok}
        testId="register-dialog"
      >
        <p>{t('authDialogs.registerSoon')}</p>
        {referral ? (
          <p className="referral">
            <span className="referral__label">{t('authDialogs.referralCode')}</span>{' '}
            <strong className="referral__code" data-testid="referral-code">
              {referral}
            </strong>
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
