import { describe, expect, it } from 'vitest';
import { realityCheckDue, showsRealityCheck } from './realityCheck.ts';

describe('reality check', () => {
  it('is due after the chosen minutes of activity', () => {
    expect(realityCheckDue(59 * 60_000, 60)).toBe(false);
    expect(realityCheckDue(60 * 60_000, 60)).toBe(true);
    expect(realityCheckDue(15 * 60_000, 15)).toBe(true);
  });
  it('shows on the live screen only', () => {
    expect(showsRealityCheck('/live')).toBe(true);
    expect(showsRealityCheck('/LIVE/')).toBe(true);
    expect(showsRealityCheck('/account')).toBe(false);
  });
});
