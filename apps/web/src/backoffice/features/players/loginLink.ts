/**
 * The link to hand to the player: the server's site-relative URL (/?p=12&s=…) on this site's origin.
 * Only a path on this origin is accepted; anything else (another host, a protocol-relative //host,
 * a scheme) would send a login secret elsewhere, so it is refused with null.
 */
export function absoluteLoginLink(origin: string, url: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return null;
  try {
    const link = new URL(url, origin);
    return link.origin === new URL(origin).origin ? link.href : null;
  } catch {
    return null;
  }
}
