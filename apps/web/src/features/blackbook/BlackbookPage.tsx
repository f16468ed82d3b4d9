import { useId, useState, type FormEvent } from 'react';
import { BLACKBOOK_NOTE_MAX, type BlackbookEntry, type FollowedRunner, type FollowKind } from '@karera/shared';
import { Alert, Button, ButtonLink, Page, Spinner, TextArea } from '../../components/ui/index.ts';
import { useBlackbook, useFollow, useUnfollow } from '../../components/blackbook/blackbookApi.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { useBlackbookT } from './blackbookI18n.ts';
import './blackbook.css';

const postTimeFormat = new Intl.DateTimeFormat('en-PH', {
  timeZone: 'Asia/Manila',
  hour: 'numeric',
  minute: '2-digit',
});

/** A race still taking bets (or about to): the Followed today line links to bet on it. */
const BETTABLE = new Set(['A', 'O', 'L']);

/**
 * The Followed page (/blackbook, issue 34 §5): the player's followed horses, jockeys and trainers with their
 * notes, and the runners they have in today's races, with post times and a link to bet.
 */
export function BlackbookPage() {
  const t = useBlackbookT();
  const title = useRouteTitle();
  const blackbook = useBlackbook();
  return (
    <Page title={title} testId="blackbook-page" className="blackbook">
      <p className="blackbook__intro">{t('intro')}</p>
      {blackbook.isPending ? (
        <Spinner label={t('loading')} />
      ) : blackbook.isError ? (
        <div className="blackbook__state">
          <Alert tone="error">{t('error')}</Alert>
          <Button variant="secondary" onClick={() => void blackbook.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <div className="blackbook__columns">
          <FollowedToday runners={blackbook.data.followedToday} />
          <FollowList follows={blackbook.data.follows} />
        </div>
      )}
    </Page>
  );
}

function FollowedToday({ runners }: { runners: readonly FollowedRunner[] }) {
  const t = useBlackbookT();
  const headingId = useId();
  return (
    <section className="blackbook__section" aria-labelledby={headingId} data-testid="followed-today">
      <h2 id={headingId} className="blackbook__heading">
        {t('todayTitle')}
      </h2>
      {runners.length === 0 ? (
        <p className="blackbook__empty">{t('todayEmpty')}</p>
      ) : (
        <ul className="blackbook__list">
          {runners.map((runner) => (
            <li key={runner.runnerId} className="followed-runner" data-testid="followed-runner">
              <p className="followed-runner__race">
                {t('race', { raceNo: runner.raceNo, event: runner.eventName })}
                <span className="followed-runner__time">
                  {t('postTime', { time: postTimeFormat.format(new Date(runner.postTime)) })}
                </span>
              </p>
              <p className="followed-runner__horse">
                {t('runner', { runnerNo: runner.runnerNo, horse: runner.horseName })}
              </p>
              <p className="followed-runner__detail">
                {t('jockeyLine', { jockey: runner.jockeyName })}
                {runner.trainerName ? ` · ${t('trainerLine', { trainer: runner.trainerName })}` : ''}
              </p>
              <p className="followed-runner__detail">
                {t('followedFor', { what: runner.followedFor.map((kind) => t(`kind.${kind}`)).join(', ') })}
                {' · '}
                <span data-testid="followed-runner-status">
                  {runner.runnerStatus === 'S' ? t('scratched') : t(`status.${runner.raceStatus}`)}
                </span>
              </p>
              {runner.runnerStatus === 'A' && BETTABLE.has(runner.raceStatus) ? (
                <ButtonLink
                  size="sm"
                  variant="accent"
                  to={`/live?event=${runner.eventId}&race=${runner.raceId}`}
                  className="followed-runner__action"
                >
                  {t('bet', { raceNo: runner.raceNo })}
                </ButtonLink>
              ) : runner.raceStatus === 'D' ? (
                <ButtonLink
                  size="sm"
                  variant="secondary"
                  to={`/replay/${runner.raceId}`}
                  className="followed-runner__action"
                >
                  {t('replay', { raceNo: runner.raceNo })}
                </ButtonLink>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FollowList({ follows }: { follows: readonly BlackbookEntry[] }) {
  const t = useBlackbookT();
  const headingId = useId();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  return (
    <section className="blackbook__section" aria-labelledby={headingId} data-testid="blackbook-list">
      <h2 id={headingId} className="blackbook__heading">
        {t('listTitle')}
      </h2>
      <div aria-live="polite">{message ? <Alert tone={message.tone}>{message.text}</Alert> : null}</div>
      {follows.length === 0 ? (
        <p className="blackbook__empty">{t('listEmpty')}</p>
      ) : (
        <ul className="blackbook__list">
          {follows.map((entry) => (
            <FollowItem key={`${entry.kind}-${entry.id}`} entry={entry} onMessage={setMessage} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FollowItem({
  entry,
  onMessage,
}: {
  entry: BlackbookEntry;
  onMessage: (message: { tone: 'success' | 'error'; text: string }) => void;
}) {
  const t = useBlackbookT();
  const [note, setNote] = useState(entry.note ?? '');
  const follow = useFollow();
  const unfollow = useUnfollow();
  const kind: FollowKind = entry.kind;

  function save(event: FormEvent) {
    event.preventDefault();
    follow.mutate(
      { kind, id: entry.id, note },
      {
        onSuccess: () => onMessage({ tone: 'success', text: t('noteSaved') }),
        onError: () => onMessage({ tone: 'error', text: t('failed') }),
      },
    );
  }

  return (
    <li className="follow-item" data-testid="blackbook-entry" data-kind={kind}>
      <p className="follow-item__name">
        <span className="follow-item__kind">{t(`kind.${kind}`)}</span> {entry.name}
      </p>
      <form className="follow-item__note" onSubmit={save}>
        <TextArea
          label={t('note', { name: entry.name })}
          placeholder={t('notePlaceholder')}
          value={note}
          maxLength={BLACKBOOK_NOTE_MAX}
          rows={2}
          onChange={(event) => setNote(event.target.value)}
        />
        <p className="follow-item__help">{t('noteHelp', { max: BLACKBOOK_NOTE_MAX })}</p>
        <div className="follow-item__actions">
          <Button type="submit" size="sm" variant="secondary" busy={follow.isPending}>
            {t('saveNote')}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            busy={unfollow.isPending}
            onClick={() =>
              unfollow.mutate(
                { kind, id: entry.id },
                {
                  onSuccess: () => onMessage({ tone: 'success', text: t('unfollowed', { name: entry.name }) }),
                  onError: () => onMessage({ tone: 'error', text: t('failed') }),
                },
              )
            }
          >
            {t('unfollow', { name: entry.name })}
          </Button>
        </div>
      </form>
    </li>
  );
}
