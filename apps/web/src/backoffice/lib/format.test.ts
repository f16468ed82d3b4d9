import { describe, expect, it } from 'vitest';
import { compactJson, formatManilaDateTime, formatSignedPeso, pageFromParam } from './format.ts';

describe('formatManilaDateTime', () => {
  it('shows UTC instants in Manila time (UTC+8)', () => {
    expect(formatManilaDateTime('2026-11-21T07:05:00.000Z')).toBe('Nov 21, 2026 03:05 PM');
    expect(formatManilaDateTime('2026-11-21T16:30:00Z')).toBe('Nov 22, 2026 12:30 AM');
  });
  it('leaves unreadable input as is', () => {
    expect(formatManilaDateTime('not a date')).toBe('not a date');
  });
});

describe('formatSignedPeso', () => {
  it('marks both directions', () => {
    expect(formatSignedPeso(5000)).toBe('+₱50.00');
    expect(formatSignedPeso(-123456)).toBe('-₱1,234.56');
    expect(formatSignedPeso(0)).toBe('₱0.00');
  });
});

describe('compactJson and pageFromParam', () => {
  it('prints one line of JSON', () => {
    expect(compactJson({ a: 1, b: ['x'] })).toBe('{"a":1,"b":["x"]}');
  });
  it('reads only positive whole pages', () => {
    expect(pageFromParam('3')).toBe(3);
    expect(pageFromParam(null)).toBe(1);
    expect(pageFromParam('0')).toBe(1);
    expect(pageFromParam('2.5')).toBe(1);
    expect(pageFromParam('abc')).toBe(1);
  });
});
