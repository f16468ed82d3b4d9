import { formatManilaTime, type DayCard } from '@karera/shared';

/** A post time in Manila, e.g. '2:05 PM'; '' when it is not a time. */
export function formatPostTime(iso: string | null): string {
  const date = new Date(iso ?? '');
  if (Number.isNaN(date.getTime())) return '';
  return formatManilaTime(date);
}

export interface CardGroup {
  arena: string;
  cards: DayCard[];
}

/**
 * The day's cards by arena for the switcher: arenas in the order their first card comes (the card in
 * play first), each arena's cards in the order the server gave them.
 */
export function cardsByArena(cards: readonly DayCard[]): CardGroup[] {
  const groups: CardGroup[] = [];
  for (const card of cards) {
    const group = groups.find((g) => g.arena === card.arena);
    if (group) group.cards.push(card);
    else groups.push({ arena: card.arena, cards: [card] });
  }
  return groups;
}
