import { useTranslation } from 'react-i18next';
import { ComingSoon, Page } from '../../components/ui/index.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';

/** Profile and change password (/profile). Placeholder until its issue lands. */
export function ProfilePage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <Page title={title} testId="profile-page">
      <ComingSoon label={t('common.comingSoon')}>
        <p>{t('placeholder.body')}</p>
      </ComingSoon>
    </Page>
  );
}
