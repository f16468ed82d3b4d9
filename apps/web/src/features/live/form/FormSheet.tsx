import { useState } from 'react';
import { Link } from 'react-router';
import type { FormGuideResponse, FormGuideRunner } from '@karera/shared';
import { FollowHorseButton } from '../../../components/blackbook/RunnerFollow.tsx';
import { Alert, Button, Dialog, SelectField, Spinner } from '../../../components/ui/index.ts';
import { figureLines, strikeTexts, type FigureLine } from '../../../lib/form/formFigures.ts';
import { useFormT } from '../../../lib/form/formI18n.ts';
import { horsePath, jockeyPath, trainerPath } from '../../../lib/form/formPaths.ts';
import type { RaceFormQuery } from './raceFormApi.ts';

/** A figure's value: shown as bettors read it, spoken in words where the two differ. */
function Value({ line }: { line: Pick<FigureLine, 'shown' | 'spoken'> }) {
  if (line.shown === line.spoken) return <>{line.shown}</>;
  return (
    <>
      <span aria-hidden="true">{line.shown}</span>
      <span className="visually-hidden">{line.spoken}</span>
    </>
  );
}

interface FormSheetProps {
  raceId: number;
  /** A runner's id by its number: the blackbook follows by id. */
  runnerIdOf: (runnerNo: string) => number | null;
  /** The runner whose form is open (its number), or null when the sheet is closed. */
  runnerNo: string | null;
  form: RaceFormQuery;
  onClose: () => void;
}

/**
 * A runner's form guide over the live page (issue 34 §3): its figures in reading order, its jockey and
 * trainer with their last 30 days, links to their pages, and a side-by-side comparison with another runner.
 * The picks on the bet slip stay as they were: closing the sheet returns to them.
 */
export function FormSheet({ raceId, runnerIdOf, runnerNo, form, onClose }: FormSheetProps) {
  const ft = useFormT();
  const [compareWith, setCompareWith] = useState<string | null>(null);
  const guide = form.data;
  const runner = guide?.runners.find((line) => line.runnerNo === runnerNo);
  const close = () => {
    setCompareWith(null);
    onClose();
  };
  const title = runner ? ft('formTitle', { runnerNo: runner.runnerNo, horse: runner.horseName }) : ft('loading');
  return (
    <Dialog
      open={runnerNo !== null}
      onClose={close}
      title={compareWith !== null ? ft('compareTitle') : title}
      closeLabel={ft('close')}
      testId="form-sheet"
      stepKey={compareWith === null ? 'form' : 'compare'}
      actions={
        <Button variant="secondary" onClick={close}>
          {ft('close')}
        </Button>
      }
    >
      {form.isPending ? (
        <Spinner label={ft('loading')} />
      ) : form.isError || !guide ? (
        <div className="form-sheet__state">
          <Alert tone="error">{ft('error')}</Alert>
          <Button variant="secondary" onClick={() => void form.refetch()}>
            {ft('retry')}
          </Button>
        </div>
      ) : !runner ? (
        <p>{ft('notKnown')}</p>
      ) : compareWith !== null ? (
        <Compare guide={guide} first={runner.runnerNo} second={compareWith} onBack={() => setCompareWith(null)} />
      ) : (
        <RunnerForm
          guide={guide}
          runner={runner}
          follow={(() => {
            const runnerId = runnerIdOf(runner.runnerNo);
            return runnerId === null ? null : { raceId, runnerId };
          })()}
          onCompare={() =>
            setCompareWith(
              guide.runners.find((other) => other.runnerNo !== runner.runnerNo)?.runnerNo ?? runner.runnerNo,
            )
          }
        />
      )}
    </Dialog>
  );
}

