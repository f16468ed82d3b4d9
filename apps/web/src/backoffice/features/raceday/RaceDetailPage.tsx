import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isRaceLocked, type Race, type Runner } from '@karera/shared';
import { Alert, Button, Dialog } from '../../../components/ui/index.ts';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { FieldRow } from '../../components/FieldRow.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { errorText } from '../../lib/errors.ts';
import { useT } from '../../i18n/useT.ts';
import { RaceRoute } from '../../components/RaceRoute.tsx';
import { RaceStatusBadge } from '../../components/RaceStatusBadge.tsx';
import { ToteRaceLinks } from '../../components/ToteRaceLinks.tsx';
import { BakasGroupsSection } from '../../components/BakasGroupsSection.tsx';
import { focusFirstError } from '../../lib/formFocus.ts';
import { JockeyChangeForm } from './JockeyChangeForm.tsx';
import { RaceStatusControls } from './RaceStatusControls.tsx';
import { ReplayVideoForm } from './ReplayVideoForm.tsx';
import { RunnerFields } from './RunnerFields.tsx';
import {
  useAddRunnerMutation,
  useRacingEventQuery,
  useScratchMutation,
  useUpdateRunnerMutation,
} from './raceday.api.ts';
import { betTypeName, byRunnerNo, checkRunner, nextRunnerNo, orderedBetTypes, runnerDraftOf } from './raceday.ts';
import { useRunnerForm } from './useRunnerForm.ts';

export function RaceDetailPage() {
  return <RaceRoute render={(ids) => <RaceScreen {...ids} />} />;
}

function RaceScreen({ eventId, raceId }: { eventId: number; raceId: number }) {
  const t = useT();
  const detail = useRacingEventQuery(eventId);

  if (detail.isPending || detail.isError) {
    return (
      <>
        <PageHeading title={t('raceDay.title')}>
          <Link to={`/race-day/${eventId}`} className="bo-back">
            {t('event.back')}
          </Link>
        </PageHeading>
        {detail.isPending ? (
          <LoadingBlock />
        ) : (
          <ErrorBlock error={detail.error} onRetry={() => void detail.refetch()} />
        )}
      </>
    );
  }

  const { event, races } = detail.data;
  const back = (
    <Link to={`/race-day/${eventId}`} className="bo-back">
      {t('race.back', { event: event.name })}
    </Link>
  );
  const race = races.find((r) => r.raceId === raceId);
  if (!race) {
    return (
      <>
        <PageHeading title={t('race.notFound')}>{back}</PageHeading>
      </>
    );
  }

  return (
    <>
      <PageHeading title={t('race.title', { raceNo: race.raceNo, event: event.name })}>{back}</PageHeading>
      <div className="bo-race-layout">
        <RaceSummary race={race} eventName={event.name} />
        {race.status === 'D' ? <FinishingPlaces race={race} /> : null}
        <RunnerSection race={race} eventName={event.name} />
        <BakasGroupsSection raceId={race.raceId} />
      </div>
    </>
  );
}

function RaceSummary({ race, eventName }: { race: Race; eventName: string }) {
  const t = useT();
  const headingId = useId();
  const betTypes = orderedBetTypes(race.enabledBetTypes);
  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('race.summary')}</h2>
      <dl className="bo-fields">
        <FieldRow label={t('race.status')}>
          <RaceStatusBadge status={race.status} />
        </FieldRow>
        <FieldRow label={t('race.start')}>
          <ManilaTime iso={race.startDateTime} />
        </FieldRow>
        <FieldRow label={t('race.betTypes')}>
          {betTypes.length > 0 ? betTypes.map(betTypeName).join(', ') : t('race.noBetTypes')}
        </FieldRow>
      </dl>
      <RaceStatusControls race={race} eventName={eventName} />
      <ToteRaceLinks eventId={race.eventId} race={race} />
      <ReplayVideoForm race={race} />
    </section>
  );
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(place: number): string {
  const lastTwo = place % 100;
  const suffix =
    lastTwo >= 11 && lastTwo <= 13
      ? 'th'
      : place % 10 === 1
        ? 'st'
        : place % 10 === 2
          ? 'nd'
          : place % 10 === 3
            ? 'rd'
            : 'th';
  return `${place}${suffix}`;
}

