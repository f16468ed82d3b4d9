import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicRoutes, type SiteConfigResponse } from '@karera/shared';
import { apiRequest } from './api.ts';

/** GET /api/site/config: support channels, Android package, default referral code. */
export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: ({ signal }) => apiRequest<SiteConfigResponse>(PublicRoutes.siteConfig, { signal }),
  staleTime: 10 * 60_000,
});

export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}
