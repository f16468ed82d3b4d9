/** The referral code `r` of a query string, if any. */
export function referralOf(search: string): string | null {
  const value = new URLSearchParams(search).get('r')?.trim();
  return value ? value : null;
}

/**
 * A public link that carries the current referral code: withReferral('/aboutus', '?r=AG1') is
 * '/aboutus?r=AG1'. A path that already has its own `r` keeps it.
 */
export function withReferral(path: string, search: string): string {
  const code = referralOf(search);
  if (code === null) return path;
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const withoutHash = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const queryAt = withoutHash.indexOf('?');
  const pathname = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const params = new URLSearchParams(queryAt >= 0 ? withoutHash.slice(queryAt + 1) : '');
  if (!params.has('r')) params.set('r', code);
  return `${pathname}?${params.toString()}${hash}`;
}
