import { describe, expect, it } from 'vitest';
import { Messages, ToteMessages, type GameResultResponse, type WinnerLine } from '@karera/shared';
import { ApiError } from '../../lib/api.ts';
import { resultsTexts } from './resultsTexts.ts';
import {
  dividendCellOf,
  formatDividend,
  idParamOf,
  REASON_KEYS,
  resultErrorViewOf,
  resultViewOf,
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
  it('are the spec §8 texts of the shared contract, word for word', () => {
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
