import { useQuery } from '@tanstack/react-query';
import { ReplayOperations } from '@karera/shared';
import { ButtonLink } from '../ui/index.ts';
import { callOperation } from '../../lib/callOperation.ts';
import './replayLinks.css';

/** The races of a race day that can be replayed (one call per race day, shared by every link of it). */
function useEventReplays(eventId: number) {
  return useQuery({
    queryKey: ['replays', 'event', eventId] as const,
    queryFn: ({ signal }) => callOperation(ReplayOperations.eventReplays, { params: { eventId }, signal }),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * "Replay" links to /replay/:raceId for the given races of a race day that have a replay (a recorded run
 * or a replay video); nothing for the others. `label` words each link (it names the race).
 */
export function ReplayLinks({
  eventId,
  raceNos,
  label,
}: {
  eventId: number;
  raceNos: readonly number[];
  label: (raceNo: number) => string;
}) {
  const replays = useEventReplays(eventId);
  const races = (replays.data?.races ?? []).filter((race) => raceNos.includes(race.raceNo));
  if (races.length === 0) return null;
  return (
    <span className="replay-links">
      {races.map((race) => (
        <ButtonLink
          key={race.raceId}
          size="sm"
          variant="secondary"
          to={`/replay/${race.raceId}`}
          data-testid="replay-link"
        >
          {label(race.raceNo)}
        </ButtonLink>
      ))}
    </span>
  );
}
