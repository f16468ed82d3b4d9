import { Link } from 'react-router';
import type { Race } from '@karera/shared';
import { useT } from '../i18n/useT.ts';

/**
 * A race's way into the tote: result entry once betting is closed, the settlement report once it is
 * resulted. Nothing for a race in any other status.
 */
export function ToteRaceLinks({
  eventId,
  race,
}: {
  eventId: number;
  race: Pick<Race, 'raceId' | 'raceNo' | 'status'>;
}) {
  const t = useT();
  const base = `/race-day/${eventId}/races/${race.raceId}`;
  if (race.status === 'C') {
    return (
      <Link
        to={`${base}/result`}
        className="btn btn--accent btn--sm bo-tote-race-link"
        aria-label={t('tote.enterResultLabel', { raceNo: race.raceNo })}
      >
        {t('tote.enterResult')}
      </Link>
    );
  }
  if (race.status === 'D') {
    return (
      <Link
        to={`${base}/report`}
        className="bo-tote-race-link bo-tote-link"
        aria-label={t('tote.reportLabel', { raceNo: race.raceNo })}
      >
        {t('tote.report')}
      </Link>
    );
  }
  return null;
}
