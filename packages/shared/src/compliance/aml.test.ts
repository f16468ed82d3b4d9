import { describe, expect, it } from 'vitest';
import { amlResolveSchema, csvField, DEFAULT_AML_SETTINGS, isLowTurnover, pesosText, structuringFloor } from './aml.ts';

describe('AML rules', () => {
  it('puts the structuring band at 90% of the covered amount by default', () => {
    expect(structuringFloor(DEFAULT_AML_SETTINGS)).toBe(45_000_000);
    expect(structuringFloor({ coveredAmount: 1_000_001, structuringBandPercent: 90 })).toBe(900_001);
  });

  it('calls turnover low below the share of deposits, never with no deposits', () => {
    expect(isLowTurnover(100_000, 29_999, 30)).toBe(true);
    expect(isLowTurnover(100_000, 30_000, 30)).toBe(false);
    expect(isLowTurnover(0, 0, 30)).toBe(false);
  });

  it('writes pesos with two decimals and CSV fields safely', () => {
    expect(pesosText(123_456)).toBe('1234.56');
    expect(pesosText(5)).toBe('0.05');
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(null)).toBe('');
    expect(csvField(-5)).toBe('-5');
    // Whatever a player typed (an account name, a reference) that a spreadsheet would run stays text.
    for (const [typed, written] of [
      ['+63917', "'+63917"],
      ['-2+3', "'-2+3"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\t=1', "'\t=1"],
      ['\r=1', `"'\r=1"`],
      ['=1,2', `"'=1,2"`],
    ] as const) {
      expect(csvField(typed), JSON.stringify(typed)).toBe(written);
    }
  });

  it('refuses a resolution without a narrative or with unknown fields', () => {
    expect(amlResolveSchema.safeParse({ resolution: 'REPORTED', note: '  ' }).success).toBe(false);
    expect(amlResolveSchema.safeParse({ resolution: 'REPORTED', note: 'x', status: 'OPEN' }).success).toBe(false);
    expect(amlResolveSchema.safeParse({ resolution: 'NO_ACTION', note: 'Winnings' }).success).toBe(true);
  });
});
