import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/Button.tsx';
import { Logo } from '../components/ui/Logo.tsx';
import { Page } from '../components/ui/Page.tsx';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';

/** Shown when a screen fails to load or render (e.g. its code chunk did not arrive on a weak connection). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('common.documentTitle', { title: t('routeError.title') }));
  return (
    <div className="shell">
      <header className="site-header" data-scrolled="true">
        <div className="site-header__inner">
          <a href="/" className="site-header__home" aria-label={t('header.homeLink')}>
            <Logo name={t('common.brand')} />
          </a>
        </div>
      </header>
      <Page title={t('routeError.title')} className="page--narrow page--centered">
        <p>{t('routeError.text')}</p>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Page>
    </div>
  );
}
