import type { BetTypeDefinition } from '@karera/shared';

/**
 * What a ticket of a bet type picks, for the Combination column of the pool table. The key names a
 * text under betRules.picks; the numbers fill it in.
 */
export type CombinationDescription =
  | { key: 'runner' }
  | { key: 'runnersInOrder'; count: number }
  | { key: 'consecutiveRaces'; count: number }
  | { key: 'alternateRaces'; first: number; last: number };

export function combinationOf(type: Pick<BetTypeDefinition, 'raceType' | 'selector'>): CombinationDescription {
  switch (type.raceType) {
    case 'single':
      return type.selector === 1 ? { key: 'runner' } : { key: 'runnersInOrder', count: type.selector };
    case 'consecutive':
      return { key: 'consecutiveRaces', count: type.selector };
    case 'alternate':
      // Every other race from the first: XD (2 legs) takes races 1 and 3.
      return { key: 'alternateRaces', first: 1, last: 2 * type.selector - 1 };
  }
}

/** A bet type's section heading: its name, with the code when the code is not just the name. */
export function betTypeHeading(type: Pick<BetTypeDefinition, 'name' | 'code'>): string {
  return type.name.toLowerCase() === type.code.toLowerCase() ? type.name : `${type.name} (${type.code})`;
}

/** An element id for a bet type's rule section ('DD+1' becomes 'rule-dd-1'). */
export function ruleSectionId(code: string): string {
  return `rule-${code.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}
