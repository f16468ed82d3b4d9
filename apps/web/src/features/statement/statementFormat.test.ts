import { describe, expect, it } from 'vitest';
import { monthLabel } from './statementFormat.ts';

describe('statement month label', () => {
  it('names the month in the language, whatever the time zone', () => {
    expect(monthLabel('2026-11', 'en')).toBe('November 2026');
    expect(monthLabel('2027-01', 'fil')).toBe('Enero 2027');
  });
});
