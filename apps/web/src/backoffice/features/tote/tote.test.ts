import { describe, expect, it } from 'vitest';
import { ToteMessages, type PoolShareName, type Runner, type ToteSetting, type ToteSettingInput } from '@karera/shared';
import {
  appendToFinish,
  centavosOf,
  checkResult,
  checkSetting,
  draftOfSetting,
  formatDividend,
  formatPercent,
  grossSalesOf,
  percentToBp,
  placedRunners,
  poolBalances,
  removeLastFromFinish,
  runnersThatRan,
  settingFieldsOfServer,
  settingsInForce,
  shareTotals,
  sortedShares,
  takeoutAddsUp,
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

describe('rates in percent and centavos', () => {
  it('shows basis points as a percentage', () => {
    expect(formatPercent(1500)).toBe('15%');
    expect(formatPercent(1250)).toBe('12.5%');
    expect(formatPercent(850)).toBe('8.5%');
    expect(formatPercent(1234)).toBe('12.34%');
    expect(formatPercent(0)).toBe('0%');
  });
  it('reads a typed percentage as basis points', () => {
    expect(percentToBp('15')).toBe(1500);
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp('12.34 %')).toBe(1234);
    expect(percentToBp('')).toBeNull();
    expect(percentToBp('12.345')).toBeNull();
    expect(percentToBp('-1')).toBeNull();
  });
  it('reads typed whole centavos', () => {
    expect(centavosOf(' 10 ')).toBe(10);
    expect(centavosOf('0')).toBe(0);
    expect(centavosOf('2.5')).toBeNull();
    expect(centavosOf('')).toBeNull();
    expect(centavosOf('-5')).toBeNull();
  });
});

const TODAY = '2026-11-28';

const setting = (overrides: Partial<ToteSetting> = {}): ToteSetting => ({
  betType: 'W',
  shares: [
    { name: 'franchiseCommission', rateBp: 850 },
    { name: 'prizeFund', rateBp: 850 },
    { name: 'regulator', rateBp: 100 },
  ],
  stampTax: { kind: 'per-ticket', baseCentavos: 10, perPesoCentavos: 10 },
  winningsTax: { rateBp: 1000, base: 'winnings' },
  noWinner: 'refund',
  multiRaceScratch: 'favourite',
  cancelledLeg: 'refund',
  effectiveFrom: '2000-01-01',
  createdAt: null,
  ...overrides,
});

describe('the setting form', () => {
  const draft = draftOfSetting(setting(), 'W', '2026-12-01');
  const body: ToteSettingInput = {
    betType: 'W',
    shares: [
      { name: 'franchiseCommission', rateBp: 850 },
      { name: 'prizeFund', rateBp: 850 },
      { name: 'regulator', rateBp: 100 },
    ],
    stampTax: { kind: 'per-ticket', baseCentavos: 10, perPesoCentavos: 10 },
    winningsTax: { rateBp: 1000, base: 'winnings' },
    noWinner: 'refund',
    multiRaceScratch: 'favourite',
    cancelledLeg: 'refund',
    effectiveFrom: '2026-12-01',
  };

  it('starts from the setting in force, rates in percent', () => {
    expect(draft).toEqual({
      betType: 'W',
      franchiseCommission: '8.5',
      prizeFund: '8.5',
      regulator: '1',
      takeout: '',
      stampTaxKind: 'per-ticket',
      stampBase: '10',
      stampPerPeso: '10',
      winningsTaxRate: '10',
      winningsTaxBase: 'winnings',
      noWinner: 'refund',
      multiRaceScratch: 'favourite',
      cancelledLeg: 'refund',
      effectiveFrom: '2026-12-01',
    });
    const legacy = draftOfSetting(
      setting({ shares: [{ name: 'takeout', rateBp: 1500 }], stampTax: { kind: 'per-peso', perPesoCentavos: 5 } }),
      'FC',
      TODAY,
    );
    expect(legacy).toMatchObject({ franchiseCommission: '', takeout: '15', stampTaxKind: 'per-peso', stampBase: '' });
  });

  it('sends the setting in basis points and centavos, unchanged as it started', () => {
    expect(checkSetting(draft, TODAY)).toEqual({ ok: true, body });
  });

  it('sends a changed winnings tax, stamp tax and shares; a blank share is no share', () => {
    expect(
      checkSetting(
        {
          ...draft,
          regulator: ' ',
          takeout: '2',
          stampTaxKind: 'per-peso',
          stampBase: 'ignored',
          stampPerPeso: '5',
          winningsTaxRate: '20',
          winningsTaxBase: 'dividend',
          effectiveFrom: TODAY,
        },
        TODAY,
      ),
    ).toEqual({
      ok: true,
      body: {
        ...body,
        shares: [
          { name: 'franchiseCommission', rateBp: 850 },
          { name: 'prizeFund', rateBp: 850 },
          { name: 'takeout', rateBp: 200 },
        ],
        stampTax: { kind: 'per-peso', perPesoCentavos: 5 },
        winningsTax: { rateBp: 2000, base: 'dividend' },
        effectiveFrom: TODAY,
      },
    });
    expect(checkSetting({ ...draft, stampTaxKind: 'none', stampPerPeso: '' }, TODAY)).toEqual({
      ok: true,
      body: { ...body, stampTax: null },
    });
  });

  it("shows the contract's messages on the fields they are about", () => {
    expect(
      checkSetting(
        {
          ...draft,
          prizeFund: '60',
          stampBase: '51',
          stampPerPeso: '2.5',
          winningsTaxRate: 'ten',
          effectiveFrom: '1/12/2026',
        },
        TODAY,
      ),
    ).toEqual({
      ok: false,
      fieldErrors: {
        prizeFund: ToteMessages.shareRate,
        stampBase: ToteMessages.stampTax,
        stampPerPeso: ToteMessages.stampTax,
        winningsTaxRate: ToteMessages.winningsTaxRate,
        effectiveFrom: ToteMessages.effectiveFrom,
      },
    });
    // Each share within 50%, but together more than half the gross.
    expect(checkSetting({ ...draft, franchiseCommission: '30', prizeFund: '30' }, TODAY)).toEqual({
      ok: false,
      fieldErrors: { shares: ToteMessages.sharesTotal },
    });
  });

  it('refuses a date before today (Manila) with the server’s message', () => {
    expect(checkSetting({ ...draft, effectiveFrom: '2026-11-27' }, TODAY)).toEqual({
      ok: false,
      fieldErrors: { effectiveFrom: ToteMessages.effectiveFromPast },
    });
    expect(checkSetting({ ...draft, effectiveFrom: TODAY }, TODAY).ok).toBe(true);
    // Not a day of the calendar: the schema's message, not the one about the past.
    expect(checkSetting({ ...draft, effectiveFrom: '2027-02-30' }, TODAY)).toEqual({
      ok: false,
      fieldErrors: { effectiveFrom: ToteMessages.effectiveFrom },
    });
  });

  it("puts the server's field errors on the fields, by the shares it was sent", () => {
    const sent = {
      shares: [
        { name: 'prizeFund' as const, rateBp: 850 },
        { name: 'regulator' as const, rateBp: 99_999 },
      ],
    };
    expect(
      settingFieldsOfServer(
        {
          'shares.1.rateBp': ToteMessages.shareRate,
          'stampTax.baseCentavos': ToteMessages.stampTax,
          'winningsTax.rateBp': ToteMessages.winningsTaxRate,
          effectiveFrom: ToteMessages.effectiveFromPast,
          unknown: 'x',
        },
        sent,
      ),
    ).toEqual({
      regulator: ToteMessages.shareRate,
      stampBase: ToteMessages.stampTax,
      winningsTaxRate: ToteMessages.winningsTaxRate,
      effectiveFrom: ToteMessages.effectiveFromPast,
    });
    expect(settingFieldsOfServer({ shares: ToteMessages.sharesTotal }, sent)).toEqual({
      shares: ToteMessages.sharesTotal,
    });
  });
});

