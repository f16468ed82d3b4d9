import { useTranslation } from 'react-i18next';
import { ComingSoon, Page } from '../../components/ui/index.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';

/** Guided tours (/tutorial-deposit, -withdraw, -changepassword, -promo, -bet, -rebate). Placeholder until its issue lands. */
export function TutorialTourPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <Page title={title} testId="tutorial-tour-page">
      <ComingSoon label={t('common.comingSoon')}>
        <p>{t('placeholder.body')}</p>
      </ComingSoon>
    </Page>
  );
}