/** A finished race's official places, from its runners (dead heats share a place). */
function FinishingPlaces({ race }: { race: Race }) {
  const t = useT();
  const headingId = useId();
  const placed = race.runners
    .filter((runner): runner is Runner & { finishPosition: number } => runner.finishPosition !== null)
    .sort(
      (a, b) => a.finishPosition - b.finishPosition || a.runnerNo.localeCompare(b.runnerNo, 'en', { numeric: true }),
    );
  const deadHeat = (position: number) => placed.filter((runner) => runner.finishPosition === position).length > 1;
  return (
    <section className="card bo-section" aria-labelledby={headingId} data-testid="finishing-places">
      <h2 id={headingId}>{t('race.places')}</h2>
      {placed.length === 0 ? (
        <p className="bo-muted">{t('race.placesEmpty')}</p>
      ) : (
        <ol className="bo-places">
          {placed.map((runner) => (
            <li key={runner.id} className="bo-places__place">
              <span className="bo-places__pos">{ordinal(runner.finishPosition)}</span>
              <span>
                <strong>{runner.runnerNo}</strong> {runner.horseName}{' '}
                <span className="bo-muted">
                  ({runner.jockeyName}
                  {deadHeat(runner.finishPosition) ? `, ${t('race.deadHeat')}` : ''})
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function RunnerSection({ race, eventName }: { race: Race; eventName: string }) {
  const t = useT();
  const headingId = useId();
  const lockedId = useId();
  const locked = isRaceLocked(race.status);
  const runners = byRunnerNo(race.runners);
  return (
    <>
      <section className="bo-section" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('race.runners')}</h2>
        {locked ? (
          <p id={lockedId} className="bo-locked">
            {t('race.locked')}
          </p>
        ) : null}
        {runners.length === 0 ? (
          <EmptyBlock text={t('race.empty')} />
        ) : (
          <ul className="bo-runner-list" aria-label={t('race.runnersLabel')}>
            {runners.map((runner) => (
              <li key={runner.id}>
                <RunnerCard race={race} eventName={eventName} runner={runner} locked={locked} lockedId={lockedId} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {locked ? null : <AddRunnerForm race={race} />}
    </>
  );
}

function RunnerCard({
  race,
  eventName,
  runner,
  locked,
  lockedId,
}: {
  race: Race;
  eventName: string;
  runner: Runner;
  locked: boolean;
  lockedId: string;
}) {
  const t = useT();
  const headingId = `bo-runner-${runner.id}`;
  const editId = `bo-runner-${runner.id}-edit`;
  const scratch = useScratchMutation(runner.id);
  const [editing, setEditing] = useState(false);
  const [changingJockey, setChangingJockey] = useState(false);
  const [confirmScratch, setConfirmScratch] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const scratched = runner.status === 'S';
  const busy = scratch.isPending;

  function toggleScratch() {
    if (scratch.isPending || locked) return;
    setDone(null);
    scratch.mutate(!scratched, {
      onSettled: () => setConfirmScratch(false),
      onSuccess: (answer) => {
        const now = answer.race.runners.find((r) => r.id === runner.id);
        const no = now?.runnerNo ?? runner.runnerNo;
        setDone(t(now?.status === 'S' ? 'runner.scratched' : 'runner.unscratched', { runnerNo: no }));
      },
    });
  }

  function stopEditing(message: string | null) {
    setEditing(false);
    setChangingJockey(false);
    setDone(message);
    requestAnimationFrame(() => document.getElementById(editId)?.focus());
  }

  return (
    <article
      className={`card bo-runner${scratched ? ' bo-runner--scratched' : ''}`}
      aria-labelledby={headingId}
      data-runner-no={runner.runnerNo}
    >
      <div className="bo-runner__head">
        <h3 id={headingId} className="bo-runner__title">
          <span className="bo-runner__no">{runner.runnerNo}</span> {runner.horseName}
        </h3>
        <span className={`bo-runner-status bo-runner-status--${runner.status}`} data-testid="runner-status">
          {t(scratched ? 'runner.statusS' : 'runner.statusA')}
        </span>
      </div>
      {editing ? (
        <EditRunnerForm race={race} runner={runner} onDone={stopEditing} />
      ) : changingJockey ? (
        <JockeyChangeForm runner={runner} onDone={stopEditing} />
      ) : (
        <>
          <dl className="bo-fields">
            <FieldRow label={t('runner.jockey')}>{runner.jockeyName}</FieldRow>
            <div className="bo-fields__row">
              <dt>{t('runner.odds')}</dt>
              <dd className="bo-odds">{runner.odds ?? t('runner.noOdds')}</dd>
            </div>
          </dl>
          <div className="bo-actions">
            <Button
              id={editId}
              variant="secondary"
              size="sm"
              disabled={locked || busy}
              aria-describedby={locked ? lockedId : undefined}
              aria-label={t('runner.editLabel', { runnerNo: runner.runnerNo })}
              onClick={() => {
                setDone(null);
                setEditing(true);
              }}
            >
              {t('runner.edit')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={locked || busy}
              aria-describedby={locked ? lockedId : undefined}
              aria-label={t('records.jockeyChange.openLabel', { runnerNo: runner.runnerNo })}
              onClick={() => {
                setDone(null);
                setChangingJockey(true);
              }}
            >
              {t('records.jockeyChange.open')}
            </Button>
            <Button
              variant={scratched ? 'secondary' : 'danger'}
              size="sm"
              busy={busy}
              disabled={locked}
              aria-describedby={locked ? lockedId : undefined}
              aria-label={t(scratched ? 'runner.unscratchLabel' : 'runner.scratchLabel', {
                runnerNo: runner.runnerNo,
              })}
              // Scratching asks first, naming the runner and the race; putting a runner back does not.
              onClick={() => (scratched ? toggleScratch() : setConfirmScratch(true))}
            >
              {t(scratched ? 'runner.unscratch' : 'runner.scratch')}
            </Button>
          </div>
        </>
      )}
      <p className="bo-runner__done" role="status">
        {done}
      </p>
      {scratch.isError ? <Alert tone="error">{errorText(t, scratch.error)}</Alert> : null}
      <Dialog
        open={confirmScratch}
        onClose={() => {
          if (!scratch.isPending) setConfirmScratch(false);
        }}
        title={t('runner.scratchTitle', { runnerNo: runner.runnerNo, horse: runner.horseName, raceNo: race.raceNo })}
        closeLabel={t('common.close')}
        actions={
          <>
            <Button variant="danger" busy={busy} onClick={toggleScratch}>
              {t('runner.scratchConfirm')}
            </Button>
            <Button variant="secondary" data-autofocus disabled={busy} onClick={() => setConfirmScratch(false)}>
              {t('runner.scratchKeep')}
            </Button>
          </>
        }
      >
        <p className="bo-confirm-dialog__what">
          {t('runner.scratchWhat', {
            runnerNo: runner.runnerNo,
            horse: runner.horseName,
            raceNo: race.raceNo,
            event: eventName,
          })}
        </p>
        <p>{t('runner.scratchBody')}</p>
      </Dialog>
    </article>
  );
}

function EditRunnerForm({
  race,
  runner,
  onDone,
}: {
  race: Race;
  runner: Runner;
  onDone: (message: string | null) => void;
}) {
  const t = useT();
  const save = useUpdateRunnerMutation(runner.id);
  const form = useRunnerForm(runnerDraftOf(runner));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const check = checkRunner(form.draft, race.runners, runner.id);
    if (!check.ok) {
      save.reset();
      form.setFieldErrors(check.fieldErrors);
      focusFirstError(event.currentTarget);
      return;
    }
    form.setFieldErrors({});
    save.mutate(
      { ...check.body, ...form.picked },
      {
        onSuccess: () => onDone(t('runner.saved', { runnerNo: check.body.runnerNo })),
        onError: (error) => form.setFieldErrors(form.serverFields(error)),
      },
    );
  }

  const formError = save.isError ? form.formError(save.error) : null;
  return (
    <form onSubmit={submit} noValidate className="bo-form bo-runner__form">
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <RunnerFields
        idPrefix={`bo-runner-${runner.id}-field`}
        draft={form.draft}
        errors={form.errors}
        onChange={form.change}
        picked={form.picked}
        onPick={form.pick}
      />
      <div className="bo-actions">
        <Button type="submit" size="sm" busy={save.isPending}>
          {t('runner.save')}
        </Button>
        <Button variant="secondary" size="sm" disabled={save.isPending} onClick={() => onDone(null)}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

function AddRunnerForm({ race }: { race: Race }) {
  const t = useT();
  const headingId = useId();
  const add = useAddRunnerMutation(race.raceId);
  const form = useRunnerForm({ runnerNo: nextRunnerNo(race.runners), horseName: '', jockeyName: '' });
  const [added, setAdded] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    setAdded(null);
    const formElement = event.currentTarget;
    const check = checkRunner(form.draft, race.runners);
    if (!check.ok) {
      add.reset();
      form.setFieldErrors(check.fieldErrors);
      focusFirstError(formElement);
      return;
    }
    form.setFieldErrors({});
    add.mutate(
      { ...check.body, ...form.picked },
      {
        onSuccess: (answer) => {
          setAdded(t('runner.added', { runnerNo: check.body.runnerNo }));
          form.setDraft({ runnerNo: nextRunnerNo(answer.race.runners), horseName: '', jockeyName: '' });
          // Ready for the next runner: back to the first field.
          requestAnimationFrame(() => formElement.querySelector<HTMLInputElement>('input')?.focus());
        },
        onError: (error) => form.setFieldErrors(form.serverFields(error)),
      },
    );
  }

  const formError = add.isError ? form.formError(add.error) : null;
  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('runner.addTitle')}</h2>
      <form onSubmit={submit} noValidate className="bo-form">
        {added ? <Alert tone="success">{added}</Alert> : null}
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <RunnerFields
          idPrefix={`bo-add-runner-${race.raceId}`}
          draft={form.draft}
          errors={form.errors}
          onChange={(field, value) => {
            setAdded(null);
            form.change(field, value);
          }}
          picked={form.picked}
          onPick={(field, record) => {
            setAdded(null);
            form.pick(field, record);
          }}
        />
        <Button type="submit" busy={add.isPending}>
          {t('runner.add')}
        </Button>
      </form>
    </section>
  );
}
