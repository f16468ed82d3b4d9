import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '../../components/ui/index.ts';
import { scheduleDays } from './schedule.ts';

/** The Schedule button and its popup: the next race days from today in Manila (docs/product/betting.md#race-days). */
export const ScheduleButton = memo(function ScheduleButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const days = useMemo(() => (open ? scheduleDays(new Date()) : []), [open]);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('live.schedule')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('live.scheduleTitle')}
        closeLabel={t('common.close')}
        testId="schedule-dialog"
        actions={
          <Button variant="primary" onClick={() => setOpen(false)}>
            {t('common.close')}
          </Button>
        }
      >
        <p className="dialog__intro">{t('live.scheduleIntro')}</p>
        <ul className="schedule-list">
          {days.map((day) => (
            <li key={day.key} className="schedule-list__day">
              <time dateTime={day.key}>{day.label}</time>
              {day.today ? <span className="badge">{t('live.today')}</span> : null}
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
});
