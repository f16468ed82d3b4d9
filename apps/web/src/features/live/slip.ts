import {
  BetMessages,
  checkBet,
  countCombinations,
  StatusCode,
  legRaceNumbers,
  offeredBetTypes,
  poolSale,
  type BetTypeDefinition,
  type Race,
  type Runner,
} from '@karera/shared';
import { activeSelection, baseNumber, canPick } from './selection.ts';

/**
 * Picks of a slip: the runner numbers (as listed, letters kept) of each place of a single-race type,
 * or of each leg of a multi-race type.
 */
export type PlacePicks = readonly ReadonlySet<string>[];

/** Runners each place or leg picks from: the race's for every place, each leg race's for a leg. */
export type PlaceRunners = readonly (readonly Runner[])[];

/**
 * The races a ticket of the type starting at `race` covers, in leg order (the race itself, once per
 * place, for a single-race type); null when the card lacks one of them.
 */
export function legRacesOf(type: BetTypeDefinition, race: Race, races: readonly Race[]): Race[] | null {
  if (type.raceType === 'single') return Array.from({ length: type.selector }, () => race);
  const legs = legRaceNumbers(type, race.raceNo).map((raceNo) => races.find((r) => r.raceNo === raceNo));
  return legs.every((leg) => leg !== undefined) ? (legs as Race[]) : null;
}

/**
 * Every bet type a race offers as a first race (docs/product/betting.md#bet-types): the single-race ones, then the
 * multi-race ones it enables whose legs are all on the card.
 */
export function slipTypes(race: Race, races: readonly Race[]): BetTypeDefinition[] {
  return offeredBetTypes(race.enabledBetTypes).filter(
    (type) => type.raceType === 'single' || legRacesOf(type, race, races) !== null,
  );
}

/**
 * Whether the pool of a slip takes tickets now (the shared rule: a multi-race pool while its first leg
 * is open and no later leg has closed). `legs` in leg order, as legRacesOf gives them.
 */
export function slipOnSale(type: BetTypeDefinition, legs: readonly Race[]): boolean {
  const races = type.raceType === 'single' ? legs.slice(0, 1) : legs;
  return poolSale(races.map((leg) => leg.status)).open;
}

/** An empty slip for a type: one empty pick set per place. */
export function emptyPlaces(type: Pick<BetTypeDefinition, 'selector'>): ReadonlySet<string>[] {
  return Array.from({ length: type.selector }, () => new Set<string>());
}

/** Whether any place holds a pick that still counts. */
export function hasPicks(places: PlacePicks, runners: PlaceRunners): boolean {
  return places.some((picks, i) => activeSelection(picks, runners[i] ?? []).size > 0);
}

/** Every pickable runner is picked: the place's All control reads Clear (docs/product/screens.md#picking-runners). */
export function allPicked(picks: ReadonlySet<string>, runners: readonly Runner[]): boolean {
  const pickable = runners.filter(canPick);
  return pickable.length > 0 && pickable.every((runner) => picks.has(runner.runnerNo));
}

/** All picks every non-scratched runner; once they all are, it clears the place. */
export function toggleAll(picks: ReadonlySet<string>, runners: readonly Runner[]): Set<string> {
  if (allPicked(picks, runners)) return new Set();
  return new Set(runners.filter(canPick).map((runner) => runner.runnerNo));
}

/** The slip as the server takes it: base runner numbers per place or leg, each place sorted, no duplicates. */
export function selectionsOf(places: PlacePicks, runners: PlaceRunners): number[][] {
  return places.map((picks, i) => {
    const numbers = [...activeSelection(picks, runners[i] ?? [])].map((runnerNo) => Number(baseNumber(runnerNo)));
    return [...new Set(numbers.filter((n) => Number.isSafeInteger(n) && n > 0))].sort((a, b) => a - b);
  });
}

/** Picks as the receipt and slip show them: runners of a place split by ',', places by '-'. */
export function picksText(selections: readonly (readonly number[])[]): string {
  return selections.map((runners) => (runners.length > 0 ? runners.join(',') : '–')).join('-');
}

/** The amount field accepts digits only; leading zeros go, the length is capped. */
export function amountInput(text: string): string {
  return text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 7);
}

/** Whole pesos typed into the amount field, 0 when empty. */
export function pesosOf(text: string): number {
  const pesos = Number.parseInt(text, 10);
  return Number.isSafeInteger(pesos) && pesos > 0 ? pesos : 0;
}

export interface SlipSummary {
  combinations: number;
  /** Centavos: combinations x amount, shown whether or not the slip passes its rules. */
  total: number;
}

/** The live count and cost under the slip. */
export function summarize(
  type: BetTypeDefinition,
  selections: readonly (readonly number[])[],
  pesos: number,
): SlipSummary {
  const combinations = countCombinations(type, selections);
  return { combinations, total: combinations * pesos * 100 };
}

export type Refusal = { message: string; deposit: boolean };

/**
 * Why a slip cannot go to the server (docs/product/betting.md#slip-rules-and-refusals), or null when it can: the shared
 * slip rules only (combination limit, minimum with a Deposit button, WTA even amounts). Whether the balances
 * cover it is the server's call (no refusal on a balance the screen did not just read,
 * docs/product/README.md#principles): its 119 shows the insufficient-balance message.
 */
export function refusalOf(type: BetTypeDefinition, selections: readonly (readonly number[])[], pesos: number) {
  const check = checkBet(type, selections, pesos * 100);
  if (!check.ok) return { message: check.message, deposit: check.message === BetMessages.minBet(type.minBet / 100) };
  return null;
}

/**
 * What the slip shows for a refused bet: the server's own words (a break with its end, a limit with its
 * amount, a closed race ...), 119 as the insufficient-balance message with a Deposit button, and the
 * generic error only when the server said nothing (no connection, a 5xx without a message).
 */
export function serverRefusalOf(error: { statusCode: number; message: string } | null): Refusal {
  if (error?.statusCode === StatusCode.INSUFFICIENT_BALANCE)
    return { message: BetMessages.insufficientBalance, deposit: true };
  const message = error?.message.trim() ?? '';
  return { message: message === '' ? BetMessages.serverError : message, deposit: false };
}

/** The same slip sent again keeps its key; any change to it makes a new submission. */
export function slipSignature(body: {
  raceId: number;
  betType: string;
  selections: readonly (readonly number[])[];
  amount: number;
  useBonus: boolean;
}): string {
  return JSON.stringify([body.raceId, body.betType, body.selections, body.amount, body.useBonus]);
}

/**
 * A remembered bet put back on the slip (repeat last bet): each place or leg picks the runners whose
 * base number it had, among those that can be picked now (a runner scratched since drops out, a coupled
 * entry comes back whole). Never more places than the slip has.
 */
export function repeatPlaces(selections: readonly (readonly number[])[], runners: PlaceRunners): Set<string>[] {
  return runners.map((placeRunners, i) => {
    const numbers = new Set((selections[i] ?? []).map(String));
    return new Set(
      placeRunners
        .filter((runner) => canPick(runner) && numbers.has(baseNumber(runner.runnerNo)))
        .map((r) => r.runnerNo),
    );
  });
}

/** The slip bar's short picks: a single-race type's places split by '-', a multi-race type's legs by '/'. */
export function barPicksText(type: Pick<BetTypeDefinition, 'raceType'>, selections: readonly (readonly number[])[]) {
  const separator = type.raceType === 'single' ? '-' : '/';
  return selections.map((runners) => (runners.length > 0 ? runners.join(',') : '–')).join(separator);
}
