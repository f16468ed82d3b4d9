import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingDialog } from '../../components/ui/LoadingDialog.tsx';
import { useAuthDialogs } from '../../lib/authDialogs.tsx';
import { useIsLoggedIn } from '../../lib/session/index.ts';

const loadAuthFlow = () => import('./AuthFlow.tsx');
const AuthFlow = lazy(() =>
  Promise.all([loadAuthFlow(), import('../../lib/queryScope.tsx')]).then(([m, scope]) => ({
    default: scope.withQueryScope(m.AuthFlow),
  })),
);

/**
 * The login-flow modals, loaded on first use (they carry the validation rules, which the landing
 * page does not need to show). A visitor's browser fetches them when idle, so Login opens at once.
 */
export function AuthDialogs() {
  const { t } = useTranslation();
  const { current } = useAuthDialogs();
  const loggedIn = useIsLoggedIn();
  const [wanted, setWanted] = useState(false);
  if (current !== null && !wanted) setWanted(true);

  useEffect(() => {
    if (loggedIn) return;
    const handle = window.setTimeout(() => void loadAuthFlow().catch(() => undefined), 1500);
    return () => window.clearTimeout(handle);
  }, [loggedIn]);

  if (!wanted) return null;
  return (
    <Suspense fallback={<LoadingDialog open label={t('common.loading')} />}>
      <AuthFlow />
    </Suspense>
  );
}
