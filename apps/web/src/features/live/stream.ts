/**
 * Where the race is watched (docs/product/screens.md#stream): nothing yet, an http(s)
 * address of an HLS stream, or the channel name of the streaming provider's embedded player.
 */
export type StreamSource = { kind: 'none' } | { kind: 'hls'; url: string } | { kind: 'channel'; channel: string };

const CHANNEL = /^[A-Za-z0-9_-]{1,64}$/;

export function streamSourceOf(streamUrl: string): StreamSource {
  const value = streamUrl.trim();
  if (value === '') return { kind: 'none' };
  if (/^https?:\/\//i.test(value)) {
    try {
      return { kind: 'hls', url: new URL(value).href };
    } catch {
      return { kind: 'none' };
    }
  }
  return CHANNEL.test(value) ? { kind: 'channel', channel: value } : { kind: 'none' };
}
