import type { RaceStatus } from '@karera/shared';
import { useT } from '../i18n/useT.ts';

/** The race's status in words (RACE_STATUS_LABELS), coloured by stage. */
export function RaceStatusBadge({ status }: { status: RaceStatus }) {
  const t = useT();
  return (
    <span className={`bo-race-status bo-race-status--${status}`} data-status={status} data-testid="race-status">
      {t(`raceStatus.${status}`)}
    </span>
  );
}
