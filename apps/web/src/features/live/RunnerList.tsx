import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormGuideRunner, Race, Runner } from '@karera/shared';
import { formatStartsOn } from './schedule.ts';
import { raceNotice, runnerMark, type RunnerMark } from './raceDisplay.ts';
import { useBetBuilder, type BuilderHookup } from './builders/BetBuilder.tsx';
import { useBuilderT } from './builders/builderI18n.ts';
import { saddleClothOf } from '../../components/drawnRace/saddleCloth.ts';
import { RunnerFollowMark } from '../../components/blackbook/RunnerFollow.tsx';
import { FormLine } from './form/FormLine.tsx';
import { FormSheet } from './form/FormSheet.tsx';
import { useRaceForm, type RaceFormQuery } from './form/raceFormApi.ts';
import { useLatest } from './useLatest.ts';
import { useFormT } from '../../lib/form/formI18n.ts';

/**
 * The race's notice above its runners (docs/product/screens.md#race-display); `onSale`: the pool being built is on
 * sale. `clocked`: the race's clock band shows this race, and carries its last call itself.
 */
export function RaceNoticeBanner({
  race,
  onSale,
  clocked = false,
}: {
  race: Race;
  onSale: boolean;
  clocked?: boolean;
}) {
  const { t } = useTranslation();
  const notice = raceNotice(race, onSale);
  if (!notice || (clocked && notice.kind === 'lastCall')) return null;
  switch (notice.kind) {
    case 'awaiting':
      return (
        <div className="race-notice race-notice--awaiting" data-testid="race-notice">
          <p className="race-notice__title">{t('live.waiting')}</p>
          <p className="race-notice__text">{t('live.startsOn', { time: formatStartsOn(notice.startDateTime) })}</p>
        </div>
      );
    case 'legStarts':
      return (
        <div className="race-notice race-notice--leg" data-testid="race-notice">
          <p className="race-notice__text">{t('live.startsOn', { time: formatStartsOn(notice.startDateTime) })}</p>
        </div>
      );
    case 'lastCall':
      return (
        <div className="race-notice race-notice--last-call" data-testid="race-notice">
          <p className="race-notice__title blink">{t('live.lastCall')}</p>
        </div>
      );
    case 'closed':
      return (
        <div className="race-notice race-notice--closed" data-testid="race-notice">
          <p className="race-notice__title">{t('live.closeBet')}</p>
        </div>
      );
    case 'cancelled':
      return (
        <div className="race-notice race-notice--cancelled" data-testid="race-notice">
          <p className="race-notice__title">{t('live.cancelled')}</p>
        </div>
      );
    case 'resultPending':
      return (
        <div className="race-notice race-notice--pending" data-testid="race-notice">
          <p className="race-notice__title">{t('live.resultPending')}</p>
        </div>
      );
  }
}

interface RunnerListProps {
  race: Race;
  /** Whether the pool being built takes tickets now: runners get a Bet toggle. */
  onSale: boolean;
  selected: ReadonlySet<string>;
  onToggle: (runnerNo: string) => void;
  /** The slip's picks for the bet builders (box, banker, field); without it the list picks by place only. */
  builder?: BuilderHookup | undefined;
  /** Each runner's form beside its row, and its form sheet (the live page shows them; GET /races/:raceId/form). */
  formGuide?: boolean;
}

/**
 * The runners of the open race: number, horse, jockey, live odds and, per status, a Bet toggle or a mark.
 * While the pool is on sale the bet builders sit above them and decide what a Bet toggle does.
 */
export function RunnerList({ formGuide = false, ...props }: RunnerListProps) {
  return formGuide ? <RunnerListWithForm {...props} /> : <Runners {...props} form={null} />;
}

function RunnerListWithForm(props: Omit<RunnerListProps, 'formGuide'>) {
  const form = useRaceForm(props.race.raceId);
  return <Runners {...props} form={form} />;
}

function Runners({
  race,
  onSale,
  selected,
  onToggle,
  builder,
  form,
}: Omit<RunnerListProps, 'formGuide'> & { form: RaceFormQuery | null }) {
  const { t } = useTranslation();
  const built = useBetBuilder(builder, race, onSale, { selected, onToggle });
  const toggle = useLatest(built.onToggle);
  const [formOf, setFormOf] = useState<string | null>(null);
  const formByNo = new Map((form?.data?.runners ?? []).map((line) => [line.runnerNo, line]));
  if (race.runners.length === 0) return <p className="runner-list__empty">{t('live.noRunners')}</p>;
  // A race that has closed keeps the odds it closed on; one that never had any shows none, not 'no odds yet'.
  const oddsPending = race.status === 'A' || race.status === 'O' || race.status === 'L';
  return (
    <>
      {built.panel}
      <ul className="runner-list" aria-label={t('live.runners', { raceNo: race.raceNo })}>
        {race.runners.map((runner) => (
          <RunnerRow
            key={runner.id}
            runner={runner}
            raceId={race.raceId}
            mark={runnerMark(race, runner, onSale)}
            oddsPending={oddsPending}
            picked={built.selected.has(runner.runnerNo)}
            banker={built.banker.has(runner.runnerNo)}
            onToggle={toggle}
            {...(form ? { form: formByNo.get(runner.runnerNo) ?? null, onOpenForm: setFormOf } : {})}
          />
        ))}
      </ul>
      {form ? (
        <FormSheet
          raceId={race.raceId}
          runnerIdOf={(runnerNo) => race.runners.find((runner) => runner.runnerNo === runnerNo)?.id ?? null}
          runnerNo={formOf}
          form={form}
          onClose={() => setFormOf(null)}
        />
      ) : null}
    </>
  );
}

