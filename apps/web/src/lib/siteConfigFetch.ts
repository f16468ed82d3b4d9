import { PublicRoutes } from '@karera/shared';
import { useEffect, useState } from 'react';
import { ApiError } from './api.ts';
import { publicRequest } from './userApi.ts';

export type SiteConfig = Awaited<ReturnType<typeof publicRequest<typeof PublicRoutes.siteConfig>>>;

/** How long a read site config is reused before the next screen asks again. */
export const SITE_CONFIG_FRESH_MS = 10 * 60_000;

let cached: { promise: Promise<SiteConfig>; at: number } | null = null;

/**
 * GET /api/site/config, shared by every caller for SITE_CONFIG_FRESH_MS (the landing page's plain
 * read and the screens' query alike), so the site asks once. A failed read is not kept.
 */
export function fetchSiteConfig(): Promise<SiteConfig> {
  if (cached && Date.now() - cached.at < SITE_CONFIG_FRESH_MS) return cached.promise;
  const promise = publicRequest(PublicRoutes.siteConfig, undefined).catch((error: unknown) => {
    if (cached?.promise === promise) cached = null;
    throw error;
  });
  cached = { promise, at: Date.now() };
  return promise;
}

/** A refusal (4xx or a player-API status code) is final; a network or server failure is worth one more try. */
function worthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError && error.statusCode !== 0 && error.statusCode < 500);
}

/**
 * The site config for the landing page, without the query library: undefined while it loads or if
 * it failed (retried once after a second, as the screens' queries do).
 */
export function usePublicSiteConfig(): { data: SiteConfig | undefined } {
  const [data, setData] = useState<SiteConfig | undefined>(undefined);
  useEffect(() => {
    let live = true;
    let retry: number | undefined;
    const show = (config: SiteConfig) => {
      if (live) setData(config);
    };
    fetchSiteConfig().then(show, (error: unknown) => {
      if (!live || !worthRetrying(error)) return;
      retry = window.setTimeout(() => void fetchSiteConfig().then(show, () => undefined), 1000);
    });
    return () => {
      live = false;
      window.clearTimeout(retry);
    };
  }, []);
  return { data };
}
