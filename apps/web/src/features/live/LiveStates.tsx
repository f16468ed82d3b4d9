import { useTranslation } from 'react-i18next';
import { Alert, Button } from '../../components/ui/index.ts';
import { ScheduleButton } from './ScheduleButton.tsx';

/** The shape of the race day while it loads: stream, title, race tabs and runner rows. */
export function LiveSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="live-skeleton" aria-busy="true" data-testid="live-loading">
      <p role="status" className="visually-hidden">
        {t('live.loading')}
      </p>
      <div className="skeleton skeleton--stream" />
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--tabs" />
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="skeleton skeleton--row" />
      ))}
    </div>
  );
}

/** Game info or race info failed: 'Error {code}, please reload page'. */
export function LiveError({ code }: { code: number }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error">
      <p className="alert__text" data-testid="live-error">
        {t('live.error', { code })}
      </p>
      <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
        {t('live.reload')}
      </Button>
    </Alert>
  );
}

/** No race day today or ahead. */
export function LiveEmpty() {
  const { t } = useTranslation();
  return (
    <section className="live-empty card" data-testid="live-empty">
      <p className="live-empty__text">{t('live.empty')}</p>
      <ScheduleButton />
    </section>
  );
}
