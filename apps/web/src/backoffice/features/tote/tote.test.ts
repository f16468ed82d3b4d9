import { describe, expect, it } from 'vitest';
import { ToteMessages, type Runner, type ToteSetting } from '@karera/shared';
import {
  appendToFinish,
  checkResult,
  checkSetting,
  formatDividend,
  formatTakeout,
  percentToBp,
  placedRunners,
  poolBalances,
  removeLastFromFinish,
  runnersThatRan,
  settingsInForce,
  type SettingDraft,
} from './tote.ts';

const runner = (runnerNo: string, status: 'A' | 'S' = 'A'): Runner => ({
  id: Number.parseInt(runnerNo, 10) * 10 + runnerNo.length,
  runnerNo,
  horseName: `Horse ${runnerNo}`,
  jockeyName: 'J',
  status,
  odds: null,
  finishPosition: null,
});
const field = [runner('1'), runner('1A'), runner('2'), runner('3'), runner('5'), runner('7'), runner('8', 'S')];

describe('the finish picker', () => {
  it('lists the numbers that ran once, without scratched runners', () => {
    expect(runnersThatRan(field)).toEqual([1, 2, 3, 5, 7]);
  });
  it('adds a runner as the next place or in a dead heat with the last one', () => {
    expect(appendToFinish('', 3, false)).toBe('3');
    expect(appendToFinish('', 3, true)).toBe('3');
    expect(appendToFinish('3', 5, false)).toBe('3-5');
    expect(appendToFinish('3-5', 7, true)).toBe('3-5=7');
    expect(appendToFinish('3-5=7-', 1, false)).toBe('3-5=7-1');
  });
  it('takes back the last runner', () => {
    expect(removeLastFromFinish('3-5=7')).toBe('3-5');
    expect(removeLastFromFinish('3-5')).toBe('3');
    expect(removeLastFromFinish('3')).toBe('');
    expect(removeLastFromFinish('12-10')).toBe('12');
  });
  it('knows which runners are placed', () => {
    expect([...placedRunners('3-5=7-')]).toEqual([3, 5, 7]);
  });
});

describe('checkResult', () => {
  it('turns a typed finish with a dead heat into places', () => {
    const check = checkResult({ finish: ' 3-5=7-1 ', officialDividends: [] }, field);
    expect(check).toEqual({ ok: true, input: { finish: [[3], [5, 7], [1]] } });
  });
  it('refuses a finish with a scratched, unknown or repeated runner, or garbled text', () => {
    for (const finish of ['3-8', '3-9', '3-3', '3--5', '', 'a-b']) {
      expect(checkResult({ finish, officialDividends: [] }, field)).toEqual({
        ok: false,
        fieldErrors: { finish: ToteMessages.finishInvalid },
      });
    }
  });
  it('takes official dividends in pesos, at least 1.00 in steps of 0.10', () => {
    const check = checkResult(
      { finish: '3-5', officialDividends: [{ betType: 'W', combination: '3', dividend: '12.30' }] },
      field,
    );
    expect(check).toEqual({
      ok: true,
      input: { finish: [[3], [5]], officialDividends: [{ betType: 'W', combination: '3', dividend: 1230 }] },
    });
    const refused = checkResult(
      {
        finish: '3-5',
        officialDividends: [
          { betType: 'W', combination: '3', dividend: '0.90' },
          { betType: 'FC', combination: '3-5', dividend: '2.15' },
          { betType: 'FC', combination: '3 to 5', dividend: '2.10' },
        ],
      },
      field,
    );
    expect(refused).toEqual({
      ok: false,
      fieldErrors: {
        'officialDividends.0.dividend': ToteMessages.dividendInvalid,
        'officialDividends.1.dividend': ToteMessages.dividendInvalid,
        'officialDividends.2.combination': ToteMessages.dividendCombination,
      },
    });
  });
});

describe('takeout in percent', () => {
  it('shows basis points as a percentage', () => {
    expect(formatTakeout(1500)).toBe('15%');
    expect(formatTakeout(1250)).toBe('12.5%');
    expect(formatTakeout(1234)).toBe('12.34%');
    expect(formatTakeout(0)).toBe('0%');
  });
  it('reads a typed percentage as basis points', () => {
    expect(percentToBp('15')).toBe(1500);
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp('12.34 %')).toBe(1234);
    expect(percentToBp('')).toBeNull();
    expect(percentToBp('12.345')).toBeNull();
    expect(percentToBp('-1')).toBeNull();
  });
});

describe('checkSetting', () => {
  const draft: SettingDraft = {
    betType: 'W',
    takeout: '18',
    noWinner: 'refund',
    multiRaceScratch: 'favourite',
    cancelledLeg: 'refund',
    effectiveFrom: '2026-12-01',
  };
  it('sends the takeout in basis points', () => {
    expect(checkSetting(draft)).toEqual({
      ok: true,
      body: { ...Object.fromEntries(Object.entries(draft).filter(([k]) => k !== 'takeout')), takeoutBp: 1800 },
    });
  });
  it("shows the contract's messages", () => {
    expect(checkSetting({ ...draft, takeout: '60', effectiveFrom: '1/12/2026' })).toEqual({
      ok: false,
      fieldErrors: { takeout: ToteMessages.takeout, effectiveFrom: ToteMessages.effectiveFrom },
    });
    expect(checkSetting({ ...draft, takeout: 'abc' })).toEqual({
      ok: false,
      fieldErrors: { takeout: ToteMessages.takeout },
    });
  });
});

describe('settingsInForce', () => {
  const setting = (betType: string, takeoutBp: number, effectiveFrom: string): ToteSetting => ({
    betType,
    takeoutBp,
    noWinner: 'refund',
    multiRaceScratch: 'favourite',
    cancelledLeg: 'refund',
    effectiveFrom,
    createdAt: null,
  });
  it('picks the newest setting already effective, by bet type', () => {
    const inForce = settingsInForce(
      [setting('W', 1800, '2026-12-01'), setting('W', 1600, '2026-11-01'), setting('W', 1500, '2000-01-01')],
      '2026-11-21',
    );
    expect(inForce.get('W')?.takeoutBp).toBe(1600);
    expect(inForce.has('FC')).toBe(false);
  });
});

describe('pool figures', () => {
  it('balance when stakes and carry in equal everything paid, kept and carried', () => {
    const pool = {
      stakes: 10_000,
      carryIn: 500,
      payouts: 7_500,
      bonusRetained: 500,
      refunds: 0,
      takeout: 1_500,
      carryOut: 0,
      breakage: 1_000,
      minusPool: 0,
    };
    expect(poolBalances(pool)).toBe(true);
    expect(poolBalances({ ...pool, breakage: 999 })).toBe(false);
    // The bonus stake kept from a winning bonus ticket is part of the books (decision 016).
    expect(poolBalances({ ...pool, bonusRetained: 0 })).toBe(false);
    // The house's minus pool balances a payout above the pool; negative breakage never does (decision 046).
    expect(poolBalances({ ...pool, payouts: 9_000, breakage: 0, minusPool: 500 })).toBe(true);
    expect(poolBalances({ ...pool, payouts: 9_000, breakage: -500 })).toBe(false);
  });
  it('write dividends as the results page does', () => {
    expect(formatDividend(1230)).toBe('12.30');
    expect(formatDividend(null)).toBe('--');
  });
});
