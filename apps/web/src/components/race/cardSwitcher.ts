import { MANILA_TIME_ZONE, type DayCard } from '@karera/shared';

/** Made on the first post time formatted, not when the module loads (before the race day has come). */
let postTime: Intl.DateTimeFormat | undefined;

/** A post time in Manila, e.g. '2:05 PM'; '' when it is not a time. */
export function formatPostTime(iso: string | null): string {
  const date = new Date(iso ?? '');
  if (Number.isNaN(date.getTime())) return '';
  postTime ??= new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: MANILA_TIME_ZONE });
  return postTime.format(date);
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
