import { useTranslation } from 'react-i18next';
import { ComingSoon, Page } from '../../components/ui/index.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';

/** Race results (/result). Placeholder until its issue lands. */
export function ResultPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <Page title={title} testId="result-page">
      <ComingSoon label={t('common.comingSoon')}>
        <p>{t('placeholder.body')}</p>
      </ComingSoon>
    </Page>
  );
}
