import { useTranslation } from 'react-i18next';
import { ComingSoon, Page } from '../../components/ui/index.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';

/** Master-agent registration (/masteragentregister, public). Placeholder until its issue lands. */
export function MasterAgentPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <Page title={title} className="page--narrow" testId="masteragent-page">
      <ComingSoon label={t('common.comingSoon')}>
        <p>{t('placeholder.masterAgentIntro')}</p>
      </ComingSoon>
    </Page>
  );
}
