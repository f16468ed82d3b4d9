import { useContext } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { showAlert } from '../../lib/alerts.ts';
import { useFollow, useRaceFollows, useUnfollow } from './blackbookApi.ts';
import { useFollowT } from './followI18n.ts';
import './follow.css';

interface RunnerRef {
  raceId: number;
  runnerId: number;
}

/**
 * A runner row's blackbook mark: a star on a runner whose horse, jockey or trainer the player follows (its
 * label says which). A single character beside the jockey, so a row keeps its height and the first runners
 * stay on a phone's first screen. Nothing where no query client is (a row drawn on its own, in a test).
 */
export function RunnerFollowMark(props: RunnerRef) {
  return useContext(QueryClientContext) ? <FollowMark {...props} /> : null;
}

function FollowMark({ raceId, runnerId }: RunnerRef) {
  const t = useFollowT();
  const follows = useRaceFollows(raceId);
  const kinds = follows.data?.runners.find((entry) => entry.runnerId === runnerId)?.followedFor ?? [];
  if (kinds.length === 0) return null;
  return (
    <span
      className="runner-follow__mark"
      data-testid="followed-mark"
      role="img"
      aria-label={t('followedFor', { what: kinds.map((kind) => t(kind)).join(', ') })}
      title={t('followed')}
    >
      ★
    </span>
  );
}

/** Follow or stop following a runner's horse: in its form sheet, where a bettor reads the horse's form. */
export function FollowHorseButton(props: RunnerRef & { horseName: string }) {
  return useContext(QueryClientContext) ? <FollowButton {...props} /> : null;
}

function FollowButton({ raceId, runnerId, horseName }: RunnerRef & { horseName: string }) {
  const t = useFollowT();
  const follows = useRaceFollows(raceId);
  const follow = useFollow();
  const unfollow = useUnfollow();
  const runner = follows.data?.runners.find((entry) => entry.runnerId === runnerId);
  if (!runner || runner.horseId === null) return null;
  const horseId = runner.horseId;
  const horseFollowed = runner.followedFor.includes('horse');
  const busy = follow.isPending || unfollow.isPending;

  function toggle() {
    const onError = () => showAlert(t('followFailed'));
    if (horseFollowed) unfollow.mutate({ kind: 'horse', id: horseId }, { onError });
    else follow.mutate({ kind: 'horse', id: horseId }, { onError });
  }

  return (
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
  );
}
