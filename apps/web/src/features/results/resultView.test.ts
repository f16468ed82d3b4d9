import { describe, expect, it } from 'vitest';
import { Messages, ToteMessages, type GameResultResponse, type PoolBreakdown, type WinnerLine } from '@karera/shared';
import { ApiError } from '../../lib/api.ts';
import { resultsTexts } from './resultsTexts.ts';
import {
  breakdownLinesOf,
  dividendCellOf,
  formatDividend,
  idParamOf,
  poolTitleOf,
  REASON_KEYS,
  resultErrorViewOf,
  resultViewOf,
  taxRateOf,
  visibleCarryovers,
} from './resultView.ts';

const answer = (winners: WinnerLine[], message?: string): GameResultResponse => ({
  statusCode: 200,
  raceId: 7,
  raceNo: 3,
  winners,
  ...(message === undefined ? {} : { message }),
});

const win: WinnerLine = { betType: 'W', betTypeName: 'Win', picks: '3', odds: 210 };
const forecastUnwon: WinnerLine = { betType: 'FC', betTypeName: 'Forcast', picks: '3-5', odds: null };
const forecastNoBets: WinnerLine = { ...forecastUnwon, reason: ToteMessages.noBets };
const winRefunded: WinnerLine = { ...win, odds: null, reason: ToteMessages.refunded };
const doubleSettling: WinnerLine = {
  betType: 'DD',
  betTypeName: 'Double',
  picks: '2/4',
  odds: null,
  reason: ToteMessages.settling,
};

describe('formatDividend', () => {
  it('writes centavos per 1.00 with two decimals', () => {
    expect(formatDividend(210)).toBe('2.10');
    expect(formatDividend(100)).toBe('1.00');
    expect(formatDividend(123_456_70)).toBe('123,456.70');
  });
  it('writes a pool without a winning bet as --', () => {
    expect(formatDividend(null)).toBe('--');
  });
});

describe('resultViewOf', () => {
  it('shows the winners when any dividend is known, the unwon lines included', () => {
    expect(resultViewOf(answer([win, forecastUnwon]))).toEqual({ kind: 'winners', winners: [win, forecastUnwon] });
  });
  it('shows every line of a resulted race even when no pool paid, each with the reason it has no dividend', () => {
    const lines = [winRefunded, forecastNoBets, doubleSettling];
    expect(resultViewOf(answer(lines))).toEqual({ kind: 'winners', winners: lines });
    expect(resultViewOf(answer([forecastNoBets]))).toEqual({ kind: 'winners', winners: [forecastNoBets] });
  });
  it("says 'No race result available' for lines with neither a dividend nor a reason", () => {
    expect(resultViewOf(answer([forecastUnwon], 'ignored'))).toEqual({ kind: 'notice', key: 'noResult' });
    expect(resultViewOf(answer([{ ...forecastUnwon, reason: '  ' as never }]))).toEqual({
      kind: 'notice',
      key: 'noResult',
    });
  });
  it('shows the cancelled-race message rather than an empty table', () => {
    expect(resultViewOf(answer([], ToteMessages.raceCancelled))).toEqual({
      kind: 'serverMessage',
      text: ToteMessages.raceCancelled,
    });
  });
  it('shows the server message when there are no winner lines and it gave one', () => {
    expect(resultViewOf(answer([], ToteMessages.raceNotDone))).toEqual({
      kind: 'serverMessage',
      text: ToteMessages.raceNotDone,
    });
    expect(resultViewOf(answer([]))).toEqual({ kind: 'notice', key: 'noResult' });
  });
});

describe('dividendCellOf', () => {
  it('writes the dividend when there is one, whatever the reason', () => {
    expect(dividendCellOf(win)).toEqual({ kind: 'amount', text: '2.10' });
    expect(dividendCellOf({ odds: 1240, reason: ToteMessages.noBets })).toEqual({ kind: 'amount', text: '12.40' });
  });
  it('gives each known reason by its i18n key', () => {
    expect(dividendCellOf(winRefunded)).toEqual({ kind: 'reason', key: 'refunded' });
    expect(dividendCellOf(forecastNoBets)).toEqual({ kind: 'reason', key: 'noBets' });
    expect(dividendCellOf(doubleSettling)).toEqual({ kind: 'reason', key: 'settling' });
    expect(dividendCellOf({ odds: null, reason: ToteMessages.noWinningTicket })).toEqual({
      kind: 'reason',
      key: 'noWinningTicket',
    });
    expect(dividendCellOf({ odds: null, reason: ToteMessages.carriedOver })).toEqual({
      kind: 'reason',
      key: 'carriedOver',
    });
  });
  it("shows a reason it does not know as the server wrote it, and no reason as '--'", () => {
    expect(dividendCellOf({ odds: null, reason: 'Under inquiry' as never })).toEqual({
      kind: 'text',
      text: 'Under inquiry',
    });
    expect(dividendCellOf({ odds: null, reason: 'toString' as never })).toEqual({ kind: 'text', text: 'toString' });
    expect(dividendCellOf(forecastUnwon)).toEqual({ kind: 'amount', text: '--' });
  });
});

describe('resultErrorViewOf', () => {
  it("shows a refusal's message, else 'Cannot get race result'", () => {
    expect(resultErrorViewOf(new ApiError(404, ToteMessages.raceNotDone))).toEqual({
      kind: 'serverMessage',
      text: ToteMessages.raceNotDone,
    });
    expect(resultErrorViewOf(new ApiError(0, Messages.serverError))).toEqual({
      kind: 'notice',
      key: 'cannotGetResult',
    });
    expect(resultErrorViewOf(new Error('boom'))).toEqual({ kind: 'notice', key: 'cannotGetResult' });
  });
});

