import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicRoutes } from '@karera/shared';
import { publicRequest } from './userApi.ts';

/** GET /api/site/config: support channels, Android package, default referral code. */
export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: ({ signal }) => publicRequest(PublicRoutes.siteConfig, undefined, signal),
  staleTime: 10 * 60_000,
});

export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}
