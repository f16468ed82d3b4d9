import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { AuthDialogsProvider } from '../../lib/authDialogs.tsx';
import { AuthDialogs } from '../../features/auth/AuthDialogs.tsx';
import { useDeepLinkLogin } from '../../features/auth/useDeepLinkLogin.ts';
import { AlertHost } from '../AlertHost.tsx';
import { SessionInvalidHandler } from '../SessionInvalidHandler.tsx';

export function RootLayout() {
  return (
    <AuthDialogsProvider>
      <Shell />
    </AuthDialogsProvider>
  );
}

function Shell() {
  const { t } = useTranslation();
  const { pending } = useDeepLinkLogin();
  return (
    <>
      <SessionInvalidHandler />
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {pending ? (
        <div className="page-loading">
          <Spinner label={t('common.loading')} />
        </div>
      ) : (
        <Outlet />
      )}
      <AuthDialogs />
      <AlertHost />
    </>
  );
}
