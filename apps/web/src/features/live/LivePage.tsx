import { useTranslation } from 'react-i18next';
import { ComingSoon, Page } from '../../components/ui/index.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';

/** Live race and betting (/live). Placeholder until its issue lands. */
export function LivePage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <Page title={title} testId="live-page">
      <ComingSoon label={t('common.comingSoon')}>
        <p>{t('placeholder.body')}</p>
      </ComingSoon>
    </Page>
  );
}
