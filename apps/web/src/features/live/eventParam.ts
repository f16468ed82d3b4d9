/**
 * The race day a link asks for (/live?event=<id>, e.g. from the back office); without one, or with one
 * that is not an id, the screen follows the card in play (the first card getGameInfo lists).
 */
export function eventIdOf(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id >= 1 && id <= 2 ** 31 - 1 ? id : null;
}
