import { memo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Race } from '@karera/shared';
import { useChipStrip } from './useChipStrip.ts';

export interface RaceTabsProps {
  races: readonly Race[];
  selectedId: number;
  onSelect: (raceId: number) => void;
  idOf: (raceId: number) => string;
  panelId: string;
}

/**
 * The race number tabs, each with its race's status. Manual activation (WAI-ARIA): arrow keys, Home and
 * End move the focus, Enter or Space opens the race, because opening another race may first ask to
 * drop the picks (docs/product/screens.md#picking-runners).
 */
export const RaceTabs = memo(function RaceTabs({ races, selectedId, onSelect, idOf, panelId }: RaceTabsProps) {
  const { t } = useTranslation();
  const refs = useRef(new Map<number, HTMLButtonElement>());

  // Keep the open race's tab in view in the scrolling strip (10 races do not fit at 390 px).
  const strip = useChipStrip<HTMLDivElement>(selectedId);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const focused = races.findIndex((race) => refs.current.get(race.raceId) === document.activeElement);
    if (focused < 0) return;
    const moves: Record<string, number> = {
      ArrowRight: (focused + 1) % races.length,
      ArrowLeft: (focused - 1 + races.length) % races.length,
      Home: 0,
      End: races.length - 1,
    };
    const target = moves[event.key];
    const race = target === undefined ? undefined : races[target];
    if (!race) return;
    event.preventDefault();
    refs.current.get(race.raceId)?.focus();
  }

  return (
    <div
      ref={strip}
      role="tablist"
      aria-label={t('live.raceTabs')}
      className="race-tabs chip-strip"
      data-testid="race-tabs"
      onKeyDown={onKeyDown}
    >
      {races.map((race) => {
        const selected = race.raceId === selectedId;
        return (
          <button
            key={race.raceId}
            ref={(node) => {
              if (node) refs.current.set(race.raceId, node);
              else refs.current.delete(race.raceId);
            }}
            type="button"
            role="tab"
            id={idOf(race.raceId)}
            aria-selected={selected}
            aria-controls={selected ? panelId : undefined}
            tabIndex={selected ? 0 : -1}
            className="race-tab"
            data-status={race.status}
            data-testid={`race-tab-${race.raceNo}`}
            onClick={() => onSelect(race.raceId)}
          >
            <span className="visually-hidden">{t('live.race')} </span>
            <span className="race-tab__no">{race.raceNo}</span>{' '}
            <span className="race-tab__status">{t(`live.status.${race.status}`)}</span>
          </button>
        );
      })}
    </div>
  );
}, sameTabs);

/** The tabs show each race's number and status only: odds moving in a race leave them as they are. */
function sameTabs(before: RaceTabsProps, after: RaceTabsProps): boolean {
  return (
    before.selectedId === after.selectedId &&
    before.onSelect === after.onSelect &&
    before.idOf === after.idOf &&
    before.panelId === after.panelId &&
    before.races.length === after.races.length &&
    before.races.every((race, i) => {
      const next = after.races[i];
      return (
        next !== undefined && race.raceId === next.raceId && race.raceNo === next.raceNo && race.status === next.status
      );
    })
  );
}
