import { describe, expect, it } from 'vitest';
import { recordIdOf as flagIdOf } from '../../components/RecordPage.tsx';
import { ruleFilterOf, statusFilterOf } from './amlFilters.ts';

describe('AML queue filters', () => {
  it('shows open flags unless told otherwise', () => {
    expect(statusFilterOf(null)).toBe('OPEN');
    expect(statusFilterOf('REPORTED')).toBe('REPORTED');
    expect(statusFilterOf('all')).toBeNull();
    expect(statusFilterOf('bogus')).toBe('OPEN');
  });
  it('reads a known rule or none', () => {
    expect(ruleFilterOf('STRUCTURING')).toBe('STRUCTURING');
    expect(ruleFilterOf('x')).toBeNull();
  });
  it('reads flag ids strictly', () => {
    expect(flagIdOf('12')).toBe(12);
    expect(flagIdOf('012')).toBeNull();
    expect(flagIdOf('1e3')).toBeNull();
    expect(flagIdOf('99999999999')).toBeNull();
  });
});
