/** Query names of a deep link that logs a player in: p (player id) and s (session). */
export const DEEP_LINK_PARAMS = ['p', 's'] as const;

/** The query string without p and s, or null when it had neither (nothing to do). */
export function stripDeepLinkParams(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!DEEP_LINK_PARAMS.some((name) => params.has(name))) return null;
  for (const name of DEEP_LINK_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

/** The linkLogin request of a URL with both p and s (docs/product/accounts.md#login-links), or null. */
export function linkLoginOf(search: string): { playerId: string; token: string } | null {
  const params = new URLSearchParams(search);
  const playerId = params.get('p')?.trim();
  const token = params.get('s')?.trim();
  return playerId && token ? { playerId, token } : null;
}
