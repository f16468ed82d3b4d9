import { legRaceNumbers, type BetTypeDefinition } from '@karera/shared';

/**
 * What the player picks for a bet type, as the how-to-bet drawer explains it: the winner of one race,
 * runners for each place in order, or the winner of each race of a multi-race pool.
 */
export type PickPlan =
  | { kind: 'winner' }
  | { kind: 'places'; count: number }
  | { kind: 'consecutive'; count: number }
  | { kind: 'alternate'; first: number; second: number };

export function pickPlanOf(type: Pick<BetTypeDefinition, 'raceType' | 'selector'>): PickPlan {
  if (type.raceType === 'single')
    return type.selector === 1 ? { kind: 'winner' } : { kind: 'places', count: type.selector };
  if (type.raceType === 'consecutive') return { kind: 'consecutive', count: type.selector };
  // XD counts its races from the first race of the ticket: races 1 and 3 when it starts at race 1.
  const [first = 1, second = 3] = legRaceNumbers(type, 1);
  return { kind: 'alternate', first, second };
}

/**
 * The bet tutorial for a type: the guided bet tour (docs/product/screens.md#tutorials), told which type the player was
 * looking at so it can start there.
 */
export function betTutorialHref(type: Pick<BetTypeDefinition, 'code'>): string {
  return `/tutorial-bet?${new URLSearchParams({ type: type.code }).toString()}`;
}
