import { describe, expect, it } from 'vitest';
import { referralOf, withReferral } from './referral.ts';

describe('referral', () => {
  it('reads r from a query string', () => {
    expect(referralOf('?r=AG1')).toBe('AG1');
    expect(referralOf('?r=%20')).toBeNull();
    expect(referralOf('')).toBeNull();
  });

  it('carries r onto links', () => {
    expect(withReferral('/aboutus', '?r=AG1&x=2')).toBe('/aboutus?r=AG1');
    expect(withReferral('/aboutus', '')).toBe('/aboutus');
    expect(withReferral('/history?type=wallet', '?r=A B')).toBe('/history?type=wallet&r=A+B');
    expect(withReferral('/?r=OWN', '?r=AG1')).toBe('/?r=OWN');
    expect(withReferral('/termsandconditions#bets', '?r=AG1')).toBe('/termsandconditions?r=AG1#bets');
  });
});
