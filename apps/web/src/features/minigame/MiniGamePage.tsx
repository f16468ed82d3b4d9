import { useTranslation } from 'react-i18next';
import { ComingSoon, Page } from '../../components/ui/index.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';

/** Mini game (/minigame): a placeholder that reads Coming Soon (docs/product/screens.md#routes). */
export function MiniGamePage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <Page title={title} testId="minigame-page">
      <ComingSoon label={t('common.comingSoon')}>
        <p>{t('placeholder.body')}</p>
      </ComingSoon>
    </Page>
  );
}
