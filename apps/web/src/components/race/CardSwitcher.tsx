import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayCard } from '@karera/shared';
import { cardsByArena, formatPostTime } from './cardSwitcher.ts';

interface CardSwitcherProps {
  cards: readonly DayCard[];
  selectedId: number;
  onSelect: (eventId: number) => void;
}

/**
 * The day's race cards by arena, each with where it stands (betting open, running, next post time,
 * finished): the live screen and the results page switch cards with it.
 */
export function CardSwitcher({ cards, selectedId, onSelect }: CardSwitcherProps) {
  const { t } = useTranslation();
  const id = useId();
  function label(card: DayCard): string {
    const state =
      card.phase === 'upcoming' && card.nextPostTime
        ? t('cards.firstPost', { time: formatPostTime(card.nextPostTime) })
        : t(`cards.phase.${card.phase}`);
    return `${card.name} · ${state}`;
  }
  return (
    <div className="field card-switcher" data-testid="card-switcher">
      <label className="field__label" htmlFor={id}>
        {t('cards.label')}
      </label>
      <select
        id={id}
        className="field__input"
        value={String(selectedId)}
        onChange={(event) => onSelect(Number(event.target.value))}
      >
        {cardsByArena(cards).map((group) => (
          <optgroup key={group.arena} label={group.arena}>
            {group.cards.map((card) => (
              <option key={card.id} value={String(card.id)} data-phase={card.phase}>
                {label(card)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
