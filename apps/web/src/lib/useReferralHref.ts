import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { withReferral } from './referral.ts';

/** Builds public links that carry the current `r` referral code (docs/product/screens.md#links-and-referral-codes). */
export function useReferralHref(): (path: string) => string {
  const { search } = useLocation();
  return useCallback((path: string) => withReferral(path, search), [search]);
}
