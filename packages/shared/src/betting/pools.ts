import { BET_TYPES, legRaceNumbers, type BetTypeDefinition } from '../betTypes.ts';
import { isBettingOpen, type RaceStatus } from '../racing/status.ts';

/**
 * The bet types a race offers as the first (or only) race of a pool (docs/product/betting.md#bet-types): Win and
 * Forcast always; a flag-enabled type only when the race enables it and, where the event's list is known, the
 * event does too. In the order of the bet-type table.
 */
export function offeredBetTypes(raceEnabled: readonly string[], eventEnabled?: readonly string[]): BetTypeDefinition[] {
  return BET_TYPES.filter((type) => offersBetType(type, raceEnabled, eventEnabled));
}

/**
 * The smallest field a race may open betting with (issue 31 §12): two runners make a race, and a
 * single-race bet type needs as many runners as it has places (a Trifecta three). Answers the bet type
 * that needs the most, for the refusal's words.
 */
export function runnersNeededToOpen(
  raceEnabled: readonly string[],
  eventEnabled?: readonly string[],
): { needed: number; betType: BetTypeDefinition | null } {
  let needed = 2;
  let betType: BetTypeDefinition | null = null;
  for (const type of offeredBetTypes(raceEnabled, eventEnabled)) {
    if (type.raceType === 'single' && type.selector > needed) {
      needed = type.selector;
      betType = type;
    }
  }
  return { needed, betType };
}

/** Whether a race offers a bet type as the first race of its pool. */
export function offersBetType(
  type: Pick<BetTypeDefinition, 'code' | 'flagEnabled'>,
  raceEnabled: readonly string[],
  eventEnabled?: readonly string[],
): boolean {
  return !type.flagEnabled || (raceEnabled.includes(type.code) && (!eventEnabled || eventEnabled.includes(type.code)));
}

/** Once betting has closed (and for a finished or cancelled race) the field and its pools are fixed. */
export function isRaceLocked(status: RaceStatus): boolean {
  return status === 'C' || status === 'D' || status === 'X';
}

/** The ledger account holding a pool's stakes: one per first race and bet type. */
export function poolAccountCode(pool: { firstRaceId: number; betType: string }): string {
  return `pool:${pool.firstRaceId}:${pool.betType}`;
}

/** Why a pool takes no new ticket: a leg is not on the card, or the leg that closed it (index into the legs). */
export type PoolSale =
  { open: true } | { open: false; reason: 'missingLeg' } | { open: false; reason: 'closed'; leg: number };

/**
 * Whether a pool takes tickets now, from the statuses of its legs in order (undefined: the card has no
 * such race). As a track sells it: a single-race pool while its race is open (O or L); a multi-race pool
 * while its first leg is open and none of its later legs has closed, finished or been cancelled (a later
 * leg may still await its own opening, A). The pool closes for new tickets when its first leg closes.
 */
export function poolSale(legs: readonly (RaceStatus | undefined)[]): PoolSale {
  const [first, ...later] = legs;
  if (legs.length === 0 || legs.some((status) => status === undefined)) return { open: false, reason: 'missingLeg' };
  if (!isBettingOpen(first as RaceStatus)) return { open: false, reason: 'closed', leg: 0 };
  const closedLeg = later.findIndex((status) => isRaceLocked(status as RaceStatus));
  return closedLeg === -1 ? { open: true } : { open: false, reason: 'closed', leg: closedLeg + 1 };
}

/** The pool's legs as race numbers and their statuses from a card, then whether it is on sale. */
export function poolSaleOnCard(
  type: Pick<BetTypeDefinition, 'raceType' | 'selector'>,
  firstRaceNo: number,
  statusOfRaceNo: (raceNo: number) => RaceStatus | undefined,
): PoolSale {
  return poolSale(legRaceNumbers(type, firstRaceNo).map(statusOfRaceNo));
}

/**
 * The multi-race pools a finished race completes as their last leg, by first race number: a Double
 * ending at race 5 starts at race 4, an XD at race 3.
 */
export function poolsEndingAt(raceNo: number): { type: BetTypeDefinition; firstRaceNo: number }[] {
  return BET_TYPES.flatMap((type) => {
    const numbers = legRaceNumbers(type, 1);
    const firstRaceNo = raceNo - ((numbers[numbers.length - 1] ?? 1) - 1);
    return firstRaceNo >= 1 ? [{ type, firstRaceNo }] : [];
  });
}