describe('settingsInForce', () => {
  const rated = (betType: string, winningsTaxBp: number, effectiveFrom: string) =>
    setting({ betType, effectiveFrom, winningsTax: { rateBp: winningsTaxBp, base: 'winnings' } });
  it('picks the newest setting already effective, by bet type', () => {
    const inForce = settingsInForce(
      [rated('W', 1800, '2026-12-01'), rated('W', 1600, '2026-11-01'), rated('W', 1000, '2000-01-01')],
      '2026-11-21',
    );
    expect(inForce.get('W')?.winningsTax.rateBp).toBe(1600);
    expect(inForce.has('FC')).toBe(false);
  });
});

describe('pool figures', () => {
  it('balance when stakes and carry in equal everything paid, kept and carried', () => {
    const pool = {
      stakes: 10_000,
      carryIn: 500,
      payouts: 7_000,
      bonusRetained: 500,
      winningsTax: 500,
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
    // The tax withheld from the winners is out of what they won, not out of the house's part.
    expect(poolBalances({ ...pool, winningsTax: 0 })).toBe(false);
    // The house's minus pool balances a payout above the pool; negative breakage never does (decision 046).
    expect(poolBalances({ ...pool, payouts: 8_500, breakage: 0, minusPool: 500 })).toBe(true);
    expect(poolBalances({ ...pool, payouts: 8_500, breakage: -500 })).toBe(false);
  });
  it('have their takeout made of the shares and the stamp tax', () => {
    const shares = [
      { name: 'franchiseCommission' as const, amount: 850 },
      { name: 'prizeFund' as const, amount: 850 },
      { name: 'regulator' as const, amount: 100 },
    ];
    expect(takeoutAddsUp({ takeout: 2_000, shares, stampTax: 200 })).toBe(true);
    expect(takeoutAddsUp({ takeout: 1_800, shares, stampTax: 200 })).toBe(false);
  });
  it('read gross sales as the stakes less refunds, and the shares in the settings’ order, totalled by name', () => {
    expect(grossSalesOf({ stakes: 10_000, refunds: 1_500 })).toBe(8_500);
    const pools = [
      {
        shares: [
          { name: 'regulator' as const, amount: 100 },
          { name: 'franchiseCommission' as const, amount: 850 },
          { name: 'prizeFund' as const, amount: 850 },
        ],
      },
      { shares: [{ name: 'takeout' as const, amount: 1_500 }] },
      { shares: [{ name: 'franchiseCommission' as const, amount: 17 }] },
    ];
    const firstShares: readonly { name: PoolShareName; amount: number }[] = pools[0]?.shares ?? [];
    expect(sortedShares(firstShares).map((share) => share.name)).toEqual([
      'franchiseCommission',
      'prizeFund',
      'regulator',
    ]);
    expect(shareTotals(pools)).toEqual([
      { name: 'franchiseCommission', amount: 867 },
      { name: 'prizeFund', amount: 850 },
      { name: 'regulator', amount: 100 },
      { name: 'takeout', amount: 1_500 },
    ]);
    expect(shareTotals([])).toEqual([]);
  });
  it('write dividends as the results page does', () => {
    expect(formatDividend(1230)).toBe('12.30');
    expect(formatDividend(null)).toBe('--');
  });
});
