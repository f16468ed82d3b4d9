import type { Race } from '@karera/shared';

/** What the demo's clock needs of a race. */
export type RaceClock = Pick<Race, 'raceId' | 'status' | 'startDateTime'>;

export interface CardClock {
  eventId: number;
  races: RaceClock[];
}

/** The demo card's clock at the simulator's pace, in milliseconds of the wall clock. */
export interface PacedClock {
  /** Betting opens this long before post time. */
  openAhead: number;
  /** Last call this long before post time. */
  lastCall: number;
  /** From post time (closed) to the official result. */
  running: number;
}

/** The steps of a race on the demo's clock: opening, last call, off (closed and run), result, and a run to decide. */
export type RaceStep = 'open' | 'lastCall' | 'off' | 'result' | 'run';

export const isFinal = (race: Pick<Race, 'status'>) => race.status === 'D' || race.status === 'X';

/**
 * The step a race is due at `now`, or none. `hasRun` says whether this simulator knows the race's run
 * is decided: a closed race without one was sent off by a simulator that stopped before deciding it.
 */
export function dueStep(
  race: RaceClock,
  now: number,
  clock: PacedClock,
  hasRun: (raceId: number) => boolean,
): RaceStep | undefined {
  const post = Date.parse(race.startDateTime);
  if (race.status === 'A' && now >= post - clock.openAhead) return 'open';
  if (race.status === 'O' && now >= post - clock.lastCall) return 'lastCall';
  if (race.status === 'L' && now >= post) return 'off';
  if (race.status === 'C' && now >= post + clock.running) return 'result';
  if (race.status === 'C' && !hasRun(race.raceId)) return 'run';
  return undefined;
}

/** A new card is wanted once the newest card (the last) has no race left awaiting its opening, or there is none. */
export function cardWanted(cards: readonly { races: readonly Pick<Race, 'status'>[] }[]): boolean {
  const newest = cards.at(-1);
  return !newest || !newest.races.some((race) => race.status === 'A');
}

/** Whether any race of these cards is due a step at `now`. */
export function raceStepDue(
  cards: readonly CardClock[],
  now: number,
  clock: PacedClock,
  hasRun: (raceId: number) => boolean,
): boolean {
  return cards.some((card) =>
    card.races.some((race) => !isFinal(race) && dueStep(race, now, clock, hasRun) !== undefined),
  );
}