/**
 * One runner's row. Drawn again only when what it shows changed (its runner object, which the live
 * socket replaces only when its odds moved, its mark, its picks, its form), not for every other
 * runner's odds.
 */
const RunnerRow = memo(function RunnerRow({
  raceId,
  runner,
  mark,
  oddsPending,
  picked,
  banker,
  onToggle,
  form,
  onOpenForm,
}: {
  raceId: number;
  runner: Runner;
  mark: RunnerMark;
  /** The race has no odds yet but will have: a runner without odds says so to screen readers. */
  oddsPending: boolean;
  picked: boolean;
  /** The banker of a banker bet: fixed in its place, so a mark instead of a Bet toggle. */
  banker: boolean;
  onToggle: (runnerNo: string) => void;
  /** The runner's form line (null while loading or when it has none); with onOpenForm, its name opens the sheet. */
  form?: FormGuideRunner | null;
  onOpenForm?: (runnerNo: string) => void;
}) {
  const { t } = useTranslation();
  const bt = useBuilderT();
  return (
    <li
      className="runner"
      data-testid="runner"
      data-runner-no={runner.runnerNo}
      data-scratched={runner.status === 'S' || undefined}
      data-picked={picked || undefined}
      data-banker={(mark === 'bet' && banker) || undefined}
    >
      <span className="runner__no" style={runner.status === 'S' ? undefined : clothStyle(runner.runnerNo)}>
        {runner.runnerNo}
      </span>
      <span className="runner__names">
        {onOpenForm ? (
          <FormButton runnerNo={runner.runnerNo} horseName={runner.horseName} onOpen={onOpenForm} />
        ) : (
          <span className="runner__horse">{runner.horseName}</span>
        )}
        <span className="runner__jockey-line">
          <span className="runner__jockey">{runner.jockeyName}</span>
          {form ? <RowFormLine form={form} /> : null}
          <RowFollowMark raceId={raceId} runnerId={runner.id} />
        </span>
      </span>
      {runner.status === 'S' ? null : (
        <span className="runner__odds" data-testid="runner-odds">
          <span className="visually-hidden">{t('live.odds')} </span>
          {runner.odds ??
            (oddsPending ? (
              <>
                <span aria-hidden="true">—</span>
                <span className="visually-hidden">{t('live.noOdds')}</span>
              </>
            ) : (
              <span aria-hidden="true">—</span>
            ))}
        </span>
      )}
      <span className="runner__action" data-testid="runner-mark">
        {mark === 'bet' && banker ? (
          <span className="runner-mark runner-mark--banker">{bt('bankerMark')}</span>
        ) : mark === 'bet' ? (
          <button
            type="button"
            className="bet-toggle"
            aria-pressed={picked}
            aria-label={t('live.betOn', { runnerNo: runner.runnerNo, horse: runner.horseName })}
            onClick={() => onToggle(runner.runnerNo)}
          >
            <svg className="bet-toggle__check" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            {t('live.bet')}
          </button>
        ) : mark === 'scratched' ? (
          <span className="runner-mark runner-mark--scratched">{t('live.scratched')}</span>
        ) : mark === 'first' ? (
          <span className="runner-mark runner-mark--first">{t('live.first')}</span>
        ) : mark === 'unplaced' ? (
          <span className="runner-mark runner-mark--unplaced">{t('live.unplaced')}</span>
        ) : null}
      </span>
    </li>
  );
});

/** The horse's name, opening its form sheet. */
const FormButton = memo(function FormButton({
  runnerNo,
  horseName,
  onOpen,
}: {
  runnerNo: string;
  horseName: string;
  onOpen: (runnerNo: string) => void;
}) {
  const ft = useFormT();
  return (
    <button
      type="button"
      className="runner__horse runner__horse-button"
      aria-haspopup="dialog"
      aria-label={ft('openForm', { runnerNo, horse: horseName })}
      data-testid="runner-form-open"
      onClick={() => onOpen(runnerNo)}
    >
      {horseName}
    </button>
  );
});

/* A row drawn again for its odds leaves its form line and blackbook mark (and the mark's query) be. */
const RowFormLine = memo(FormLine);
const RowFollowMark = memo(RunnerFollowMark);

/** The runner's number on its saddle cloth, in the colours the drawn race gives it (coupled runners alike). */
function clothStyle(runnerNo: string) {
  const { cloth, number } = saddleClothOf(runnerNo);
  return { background: cloth, color: number };
}
