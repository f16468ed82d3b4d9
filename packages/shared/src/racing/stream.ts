/**
 * The streaming provider whose embedded player shows a race day's channel (docs/product/screens.md#stream): the
 * player site frames it, and the server's Content-Security-Policy allows framing this origin only.
 */
export const STREAM_EMBED_ORIGIN = 'https://player.twitch.tv';

/** The provider's embedded player for a channel; it only plays on the page host named as parent. */
export function channelEmbedUrl(channel: string, hostname: string): string {
  return `${STREAM_EMBED_ORIGIN}/?channel=${encodeURIComponent(channel)}&parent=${encodeURIComponent(hostname)}`;
}

/** 'https://host[:port]' of an address, lower-cased and without the default port; null when it has none. */
function originOf(address: string): string | null {
  const match = /^(https?):\/\/([^/?#@\s]+)(?:[/?#]|$)/i.exec(address.trim());
  if (!match?.[1] || !match[2]) return null;
  const scheme = match[1].toLowerCase();
  const host = match[2].toLowerCase();
  const defaultPort = scheme === 'https' ? ':443' : ':80';
  return `${scheme}://${host.endsWith(defaultPort) ? host.slice(0, -defaultPort.length) : host}`;
}

/**
 * Whether the live page can play this stream under the server's Content-Security-Policy: a channel name
 * (the provider's player) always; an address only from one of the configured stream hosts.
 */
export function isStreamAllowed(streamUrl: string, streamHosts: readonly string[]): boolean {
  const value = streamUrl.trim();
  if (!/^https?:\/\//i.test(value)) return true;
  const origin = originOf(value);
  return origin !== null && streamHosts.includes(origin);
}
