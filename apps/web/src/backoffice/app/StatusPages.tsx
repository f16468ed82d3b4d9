import { Link, Outlet } from 'react-router';
import { Alert } from '../../components/ui/index.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { useStaff } from '../lib/session.tsx';
import { useT } from '../i18n/useT.ts';

export function NotFoundPage() {
  const t = useT();
  return (
    <>
      <PageHeading title={t('errors.notFoundTitle')} />
      <p>{t('errors.notFoundBody')}</p>
      <Link to="/players">{t('errors.backToPlayers')}</Link>
    </>
  );
}

/** The layout route of the admin-only screens: others see the refusal the API would give them, without calling it. */
export function RequireAdmin() {
  const t = useT();
  const staff = useStaff();
  if (staff.role === 'admin') return <Outlet />;
  return (
    <>
      <PageHeading title={t('errors.forbiddenTitle')} />
      <Alert tone="error">{t('errors.forbidden')}</Alert>
    </>
  );
}
