import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/ui/Spinner.tsx';

/** A screen's place while its code loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading">
      <Spinner label={t('common.loading')} />
    </div>
  );
}
