import { formatPeso, Messages, type Carryover, type GameResultResponse, type WinnerLine } from '@karera/shared';
import { ApiError } from '../../lib/api.ts';

/**
 * Pure rules of the results page (spec §2 /result, §3 Winner result, §8 Result page): what to show for
 * an answer of game/getGameResult, and how its figures read.
 */

/** A dividend for 1.00 (centavos) as the results table writes it: 210 -> '2.10'; no winning bet -> '--'. */
export function formatDividend(odds: number | null): string {
  if (odds === null) return '--';
  return formatPeso(odds).replace('₱', '');
}

export type ResultView =
  | { kind: 'winners'; winners: readonly WinnerLine[] }
  /** A message the spec names (i18n key under results.*). */
  | { kind: 'notice'; key: 'noResult' | 'cannotGetResult' }
  /** The server's own message, shown as it sent it. */
  | { kind: 'serverMessage'; text: string };

/**
 * An answer of getGameResult as the page shows it: the winner table when at least one dividend is known;
 * 'No race result available' when every dividend is null; the server's message when it gave one (e.g.
 * the race is not done yet); otherwise 'Cannot get race result'.
 */
export function resultViewOf(answer: GameResultResponse): ResultView {
  if (answer.winners.some((line) => line.odds !== null)) return { kind: 'winners', winners: answer.winners };
  if (answer.winners.length > 0) return { kind: 'notice', key: 'noResult' };
  const message = answer.message?.trim();
  if (message) return { kind: 'serverMessage', text: message };
  return { kind: 'notice', key: 'noResult' };
}

/** A failed getGameResult: the server's message if it sent one, else 'Cannot get race result'. */
export function resultErrorViewOf(error: unknown): ResultView {
  // A network failure or an answer without a statusMessage reaches us as the generic server error.
  if (error instanceof ApiError && error.message.trim() && error.message !== Messages.serverError) {
    return { kind: 'serverMessage', text: error.message };
  }
  return { kind: 'notice', key: 'cannotGetResult' };
}

/** Carryovers worth telling players about: only amounts above zero, largest first. */
export function visibleCarryovers(carryovers: readonly Carryover[]): Carryover[] {
  return carryovers.filter((line) => line.amount > 0).toSorted((a, b) => b.amount - a.amount);
}

/** A race or event id from the address (?raceId=, ?event=); null unless it is a positive whole number. */
export function idParamOf(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id >= 1 && id <= 2 ** 31 - 1 ? id : null;
}
