import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/ButtonLink.tsx';
import { Page } from '../components/ui/Page.tsx';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';
import { useReferralHref } from '../lib/useReferralHref.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const href = useReferralHref();
  useDocumentTitle(t('common.documentTitle', { title: t('notFound.title') }));
  return (
    <Page title={t('notFound.title')} className="page--narrow page--centered" testId="not-found">
      <p>{t('notFound.text')}</p>
      <ButtonLink to={href('/')} variant="primary">
        {t('notFound.home')}
      </ButtonLink>
    </Page>
  );
}
