/**
 * What the live screen remembers on this device (localStorage), per player where it is about their bets:
 * the favourite stakes, the last bet placed of each bet type, and whether the stream is hidden. Anything
 * unreadable is read as nothing remembered: these only save taps, they never decide a bet.
 */

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** A player keeps at most this many favourite stakes. */
export const MAX_FAVOURITE_STAKES = 4;
/** The amount field's own cap (7 digits), so a favourite always fits the field. */
const MAX_PESOS = 9_999_999;

const favouritesKey = (playerId: string) => `karera.favouriteStakes.${playerId}`;
const lastBetsKey = (playerId: string) => `karera.lastBets.${playerId}`;
export const STREAM_HIDDEN_KEY = 'karera.streamHidden';

const isPesos = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_PESOS;

function parse(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Favourite stakes in whole pesos, oldest first: valid amounts only, each once, at most MAX_FAVOURITE_STAKES. */
export function parseFavourites(raw: string | null): number[] {
  const value = parse(raw);
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter(isPesos))].slice(-MAX_FAVOURITE_STAKES);
}

/** Starring an amount keeps it (the oldest goes past the limit); starring a kept one lets it go. */
export function toggleFavourite(favourites: readonly number[], pesos: number): number[] {
  if (!isPesos(pesos)) return [...favourites];
  if (favourites.includes(pesos)) return favourites.filter((kept) => kept !== pesos);
  return [...favourites, pesos].slice(-MAX_FAVOURITE_STAKES);
}

/** A bet as the slip sent it: base runner numbers per place or leg, and the amount in whole pesos. */
export interface LastBet {
  selections: number[][];
  pesos: number;
}

const isRunnerNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

function lastBetOf(value: unknown): LastBet | null {
  if (typeof value !== 'object' || value === null) return null;
  const { selections, pesos } = value as Record<string, unknown>;
  if (!isPesos(pesos) || !Array.isArray(selections) || selections.length === 0 || selections.length > 7) return null;
  const places = selections.map((place) =>
    Array.isArray(place) && place.length <= 99 && place.every(isRunnerNumber) ? [...place] : null,
  );
  return places.every((place) => place !== null) ? { selections: places, pesos } : null;
}

/** The last bet of each bet type code; entries that do not read as a bet are left out. */
export function parseLastBets(raw: string | null): Record<string, LastBet> {
  const value = parse(raw);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const bets: Record<string, LastBet> = {};
  for (const [code, entry] of Object.entries(value)) {
    const bet = lastBetOf(entry);
    if (bet && /^[A-Z0-9+]{1,8}$/.test(code)) bets[code] = bet;
  }
  return bets;
}

function read(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: Storage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage blocked or full: the screen works, it just forgets on reload.
  }
}

export function readFavourites(storage: Storage | null, playerId: string): number[] {
  return parseFavourites(read(storage, favouritesKey(playerId)));
}

export function writeFavourites(storage: Storage | null, playerId: string, favourites: readonly number[]): void {
  write(storage, favouritesKey(playerId), JSON.stringify(favourites));
}

export function readLastBet(storage: Storage | null, playerId: string, code: string): LastBet | null {
  return parseLastBets(read(storage, lastBetsKey(playerId)))[code] ?? null;
}

export function rememberLastBet(storage: Storage | null, playerId: string, code: string, bet: LastBet): void {
  const bets = parseLastBets(read(storage, lastBetsKey(playerId)));
  write(storage, lastBetsKey(playerId), JSON.stringify({ ...bets, [code]: bet }));
}

export function readStreamHidden(storage: Storage | null): boolean {
  return read(storage, STREAM_HIDDEN_KEY) === '1';
}

export function writeStreamHidden(storage: Storage | null, hidden: boolean): void {
  write(storage, STREAM_HIDDEN_KEY, hidden ? '1' : '0');
}
