/**
 * The bet a group ticket (bakas, decision 056) starts from: the bet slip's picks and base amount, handed from
 * the live screen to the group ticket's create sheet (/bakas/new). Features never import each other, so the
 * hand-over lives here: the slip saves the draft and opens the sheet, the sheet reads it. Kept in the tab's
 * session storage, so a reload of the sheet keeps it and another tab never sees it.
 */
export interface BakasDraft {
  raceId: number;
  eventId: number;
  betType: string;
  /** Runner numbers per place or leg, as the slip sends them. */
  selections: number[][];
  /** The base amount in centavos. */
  amount: number;
  /** The race number, or each leg's for a multi-race pool, as the slip showed them. */
  raceNos: number[];
}

/** The create sheet's address. */
export const BAKAS_CREATE_PATH = '/bakas/new';
const KEY = 'karera.bakasDraft';

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

function isDraft(value: unknown): value is BakasDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft: Partial<Record<keyof BakasDraft, unknown>> = value;
  return (
    isWhole(draft.raceId) &&
    isWhole(draft.eventId) &&
    isWhole(draft.amount) &&
    typeof draft.betType === 'string' &&
    Array.isArray(draft.raceNos) &&
    draft.raceNos.every(isWhole) &&
    Array.isArray(draft.selections) &&
    draft.selections.every((place: unknown) => Array.isArray(place) && place.every(isWhole))
  );
}

export function saveBakasDraft(draft: BakasDraft, storage: Storage | null = tabStorage()): void {
  try {
    storage?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or refused: the sheet then says to pick on the slip again.
  }
}

/** The draft the slip saved, or null (none, or not one this version wrote). */
export function readBakasDraft(storage: Storage | null = tabStorage()): BakasDraft | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? 'null');
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function clearBakasDraft(storage: Storage | null = tabStorage()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