function RunnerForm({
  guide,
  runner,
  follow,
  onCompare,
}: {
  guide: FormGuideResponse;
  runner: FormGuideRunner;
  follow: { raceId: number; runnerId: number } | null;
  onCompare: () => void;
}) {
  const ft = useFormT();
  const lines = figureLines(ft, runner, guide);
  const jockey = strikeTexts(ft, runner.jockeyLast30Days);
  const trainer = strikeTexts(ft, runner.trainerLast30Days);
  return (
    <div className="form-sheet" data-testid="runner-form-sheet">
      {follow ? <FollowHorseButton {...follow} horseName={runner.horseName} /> : null}
      {runner.firstStarter ? <p className="form-tag">{ft('firstStarter')}</p> : null}
      <dl className="form-figures">
        {lines.map((line) => (
          <div key={line.key} className="form-figures__item" data-figure={line.key}>
            <dt>{line.label}</dt>
            <dd>
              <Value line={line} />
            </dd>
          </div>
        ))}
        {runner.equipment.length > 0 ? (
          <div className="form-figures__item" data-figure="equipment">
            <dt>{ft('equipment')}</dt>
            <dd>{runner.equipment.join(', ')}</dd>
          </div>
        ) : null}
      </dl>
      <ul className="form-people">
        <li>
          <span className="form-people__role">{ft('jockey')}</span>{' '}
          {runner.jockeyId === null ? (
            runner.jockeyName
          ) : (
            <Link to={jockeyPath(runner.jockeyId)}>{runner.jockeyName}</Link>
          )}{' '}
          <span className="form-people__rate">
            ({ft('last30')}: <Value line={jockey} />)
          </span>
        </li>
        {runner.trainerName !== null ? (
          <li>
            <span className="form-people__role">{ft('trainer')}</span>{' '}
            {runner.trainerId === null ? (
              runner.trainerName
            ) : (
              <Link to={trainerPath(runner.trainerId)}>{runner.trainerName}</Link>
            )}{' '}
            <span className="form-people__rate">
              ({ft('last30')}: <Value line={trainer} />)
            </span>
          </li>
        ) : null}
      </ul>
      <div className="form-sheet__links">
        {runner.horseId !== null ? (
          <Link className="btn btn--ghost btn--sm" to={horsePath(runner.horseId)}>
            {ft('horsePage')}
          </Link>
        ) : null}
        {guide.runners.length > 1 ? (
          <Button variant="secondary" onClick={onCompare} data-autofocus>
            {ft('compareWith')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Two runners' figures side by side: a row per figure, a column per runner. */
function Compare({
  guide,
  first: firstNo,
  second: secondNo,
  onBack,
}: {
  guide: FormGuideResponse;
  first: string;
  second: string;
  onBack: () => void;
}) {
  const ft = useFormT();
  const [picked, setPicked] = useState<[string, string]>([firstNo, secondNo]);
  const options = guide.runners.map((runner) => ({
    value: runner.runnerNo,
    label: `${runner.runnerNo} ${runner.horseName}`,
  }));
  const [a, b] = picked.map((no) => guide.runners.find((runner) => runner.runnerNo === no));
  if (!a || !b) return null;
  const left = figureLines(ft, a, guide);
  const right = figureLines(ft, b, guide);
  return (
    <div className="form-compare" data-testid="form-compare">
      <div className="form-compare__pickers">
        <SelectField
          label={ft('compareFirst')}
          options={options}
          value={a.runnerNo}
          onChange={(event) => setPicked([event.target.value, picked[1]])}
          data-autofocus
        />
        <SelectField
          label={ft('compareSecond')}
          options={options}
          value={b.runnerNo}
          onChange={(event) => setPicked([picked[0], event.target.value])}
        />
      </div>
      <table className="form-compare__table">
        <caption className="visually-hidden">{ft('compareTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{ft('figure')}</th>
            <th scope="col">
              {a.runnerNo} {a.horseName}
            </th>
            <th scope="col">
              {b.runnerNo} {b.horseName}
            </th>
          </tr>
        </thead>
        <tbody>
          {left.map((line, index) => {
            const other = right[index];
            return (
              <tr key={line.key} data-figure={line.key}>
                <th scope="row">{line.label}</th>
                <td>
                  <Value line={line} />
                </td>
                <td>{other ? <Value line={other} /> : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Button variant="ghost" onClick={onBack}>
        {ft('backToForm')}
      </Button>
    </div>
  );
}