describe('the page texts', () => {
  it('are the texts of the shared contract, word for word', () => {
    expect(resultsTexts.selectRace).toBe(ToteMessages.selectRace);
    expect(resultsTexts.noResult).toBe(ToteMessages.noResult);
    expect(resultsTexts.cannotGetResult).toBe(ToteMessages.cannotGetResult);
  });
  it('say each reason for a missing dividend as the shared contract does', () => {
    for (const [text, key] of Object.entries(REASON_KEYS)) expect(resultsTexts.reasons[key]).toBe(text);
    expect(Object.keys(resultsTexts.reasons).sort()).toEqual(Object.values(REASON_KEYS).sort());
  });
});

describe('visibleCarryovers', () => {
  it('keeps amounts above zero, largest first', () => {
    expect(
      visibleCarryovers([
        { betType: 'PICK4', betTypeName: 'Pick4', amount: 0 },
        { betType: 'PICK5', betTypeName: 'Pick5', amount: 5_000 },
        { betType: 'WTA', betTypeName: 'WTA', amount: 123_450 },
      ]).map((line) => line.betType),
    ).toEqual(['WTA', 'PICK5']);
  });
});

describe('idParamOf', () => {
  it('reads only positive whole ids', () => {
    expect(idParamOf('12')).toBe(12);
    expect(idParamOf(' 12 ')).toBe(12);
    expect(idParamOf(null)).toBeNull();
    expect(idParamOf('0')).toBeNull();
    expect(idParamOf('1.5')).toBeNull();
    expect(idParamOf('abc')).toBeNull();
    expect(idParamOf('99999999999')).toBeNull();
  });
});

describe('a pool breakdown', () => {
  // The Win pool of tax-display.api.test.ts: ₱40 gross after a ₱5 refund, EO 194 shares and stamp tax.
  const pool: PoolBreakdown = {
    betType: 'W',
    betTypeName: 'Win',
    races: '1',
    result: 'paid',
    grossSales: 4_000,
    refunds: 500,
    shares: [
      { name: 'franchiseCommission', amount: 340 },
      { name: 'prizeFund', amount: 340 },
      { name: 'regulator', amount: 40 },
    ],
    stampTax: 400,
    carryIn: 0,
    carryOut: 0,
    netPool: 2_880,
    winningsTax: { rateBp: 1_000, base: 'winnings' },
    dividends: [{ picks: '1', dividend: 280, netDividend: 262, consolation: false }],
  };

  it('goes from the gross to the net pool, each share and the stamp tax taken out, then the carryover out', () => {
    expect(breakdownLinesOf(pool)).toEqual([
      { key: 'grossSales', text: '₱40.00', total: false },
      { key: 'shares.franchiseCommission', text: '− ₱3.40', total: false },
      { key: 'shares.prizeFund', text: '− ₱3.40', total: false },
      { key: 'shares.regulator', text: '− ₱0.40', total: false },
      { key: 'stampTax', text: '− ₱4.00', total: false },
      { key: 'carryIn', text: '+ ₱0.00', total: false },
      { key: 'netPool', text: '₱28.80', total: true },
      { key: 'carryOut', text: '− ₱0.00', total: false },
      { key: 'refunds', text: '₱5.00', total: false },
    ]);
  });

  it('names a legacy pool’s single takeout and leaves out refunds when there were none', () => {
    const legacy = { ...pool, refunds: 0, shares: [{ name: 'takeout', amount: 600 }] } satisfies PoolBreakdown;
    expect(breakdownLinesOf(legacy).map((line) => line.key)).toEqual([
      'grossSales',
      'shares.takeout',
      'stampTax',
      'carryIn',
      'netPool',
      'carryOut',
    ]);
  });

  it('every line and share has its text in the page’s texts', () => {
    const shareNames = ['franchiseCommission', 'prizeFund', 'regulator', 'takeout'] as const;
    for (const name of shareNames) expect(resultsTexts.breakdown.shares[name]).toBeTruthy();
    for (const line of breakdownLinesOf(pool)) {
      const [head, tail] = line.key.split('.');
      const text: unknown =
        tail === undefined
          ? resultsTexts.breakdown[head as keyof typeof resultsTexts.breakdown]
          : resultsTexts.breakdown.shares[tail as keyof typeof resultsTexts.breakdown.shares];
      expect(typeof text, line.key).toBe('string');
    }
  });

  it('states the tax on winnings by its base and rate', () => {
    expect(taxRateOf(pool)).toEqual({ key: 'taxOfWinnings', rate: '10%' });
    expect(taxRateOf({ winningsTax: { rateBp: 750, base: 'dividend' } })).toEqual({
      key: 'taxOfDividend',
      rate: '7.5%',
    });
    expect(taxRateOf({ winningsTax: { rateBp: 0, base: 'winnings' } })).toEqual({ key: 'noTax', rate: '0%' });
  });

  it('is titled by its type and race, or races', () => {
    expect(poolTitleOf(pool)).toEqual({ key: 'pool', values: { type: 'Win', races: '1' } });
    expect(poolTitleOf({ betTypeName: 'Pick4', races: '2/3/4/5' })).toEqual({
      key: 'poolRaces',
      values: { type: 'Pick4', races: '2/3/4/5' },
    });
  });
});
