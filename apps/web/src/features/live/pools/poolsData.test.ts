import { describe, expect, it } from 'vitest';
import { encodeFrame } from '@karera/shared';
import { poolsTexts } from './poolsTexts.ts';
import { poolsTextsFil } from './poolsTexts.fil.ts';
import { formatDividend, oddsEnds, oddsScale, poolsVersionsIn, sparkline } from './poolsData.ts';

const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v as object, `${prefix}${k}.`),
  );

describe('pools panel data', () => {
  it('writes dividends per 1.00 with two decimals', () => {
    expect(formatDividend(800)).toBe('8.00');
    expect(formatDividend(1250)).toBe('12.50');
    expect(formatDividend(100)).toBe('1.00');
  });

  it('reads the POOLS_UPDATED versions of one race from a frame', () => {
    const frame = encodeFrame([
      { type: 'RACE_STATUS', raceId: 3, status: 'O' },
      { type: 'POOLS_UPDATED', raceId: 3, version: 'abc' },
      { type: 'POOLS_UPDATED', raceId: 4, version: 'def' },
    ]);
    expect(poolsVersionsIn(frame, 3)).toEqual(['abc']);
    expect(poolsVersionsIn('BALANCE_CHANGED:1', 3)).toEqual([]);
  });

  it('draws odds on a shared scale, longer prices higher, skipping moments without a stake', () => {
    const scale = oddsScale([{ odds: [null, 200, 400] }, { odds: [300, 300, 300] }]);
    expect(scale).toEqual({ min: 200, max: 400 });
    expect(sparkline([null, 200, 400], scale, 100, 20)).toEqual([
      { x: 50, y: 20 },
      { x: 100, y: 0 },
    ]);
    expect(oddsEnds([null, 200, 400])).toEqual({ from: 200, to: 400 });
    expect(oddsEnds([null])).toBeNull();
    expect(oddsScale([])).toEqual({ min: 0, max: 1 });
  });

  it('has every text in English and Filipino', () => {
    expect(keysOf(poolsTextsFil).sort()).toEqual(keysOf(poolsTexts).sort());
  });
});
