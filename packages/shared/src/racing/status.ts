/**
 * Race statuses (docs/product/betting.md#race-statuses) and the only moves between them. Every move goes forward; D
 * (result) and X (cancelled) are final.
 */
export const RACE_STATUSES = ['A', 'O', 'L', 'C', 'D', 'X'] as const;
export type RaceStatus = (typeof RACE_STATUSES)[number];

export const RACE_STATUS_LABELS: Record<RaceStatus, string> = {
  A: 'Awaiting bet open',
  O: 'Open',
  L: 'Last call',
  C: 'Closed',
  D: 'Done',
  X: 'Cancelled',
};

const NEXT: Record<RaceStatus, readonly RaceStatus[]> = {
  A: ['O', 'X'],
  O: ['L', 'C', 'X'],
  L: ['C', 'X'],
  C: ['D', 'X'],
  D: [],
  X: [],
};

export function allowedTransitions(from: RaceStatus): readonly RaceStatus[] {
  return NEXT[from];
}

export function canTransition(from: RaceStatus, to: RaceStatus): boolean {
  return NEXT[from].includes(to);
}

/** The statuses in which a race takes bets: open and last call (for queries; code asks isBettingOpen). */
export const BETTING_OPEN_STATUSES = ['O', 'L'] as const satisfies readonly RaceStatus[];

/** Bets are taken while a race is open or on last call. */
export function isBettingOpen(status: RaceStatus): boolean {
  return (BETTING_OPEN_STATUSES as readonly RaceStatus[]).includes(status);
}

export function isRaceStatus(value: unknown): value is RaceStatus {
  return typeof value === 'string' && (RACE_STATUSES as readonly string[]).includes(value);
}
