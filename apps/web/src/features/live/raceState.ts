import { isBettingOpen, type Race, type RaceStatus, type RealtimeMessage } from '@karera/shared';

/** How far along its life a race is. Statuses only move forward (shared status machine); D and X are final. */
const PROGRESS: Record<RaceStatus, number> = { A: 0, O: 1, L: 2, C: 3, D: 4, X: 4 };

export interface StatusChange {
  raceId: number;
  raceNo: number;
  from: RaceStatus;
  to: RaceStatus;
}

export interface AppliedFrame {
  /**
   * The card after the messages. Unchanged races and runners are the same objects as before (so a row
   * whose runner did not move is not drawn again), and a frame that changes nothing gives back the very
   * array it was given (`changed` false).
   */
  races: readonly Race[];
  /** Whether any race or runner of the card changed. */
  changed: boolean;
  /** Something happened that the messages cannot describe: the card has to be read again. */
  refetch: boolean;
}

function sameOdds(a: readonly (string | null)[], b: readonly (string | null)[]): boolean {
  return a.length === b.length && a.every((odds, index) => odds === b[index]);
}

/**
 * Applies the socket's messages to the race card. RACE_STATUS moves a known race forward (a stale,
 * backward one is ignored); D asks for the card again, for the finishing places; a status of a race
 * not on the card (e.g. one just added) asks for it too. UPDATE_ODDS sets each runner's odds in card
 * order. The protocol carries no runner status, so an odds line that may hide a scratching (a runner
 * losing its odds, a scratched one getting odds, a line that changes nothing, a different runner count)
 * asks for the card again. Odds of races not on the card (another race day) are ignored.
 * Only what a message changes is copied: every other race and runner keeps its identity.
 */
export function applyRealtime(races: readonly Race[], messages: readonly RealtimeMessage[]): AppliedFrame {
  let next: Race[] | null = null;
  let refetch = false;

  for (const message of messages) {
    // The hellos go client to server only.
    if (message.type === 'GAME_CONNECT' || message.type === 'STAFF_CONNECT') continue;
    const card: readonly Race[] = next ?? races;
    const index = card.findIndex((race) => race.raceId === message.raceId);
    const race = card[index];
    if (!race) {
      if (message.type === 'RACE_STATUS') refetch = true;
      continue;
    }
    if (message.type === 'RACE_STATUS') {
      if (message.status === race.status || PROGRESS[message.status] < PROGRESS[race.status]) continue;
      next ??= [...races];
      next[index] = { ...race, status: message.status };
      if (message.status === 'D') refetch = true;
      continue;
    }
    // Other messages (a drawn race's run, ...) are for other parts of the screen.
    if (message.type !== 'UPDATE_ODDS') continue;
    const current = race.runners.map((runner) => runner.odds);
    if (message.odds.length !== race.runners.length || sameOdds(current, message.odds)) {
      refetch = true;
      continue;
    }
    const runners = race.runners.map((runner, i) => {
      const odds = message.odds[i] ?? null;
      if (runner.status === 'S' ? odds !== null : odds === null) refetch = true;
      return runner.status === 'S' || runner.odds === odds ? runner : { ...runner, odds };
    });
    if (runners.every((runner, i) => runner === race.runners[i])) continue;
    next ??= [...races];
    next[index] = { ...race, runners };
  }
  return { races: next ?? races, changed: next !== null, refetch };
}

/** Each race's status as the screen last showed it, by race id. */
export function statusesOf(races: readonly Race[]): ReadonlyMap<number, RaceStatus> {
  return new Map(races.map((race) => [race.raceId, race.status]));
}

/**
 * The races whose status moved forward since the screen last showed the card, whichever brought the news: the
 * socket, or a reading of the card that got there first (the socket's message then changes nothing). A race
 * the earlier showing did not have (another card, one just added) is not a change.
 */
export function statusChanges(before: ReadonlyMap<number, RaceStatus>, races: readonly Race[]): StatusChange[] {
  const changes: StatusChange[] = [];
  for (const race of races) {
    const from = before.get(race.raceId);
    if (from !== undefined && PROGRESS[race.status] > PROGRESS[from])
      changes.push({ raceId: race.raceId, raceNo: race.raceNo, from, to: race.status });
  }
  return changes;
}

/**
 * The card as read again from the server, without going back in time: a status the socket already
 * delivered beats an older one in an answer that was on its way meanwhile.
 */
export function mergeFetchedRaces(current: readonly Race[] | undefined, fetched: readonly Race[]): Race[] {
  if (!current) return [...fetched];
  return fetched.map((race) => {
    const known = current.find((r) => r.raceId === race.raceId);
    return known && PROGRESS[known.status] > PROGRESS[race.status] ? { ...race, status: known.status } : race;
  });
}

/**
 * The race the screen opens on: the first one taking bets (several of a card are open at once), else
 * the first not done or cancelled, else the last one.
 */
export function defaultRace(races: readonly Race[]): Race | null {
  return (
    races.find((race) => isBettingOpen(race.status)) ??
    races.find((race) => race.status !== 'D' && race.status !== 'X') ??
    races[races.length - 1] ??
    null
  );
}
