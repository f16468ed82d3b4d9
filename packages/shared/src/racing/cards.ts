import { isBettingOpen, type RaceStatus } from './status.ts';

/**
 * Where a race card stands: `open` while one of its races takes bets, `running` while one has closed
 * and awaits its result (none open), `upcoming` while races still await their opening, `finished` once
 * every race is done or cancelled.
 */
export type CardPhase = 'open' | 'running' | 'upcoming' | 'finished';

export interface CardProgress {
  phase: CardPhase;
  /** Post time (ISO) of the first race still to run, null once the card is finished. */
  nextPostTime: string | null;
  /** Post time (ISO) of the card's last race, null for a card without races. */
  lastPostTime: string | null;
}

/** A card's phase and times from its races' statuses and post times. */
export function cardProgress(races: readonly { status: RaceStatus; startDateTime: string }[]): CardProgress {
  const toRun = races.filter((race) => race.status !== 'D' && race.status !== 'X');
  const times = (list: readonly { startDateTime: string }[]) => list.map((race) => race.startDateTime).sort();
  const phase: CardPhase = toRun.some((race) => isBettingOpen(race.status))
    ? 'open'
    : toRun.some((race) => race.status === 'C')
      ? 'running'
      : toRun.length > 0 || races.length === 0
        ? 'upcoming'
        : 'finished';
  return {
    phase,
    nextPostTime: times(toRun)[0] ?? null,
    lastPostTime: times(races).at(-1) ?? null,
  };
}

const PHASE_ORDER: Record<CardPhase, number> = { open: 0, running: 1, upcoming: 2, finished: 3 };

/**
 * The order a player meets the day's cards in: the card in play first (a race open, the earliest next
 * post first; then one with a race running), then the next to start, then the finished ones, latest
 * first. The first is the card /live and /result open by default.
 */
export function compareCards(a: CardProgress & { id: number }, b: CardProgress & { id: number }): number {
  const byPhase = PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase];
  if (byPhase !== 0) return byPhase;
  if (a.phase === 'finished') return (b.lastPostTime ?? '').localeCompare(a.lastPostTime ?? '') || b.id - a.id;
  // A card with no time yet (no races) comes after the ones that have one.
  const next = (card: CardProgress) => card.nextPostTime ?? '\uffff';
  return next(a).localeCompare(next(b)) || a.id - b.id;
}
