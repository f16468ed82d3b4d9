import type { QueryClient } from '@tanstack/react-query';
import { PLAYER_QUERY_ROOT } from './queryKeys.ts';

// The one query client of the player site, once a screen that reads through it has loaded. The
// landing page's code stays without TanStack Query, so code there that must reach the cache (logout,
// status 107) goes through this reference: while it is null, no player data is cached at all.
let loaded: QueryClient | null = null;

export function registerQueryClient(client: QueryClient): void {
  loaded = client;
}

/** Drops every cached piece of the player's own data (logout, session invalid). */
export function forgetPlayerQueries(): void {
  loaded?.removeQueries({ queryKey: PLAYER_QUERY_ROOT });
}
