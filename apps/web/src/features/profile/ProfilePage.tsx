import { useTranslation } from 'react-i18next';
import { Page, Tabs } from '../../components/ui/index.ts';
import { useQueryTab } from '../../lib/useQueryTab.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { MyProfile } from './MyProfile.tsx';
import { profileTabOf } from './profileForm.ts';

/** Profile (/profile, docs/product/screens.md#profile): My Profile and Change Password tabs. */
export function ProfilePage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const [tab, selectTab] = useQueryTab(profileTabOf);
  return (
    <Page title={title} className="page--narrow" testId="profile-page">
      <Tabs
        label={t('profile.sections')}
        selected={tab}
        onSelect={selectTab}
        items={[
          { id: 'profile', label: t('profile.myProfile'), panel: <MyProfile /> },
          { id: 'password', label: t('profile.changePassword'), panel: <ChangePasswordForm /> },
        ]}
      />
    </Page>
  );
}
