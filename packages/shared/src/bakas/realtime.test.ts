import { describe, expect, it } from 'vitest';
import { bakasSharesIn, bakasWatchOf, encodeBakasShares, encodeBakasWatch } from './realtime.ts';
import { decodeFrame } from '../racing/realtime.ts';

describe('group ticket socket messages', () => {
  it('encodes a watch and a share count, and reads them back from a frame of other messages', () => {
    expect(encodeBakasWatch('AbCd2345EfGh6789')).toBe('BAKAS_WATCH:AbCd2345EfGh6789');
    expect(bakasWatchOf('BAKAS_WATCH:AbCd2345EfGh6789')).toBe('AbCd2345EfGh6789');
    const shares = encodeBakasShares({ code: 'AbCd2345EfGh6789', sharesSold: 7, shares: 14, status: 'open' });
    expect(shares).toBe('BAKAS_SHARES:AbCd2345EfGh6789:7:14:open');
    expect(bakasSharesIn(`RACE_STATUS:4:O|${shares}`)).toEqual([
      { type: 'BAKAS_SHARES', code: 'AbCd2345EfGh6789', sharesSold: 7, shares: 14, status: 'open' },
    ]);
    // The race codec drops them as unknown.
    expect(decodeFrame(shares)).toEqual([]);
  });

  it('refuses a malformed code or status', () => {
    expect(() => encodeBakasWatch('short')).toThrow();
    expect(bakasWatchOf('BAKAS_WATCH:bad code!')).toBeNull();
    expect(bakasWatchOf('BAKAS_WATCH:AbCd2345EfGh6789:extra')).toBeNull();
    expect(bakasSharesIn('BAKAS_SHARES:AbCd2345EfGh6789:7:14:paid')).toEqual([]);
    expect(bakasSharesIn('BAKAS_SHARES:AbCd2345EfGh6789:x:14:open')).toEqual([]);
  });
});
