import { describe, expect, it } from 'vitest';
import { bpsAsPercent, parseBps } from './agentFormat.ts';

describe('agent rate formatting', () => {
  it('shows basis points as a percentage with two decimals', () => {
    expect(bpsAsPercent(250)).toBe('2.50 %');
    expect(bpsAsPercent(5_000)).toBe('50.00 %');
    expect(bpsAsPercent(0)).toBe('0.00 %');
  });

  it('reads only whole basis points', () => {
    expect(parseBps(' 300 ')).toBe(300);
    expect(parseBps('2.5')).toBeNull();
    expect(parseBps('1e3')).toBeNull();
    expect(parseBps('-1')).toBeNull();
    expect(parseBps('')).toBeNull();
  });
});
