import { useTranslation } from 'react-i18next';
import { Alert, Button, TextField } from '../../../components/ui/index.ts';
import { MockTabs } from './MockParts.tsx';

const SAMPLE = { currentPassword: 'sample-old', newPassword: 'sample-new1', confirmPassword: 'sample-new1' };
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The Change Password tab of /profile (features/profile ChangePasswordForm) with sample passwords. On the
 * last step it shows the form as a saved change leaves it: 'Password updated.' and empty fields.
 */
export function ChangePasswordMock({ stepId }: { stepId: string }) {
  const { t } = useTranslation();
  const done = stepId === 'done';
  const values = done ? EMPTY : SAMPLE;
  return (
    <div className="tour-mock__narrow">
      <MockTabs
        label={t('profile.sections')}
        selected="password"
        tabs={[
          { id: 'profile', label: t('profile.myProfile') },
          { id: 'password', label: t('profile.changePassword'), target: 'tab' },
        ]}
      >
        <div className="card tour-mock__form">
          {done ? (
            <div data-tour="done">
              <Alert tone="success">{t('messages.passwordUpdated')}</Alert>
            </div>
          ) : null}
          <div data-tour="current">
            <TextField label={t('profile.currentPassword')} type="password" readOnly value={values.currentPassword} />
          </div>
          <div data-tour="new">
            <TextField
              label={t('profile.newPassword')}
              hint={t('profile.newPasswordHint')}
              type="password"
              readOnly
              value={values.newPassword}
            />
          </div>
          <div data-tour="confirm">
            <TextField label={t('profile.confirmPassword')} type="password" readOnly value={values.confirmPassword} />
          </div>
          <Button variant="primary" block data-tour="submit">
            {t('profile.updatePassword')}
          </Button>
        </div>
      </MockTabs>
    </div>
  );
}
