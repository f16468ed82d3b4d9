import {
  formatPeso,
  formatRateBp,
  Messages,
  ToteMessages,
  type Carryover,
  type GameResultResponse,
  type NoDividendReason,
  type PoolBreakdown,
  type PoolShareName,
  type WinnerLine,
} from '@karera/shared';
import { ApiError } from '../../lib/api.ts';

/**
 * Pure rules of the results page (docs/product/screens.md#results): what to show for
 * an answer of game/getGameResult, and how its figures read.
 */

/** A dividend for 1.00 (centavos) as the results table writes it: 210 -> '2.10'; no winning bet -> '--'. */
export function formatDividend(odds: number | null): string {
  if (odds === null) return '--';
  return formatPeso(odds).replace('₱', '');
}

/** The reasons a line gives instead of a dividend, by their key under reasons in resultsTexts.ts. */
export const REASON_KEYS = {
  [ToteMessages.refunded]: 'refunded',
  [ToteMessages.noWinningTicket]: 'noWinningTicket',
  [ToteMessages.carriedOver]: 'carriedOver',
  [ToteMessages.noBets]: 'noBets',
  [ToteMessages.settling]: 'settling',
} as const satisfies Record<NoDividendReason, string>;
export type ReasonKey = (typeof REASON_KEYS)[NoDividendReason];

/**
 * What a line's Dividend column shows: the dividend for 1.00; else why there is none (a known reason
 * by its i18n key, an unknown one as the server wrote it); else '--'.
 */
export type DividendCell =
  { kind: 'amount'; text: string } | { kind: 'reason'; key: ReasonKey } | { kind: 'text'; text: string };

export function dividendCellOf(line: Pick<WinnerLine, 'odds' | 'reason'>): DividendCell {
  if (line.odds !== null) return { kind: 'amount', text: formatDividend(line.odds) };
  const reason: string | undefined = line.reason?.trim();
  if (!reason) return { kind: 'amount', text: formatDividend(null) };
  const key = Object.hasOwn(REASON_KEYS, reason) ? REASON_KEYS[reason as NoDividendReason] : undefined;
  return key ? { kind: 'reason', key } : { kind: 'text', text: reason };
}

export type ResultView =
  | { kind: 'winners'; winners: readonly WinnerLine[] }
  /** A fixed message (i18n key under results.*). */
  | { kind: 'notice'; key: 'noResult' | 'cannotGetResult' }
  /** The server's own message, shown as it sent it. */
  | { kind: 'serverMessage'; text: string };

/**
 * An answer of getGameResult as the page shows it: the winner table when the race has its official
 * result (every line, with a dividend or the reason there is none); the server's message when it gave
 * one (e.g. the race is not done yet, or was cancelled); otherwise 'No race result available' (as
 * for lines that carry neither a dividend nor a reason).
 */
export function resultViewOf(answer: GameResultResponse): ResultView {
  if (answer.winners.some((line) => line.odds !== null || line.reason?.trim())) {
    return { kind: 'winners', winners: answer.winners };
  }
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

/** A line of a pool's breakdown, by its text key under breakdown in resultsTexts.ts. */
export type BreakdownKey =
  'grossSales' | `shares.${PoolShareName}` | 'stampTax' | 'carryIn' | 'netPool' | 'carryOut' | 'refunds';

export interface BreakdownLine {
  key: BreakdownKey;
  /** The amount as the page writes it: what leaves the gross with '−', the carryover in with '+'. */
  text: string;
  /** The net pool is the sum of the lines above it. */
  total: boolean;
}

const minus = (amount: number) => `− ${formatPeso(amount)}`;

/**
 * How a pool's gross became the pool its dividends share: the gross sales, less each named share and the
 * stamp tax, plus the carryover in, make the net pool; then what was carried over out of it, and the stake
 * refunded apart (never in the pool). Every figure is the server's (the pool's settlement).
 */
export function breakdownLinesOf(pool: PoolBreakdown): BreakdownLine[] {
  const lines: BreakdownLine[] = [
    { key: 'grossSales', text: formatPeso(pool.grossSales), total: false },
    ...pool.shares.map((share) => ({ key: `shares.${share.name}` as const, text: minus(share.amount), total: false })),
    { key: 'stampTax', text: minus(pool.stampTax), total: false },
    { key: 'carryIn', text: `+ ${formatPeso(pool.carryIn)}`, total: false },
    { key: 'netPool', text: formatPeso(pool.netPool), total: true },
    { key: 'carryOut', text: minus(pool.carryOut), total: false },
  ];
  if (pool.refunds > 0) lines.push({ key: 'refunds', text: formatPeso(pool.refunds), total: false });
  return lines;
}

/** The pool's tax on winnings in words: its text key and the rate ('10%'). */
export function taxRateOf(pool: Pick<PoolBreakdown, 'winningsTax'>): {
  key: 'taxOfWinnings' | 'taxOfDividend' | 'noTax';
  rate: string;
} {
  const { rateBp, base } = pool.winningsTax;
  if (rateBp <= 0) return { key: 'noTax', rate: formatRateBp(0) };
  return { key: base === 'dividend' ? 'taxOfDividend' : 'taxOfWinnings', rate: formatRateBp(rateBp) };
}

/** A pool's name in the breakdown: its type and race, or races for a multi-race pool. */
export function poolTitleOf(pool: Pick<PoolBreakdown, 'betTypeName' | 'races'>): {
  key: 'pool' | 'poolRaces';
  values: { type: string; races: string };
} {
  return {
    key: pool.races.includes('/') ? 'poolRaces' : 'pool',
    values: { type: pool.betTypeName, races: pool.races },
  };
}
