import { useContext } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { showAlert } from '../../lib/alerts.ts';
import { useFollow, useRaceFollows, useUnfollow } from './blackbookApi.ts';
import { useFollowT } from './followI18n.ts';
import './follow.css';

/** A runner row's blackbook part (nothing where no query client is: a row drawn on its own, in a test). */
export function RunnerFollow(props: { raceId: number; runnerId: number; horseName: string }) {
  return useContext(QueryClientContext) ? <RunnerFollowParts {...props} /> : null;
}

/**
 * A runner row's blackbook part: a star marking a runner whose horse, jockey or trainer the player follows
 * (its label says which), and a button to follow or stop following its horse.
 */
function RunnerFollowParts({ raceId, runnerId, horseName }: { raceId: number; runnerId: number; horseName: string }) {
  const t = useFollowT();
  const follows = useRaceFollows(raceId);
  const follow = useFollow();
  const unfollow = useUnfollow();
  const runner = follows.data?.runners.find((entry) => entry.runnerId === runnerId);
  if (!runner) return null;
  const kinds = runner.followedFor;
  const horseFollowed = kinds.includes('horse');
  const busy = follow.isPending || unfollow.isPending;
  const horseId = runner.horseId;

  function toggle() {
    if (horseId === null) return;
    const onError = () => showAlert(t('followFailed'));
    if (horseFollowed) unfollow.mutate({ kind: 'horse', id: horseId }, { onError });
    else follow.mutate({ kind: 'horse', id: horseId }, { onError });
  }

  return (
    <span className="runner-follow">
      {kinds.length > 0 ? (
        <span
          className="runner-follow__mark"
          data-testid="followed-mark"
          role="img"
          aria-label={t('followedFor', { what: kinds.map((kind) => t(kind)).join(', ') })}
          title={t('followed')}
        >
          ★
        </span>
      ) : null}
      {horseId === null ? null : (
        <button
          type="button"
          className="runner-follow__button"
          data-testid="follow-horse"
          aria-pressed={horseFollowed}
          aria-label={t('followHorse', { horse: horseName })}
          disabled={busy}
          onClick={toggle}
        >
          {horseFollowed ? t('following') : t('follow')}
        </button>
      )}
    </span>
  );
}
