import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  BET_TYPES,
  formatFinish,
  runnerBaseNumber,
  type GameEvent,
  type PoolSummary,
  type Race,
  type ResultInput,
  type ResultPreview,
} from '@karera/shared';
import { Alert, Button, Dialog, SelectField, TextField } from '../../../components/ui/index.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { newIdempotencyKey } from '../../../lib/api.ts';
import { useT } from '../../i18n/useT.ts';
import { RaceRoute } from '../../components/RaceRoute.tsx';
import { focusFirstError } from '../../lib/formFocus.ts';
import { byRunnerNo } from '../../lib/raceCard.ts';
import { useRacingEventQuery } from '../../lib/racingEvent.ts';
import { PoolCard } from './PoolCard.tsx';
import { useConfirmMutation, usePreviewMutation, type ConfirmOutcome } from './tote.api.ts';
import {
  appendToFinish,
  checkResult,
  placedRunners,
  removeLastFromFinish,
  type OfficialDividendDraft,
} from './tote.ts';
import { toteErrorText, toteText } from './toteText.ts';
import './tote.css';

/** Result entry of a closed race (/race-day/:eventId/races/:raceId/result): finish, preview, confirm. */
export function ResultEntryPage() {
  return <RaceRoute render={(ids) => <ResultEntry {...ids} />} />;
}

function ResultEntry({ eventId, raceId }: { eventId: number; raceId: number }) {
  const t = useT();
  const detail = useRacingEventQuery(eventId);
  // Kept here: once confirmed the race is done and the form gives way to what was settled, or to the
  // request a second admin must approve.
  const [outcome, setOutcome] = useState<ConfirmOutcome | null>(null);
  const raceHref = `/race-day/${eventId}/races/${raceId}`;

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
  const race = races.find((r) => r.raceId === raceId);
  if (!race) {
    return (
      <PageHeading title={t('race.notFound')}>
        <Link to={`/race-day/${eventId}`} className="bo-back">
          {t('race.back', { event: event.name })}
        </Link>
      </PageHeading>
    );
  }
  const reportLink = (
    <Link to={`${raceHref}/report`} className="bo-tote-link">
      {t('tote.report')}
    </Link>
  );
  return (
    <>
      <PageHeading title={t('result.title', { raceNo: race.raceNo })}>
        <Link to={raceHref} className="bo-back">
          {t('race.title', { raceNo: race.raceNo, event: event.name })}
        </Link>
      </PageHeading>
      {outcome?.kind === 'settled' ? (
        <>
          <Alert tone="success">{t('result.confirmed', { raceNo: race.raceNo })}</Alert>
          <p>{reportLink}</p>
          <PoolList pools={outcome.pools} />
        </>
      ) : outcome?.kind === 'pending' ? (
        <>
          <Alert tone="info">{outcome.message}</Alert>
          <p>
            <Link to="/approvals" className="bo-tote-link" data-testid="result-approval-link">
              {t('result.pendingApproval', { id: outcome.requestId })}
            </Link>
          </p>
        </>
      ) : race.status === 'D' ? (
        <>
          <Alert tone="info">{t('result.alreadyDone')}</Alert>
          <p>{reportLink}</p>
        </>
      ) : race.status !== 'C' ? (
        <Alert tone="info">{t('result.notClosed')}</Alert>
      ) : (
        <ResultForm event={event} race={race} onConfirmed={setOutcome} />
      )}
    </>
  );
}

interface Previewed {
  input: ResultInput;
  preview: ResultPreview;
  /** One per preview: a confirm retried after a lost answer settles once. */
  idempotencyKey: string;
}

