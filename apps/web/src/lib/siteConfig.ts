import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchSiteConfig, SITE_CONFIG_FRESH_MS } from './siteConfigFetch.ts';

/** GET /api/site/config: support channels, Android package, default referral code. */
export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: fetchSiteConfig,
  staleTime: SITE_CONFIG_FRESH_MS,
});

export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}
