import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  builderKindsOf,
  countCombinations,
  MAX_COMBINATIONS,
  type BetTypeDefinition,
  type BuilderKind,
  type Race,
  type Runner,
} from '@karera/shared';
import { SelectField } from '../../../components/ui/index.ts';
import { activeSelection, canPick } from '../selection.ts';
import { allPicked, hasPicks, selectionsOf, toggleAll, type PlacePicks } from '../slip.ts';
import { useBuilderT } from './builderI18n.ts';
import {
  aroundIsField,
  bankerOf,
  boxOf,
  chooseBanker,
  fieldAround,
  fieldBoxed,
  moveBanker,
  startBuilder,
  toggleAround,
  toggleBoxed,
} from './builderPicks.ts';
import './builders.css';

/** What the race day hands the runner list so it can build a bet: the slip's picks and how to replace them. */
export interface BuilderHookup {
  type: BetTypeDefinition;
  /** The race of each place (the open race throughout for a single-race type) or of each leg. */
  legs: readonly Race[];
  places: PlacePicks;
  /** The place or leg the runner list picks for when picking by place. */
  activePlace: number;
  onChange: (places: PlacePicks) => void;
}

/** The runner list as a builder drives it: the panel above it, the runners shown picked, the Bet toggle, the banker. */
export interface BuiltList {
  panel: ReactNode;
  selected: ReadonlySet<string>;
  onToggle: (runnerNo: string) => void;
  banker: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The bet builders over the runner list (issue 20): pick by place, a box or a banker for the types of
 * several places, and a field (All) control for the place or leg in view. A builder only rewrites the
 * slip's picks; the count shown is the shared rule's count of what will be sent.
 */
export function useBetBuilder(
  hookup: BuilderHookup | undefined,
  race: Race,
  onSale: boolean,
  byPlace: { selected: ReadonlySet<string>; onToggle: (runnerNo: string) => void },
): BuiltList {
  const [chosenKind, setChosenKind] = useState<BuilderKind>('standard');
  const [chosenBankerPlace, setChosenBankerPlace] = useState(0);
  const standard: BuiltList = { panel: null, selected: byPlace.selected, onToggle: byPlace.onToggle, banker: NONE };
  if (!hookup || !onSale || race.runners.length === 0) return standard;

  const { type, places, onChange } = hookup;
  const runners = race.runners;
  const kinds = builderKindsOf(type);
  const kind = kinds.includes(chosenKind) ? chosenKind : 'standard';
  const bankerPlace = Math.min(chosenBankerPlace, Math.max(places.length - 1, 0));

  function switchKind(next: BuilderKind) {
    setChosenKind(next);
    if (
      hasPicks(
        places,
        places.map(() => runners),
      )
    )
      onChange(startBuilder(next, places, runners, bankerPlace));
  }

  function switchBankerPlace(next: number) {
    setChosenBankerPlace(next);
    onChange(moveBanker(places, runners, bankerPlace, next));
  }

  const panel = (
    <BuilderPanel
      hookup={hookup}
      runners={runners}
      kinds={kinds}
      kind={kind}
      bankerPlace={bankerPlace}
      onKind={switchKind}
      onBankerPlace={switchBankerPlace}
    />
  );
  if (kind === 'box') {
    return {
      panel,
      selected: boxOf(places, runners),
      onToggle: (runnerNo) => onChange(toggleBoxed(places, runners, runnerNo)),
      banker: NONE,
    };
  }
  if (kind === 'banker') {
    const picks = bankerOf(places, runners, bankerPlace);
    return {
      panel,
      selected: picks.others,
      onToggle: (runnerNo) => onChange(toggleAround(places, runners, bankerPlace, runnerNo)),
      banker: picks.banker,
    };
  }
  return { ...standard, panel };
}

/** The builder controls; exported for its render tests. */
export function BuilderPanel({
  hookup,
  runners,
  kinds,
  kind,
  bankerPlace,
  onKind,
  onBankerPlace,
}: {
  hookup: BuilderHookup;
  runners: readonly Runner[];
  kinds: readonly BuilderKind[];
  kind: BuilderKind;
  bankerPlace: number;
  onKind: (kind: BuilderKind) => void;
  onBankerPlace: (place: number) => void;
}) {
  const bt = useBuilderT();
  const { t } = useTranslation();
  const id = useId();
  const { type, legs, places, activePlace, onChange } = hookup;
  const placeNames = [
    t('live.slip.place.first'),
    t('live.slip.place.second'),
    t('live.slip.place.third'),
    t('live.slip.place.fourth'),
    t('live.slip.place.fifth'),
  ];
  const placeName = (place: number) =>
    type.raceType === 'single'
      ? (placeNames[place] ?? String(place + 1))
      : t('live.slip.leg', { raceNo: legs[place]?.raceNo ?? place + 1 });
  const combinations = countCombinations(
    type,
    selectionsOf(
      places,
      legs.map((leg) => leg.runners),
    ),
  );
  const banker = kind === 'banker' ? bankerOf(places, runners, bankerPlace).banker : NONE;
  const bankerNo = runners.find((runner) => banker.has(runner.runnerNo))?.runnerNo ?? '';

  let field: { label: string; pressed: boolean; onPress: () => void };
  if (kind === 'box') {
    field = {
      label: bt('field.box'),
      pressed: allPicked(boxOf(places, runners), runners),
      onPress: () => onChange(fieldBoxed(places, runners)),
    };
  } else if (kind === 'banker') {
    field = {
      label: bt('field.banker'),
      pressed: aroundIsField(places, runners, bankerPlace),
      onPress: () => onChange(fieldAround(places, runners, bankerPlace)),
    };
  } else {
    const picks = activeSelection(places[activePlace] ?? NONE, runners);
    field = {
      label: bt('field.place', { place: placeName(activePlace) }),
      pressed: allPicked(picks, runners),
      onPress: () => onChange(places.map((current, i) => (i === activePlace ? toggleAll(picks, runners) : current))),
    };
  }

  return (
    <div className="bet-builder" data-testid="bet-builder" data-kind={kind}>
      {kinds.length > 1 ? (
        <fieldset className="bet-builder__group">
          <legend className="bet-builder__legend">{bt('title')}</legend>
          <div className="segmented">
            {kinds.map((option) => (
              <label key={option} className="segmented__option">
                <input
                  type="radio"
                  className="segmented__input"
                  name={`${id}-kind`}
                  value={option}
                  checked={option === kind}
                  onChange={() => onKind(option)}
                />
                <span className="segmented__text">{bt(`kinds.${option}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {kind === 'banker' ? (
        <div className="bet-builder__banker">
          <fieldset className="bet-builder__group">
            <legend className="bet-builder__legend">{bt('bankerPlace')}</legend>
            <div className="segmented">
              {places.map((_, place) => (
                <label key={place} className="segmented__option">
                  <input
                    type="radio"
                    className="segmented__input"
                    name={`${id}-banker-place`}
                    value={place}
                    checked={place === bankerPlace}
                    onChange={() => onBankerPlace(place)}
                  />
                  <span className="segmented__text">{placeName(place)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <SelectField
            label={bt('banker')}
            placeholder={bt('noBanker')}
            value={bankerNo}
            data-testid="builder-banker"
            onChange={(event) =>
              onChange(
                chooseBanker(places, runners, bankerPlace, event.target.value === '' ? null : event.target.value),
              )
            }
            options={runners
              .filter(canPick)
              .map((runner) => ({ value: runner.runnerNo, label: `${runner.runnerNo} ${runner.horseName}` }))}
          />
        </div>
      ) : null}

      {kinds.length > 1 ? <p className="bet-builder__hint">{bt(`hints.${kind}`)}</p> : null}

      <div className="bet-builder__foot">
        <button
          type="button"
          className="bet-builder__field"
          aria-pressed={field.pressed}
          data-testid="builder-field"
          onClick={field.onPress}
        >
          {field.label}
        </button>
        {kind !== 'standard' ? (
          <div className="bet-builder__count" aria-live="polite">
            <p data-testid="builder-count">{bt('combinations', { count: combinations })}</p>
            {combinations >= MAX_COMBINATIONS ? (
              <p className="bet-builder__limit" data-testid="builder-limit">
                {bt('tooMany', { limit: MAX_COMBINATIONS })}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