function ResultForm({
  event,
  race,
  onConfirmed,
}: {
  event: GameEvent;
  race: Race;
  onConfirmed: (outcome: ConfirmOutcome) => void;
}) {
  const t = useT();
  const preview = usePreviewMutation(race.raceId);
  const confirm = useConfirmMutation(race.raceId, onConfirmed);
  const [finish, setFinish] = useState('');
  const [deadHeat, setDeadHeat] = useState(false);
  const [dividends, setDividends] = useState<OfficialDividendDraft[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [stale, setStale] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const finishId = useId();

  /** Any change makes the preview on screen describe another result: it cannot be confirmed. */
  function changed() {
    if (previewed) setStale(true);
    setPreviewed(null);
    preview.reset();
    confirm.reset();
  }

  function changeFinish(text: string) {
    setFinish(text);
    changed();
  }

  function changeDividend(index: number, field: keyof OfficialDividendDraft, value: string) {
    setDividends((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    changed();
  }

  function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (preview.isPending) return;
    const form = formEvent.currentTarget;
    const check = checkResult({ finish, officialDividends: dividends }, race.runners);
    if (!check.ok) {
      setFieldErrors(check.fieldErrors);
      focusFirstError(form);
      return;
    }
    setFieldErrors({});
    setStale(false);
    preview.mutate(check.input, {
      onSuccess: (answer) => setPreviewed({ input: check.input, preview: answer, idempotencyKey: newIdempotencyKey() }),
    });
  }

  function settle() {
    if (!previewed || confirm.isPending) return;
    confirm.mutate(
      { ...previewed.input, idempotencyKey: previewed.idempotencyKey },
      {
        onSuccess: () => setConfirming(false),
        onError: () => setConfirming(false),
      },
    );
  }

  const placed = placedRunners(finish);
  // One button per number: a coupled entry (1 and 1A) finishes as one runner.
  const pickable = byRunnerNo(race.runners.filter((runner) => runner.status === 'A')).filter(
    (runner, index, list) =>
      list.findIndex((other) => runnerBaseNumber(other.runnerNo) === runnerBaseNumber(runner.runnerNo)) === index,
  );
  const finishError = fieldErrors.finish ? toteText(t, fieldErrors.finish) : undefined;
  const previewFinish = previewed ? formatFinish(previewed.input.finish) : '';

  return (
    <div className="bo-tote-entry">
      <form className="card bo-section bo-form" onSubmit={submit} noValidate aria-label={t('result.preview')}>
        <TextField
          id={finishId}
          label={t('result.finish')}
          hint={t('result.finishHint')}
          value={finish}
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          error={finishError}
          onChange={(e) => changeFinish(e.target.value)}
        />
        <fieldset className="bo-tote-picker">
          <legend>{t('result.picker')}</legend>
          <p className="bo-muted bo-tote-picker__hint">{t('result.pickerHint')}</p>
          <ul className="bo-tote-picker__runners">
            {pickable.map((runner) => {
              const number = runnerBaseNumber(runner.runnerNo);
              return (
                <li key={runner.id}>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={placed.has(number)}
                    aria-label={t('result.pickRunner', { runnerNo: number, horse: runner.horseName })}
                    onClick={() => changeFinish(appendToFinish(finish, number, deadHeat))}
                  >
                    <span className="bo-tote-picker__no">{number}</span> {runner.horseName}
                  </Button>
                </li>
              );
            })}
          </ul>
          <label className="bo-radio">
            <input type="checkbox" checked={deadHeat} onChange={(e) => setDeadHeat(e.target.checked)} />
            {t('result.deadHeat')}
          </label>
          <div className="bo-actions">
            <Button
              variant="secondary"
              size="sm"
              disabled={finish.trim() === ''}
              onClick={() => changeFinish(removeLastFromFinish(finish))}
            >
              {t('result.undo')}
            </Button>
            <Button variant="secondary" size="sm" disabled={finish.trim() === ''} onClick={() => changeFinish('')}>
              {t('result.clear')}
            </Button>
          </div>
        </fieldset>

        <fieldset className="bo-tote-official">
          <legend>{t('result.official')}</legend>
          <p className="bo-muted">{t('result.officialHint')}</p>
          {dividends.map((row, index) => (
            <div
              className="bo-tote-official__row"
              key={index}
              role="group"
              aria-label={t('result.officialRow', { row: index + 1 })}
            >
              <SelectField
                label={t('result.betType')}
                value={row.betType}
                options={BET_TYPES.map((type) => ({ value: type.code, label: `${type.name} (${type.code})` }))}
                onChange={(e) => changeDividend(index, 'betType', e.target.value)}
              />
              <TextField
                label={t('result.combination')}
                hint={t('result.combinationHint')}
                value={row.combination}
                autoComplete="off"
                error={dividendError(t, fieldErrors, index, 'combination')}
                onChange={(e) => changeDividend(index, 'combination', e.target.value)}
              />
              <TextField
                label={t('result.dividend')}
                value={row.dividend}
                inputMode="decimal"
                autoComplete="off"
                error={dividendError(t, fieldErrors, index, 'dividend')}
                onChange={(e) => changeDividend(index, 'dividend', e.target.value)}
              />
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('result.removeOfficial', { row: index + 1 })}
                onClick={() => {
                  setDividends((rows) => rows.filter((_, i) => i !== index));
                  setFieldErrors({});
                  changed();
                }}
              >
                {t('result.remove')}
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setDividends((rows) => [...rows, { betType: 'W', combination: '', dividend: '' }]);
              changed();
            }}
          >
            {t('result.addOfficial')}
          </Button>
        </fieldset>

        {stale ? <Alert tone="info">{t('result.previewChanged')}</Alert> : null}
        {preview.isError ? <Alert tone="error">{toteErrorText(t, preview.error)}</Alert> : null}
        <Button type="submit" busy={preview.isPending}>
          {t('result.preview')}
        </Button>
      </form>

      {previewed ? (
        <section
          className="bo-section"
          aria-label={t('result.previewTitle', { finish: previewFinish })}
          data-testid="result-preview"
        >
          <h2>{t('result.previewTitle', { finish: previewFinish })}</h2>
          <PoolList pools={previewed.preview.pools} />
          {confirm.isError ? <Alert tone="error">{toteErrorText(t, confirm.error)}</Alert> : null}
          <div className="bo-actions">
            <Button variant="accent" onClick={() => setConfirming(true)}>
              {t('result.confirm')}
            </Button>
          </div>
        </section>
      ) : null}

      <Dialog
        open={confirming}
        onClose={() => {
          if (!confirm.isPending) setConfirming(false);
        }}
        title={t('result.confirmTitle', { raceNo: race.raceNo })}
        closeLabel={t('common.close')}
        actions={
          <>
            <Button variant="accent" busy={confirm.isPending} onClick={settle}>
              {t('result.confirmYes')}
            </Button>
            <Button
              variant="secondary"
              data-autofocus
              disabled={confirm.isPending}
              onClick={() => setConfirming(false)}
            >
              {t('result.confirmKeep')}
            </Button>
          </>
        }
      >
        <p>{t('result.confirmBody', { finish: previewFinish })}</p>
        <p className="bo-muted">{event.name}</p>
      </Dialog>
    </div>
  );
}

function dividendError(
  t: ReturnType<typeof useT>,
  fieldErrors: Record<string, string>,
  index: number,
  field: 'combination' | 'dividend',
): string | undefined {
  const message = fieldErrors[`officialDividends.${index}.${field}`];
  return message ? toteText(t, message) : undefined;
}

function PoolList({ pools }: { pools: readonly (PoolSummary & { status?: 'paying' | 'settled' })[] }) {
  const t = useT();
  if (pools.length === 0) return <p className="bo-state bo-state--empty">{t('result.noPools')}</p>;
  return (
    <ul className="bo-pool-list">
      {pools.map((pool) => (
        <li key={`${pool.firstRaceId}-${pool.betType}`}>
          <PoolCard pool={pool} {...(pool.status ? { status: pool.status } : {})} />
        </li>
      ))}
    </ul>
  );
}
