import { describe, expect, it } from 'vitest';
import { channelEmbedUrl, isStreamAllowed, STREAM_EMBED_ORIGIN } from './stream.ts';

describe('channelEmbedUrl', () => {
  it('names the channel and this page as the parent, on the one origin the CSP lets the page frame', () => {
    const url = channelEmbedUrl('karera_tv', 'karera.ph');
    expect(url).toBe('https://player.twitch.tv/?channel=karera_tv&parent=karera.ph');
    expect(url.startsWith(`${STREAM_EMBED_ORIGIN}/?`)).toBe(true);
    expect(channelEmbedUrl('a b&c', 'x.ph')).toBe('https://player.twitch.tv/?channel=a%20b%26c&parent=x.ph');
  });
});

describe('isStreamAllowed', () => {
  const hosts = ['https://stream.example.ph', 'https://cdn.example.ph:8443'];
  it('allows no stream, a channel name, and addresses on the configured hosts', () => {
    expect(isStreamAllowed('', [])).toBe(true);
    expect(isStreamAllowed('karera_tv', [])).toBe(true);
    expect(isStreamAllowed('https://stream.example.ph/live/race.m3u8', hosts)).toBe(true);
    expect(isStreamAllowed('HTTPS://Stream.Example.PH:443/live.m3u8', hosts)).toBe(true);
    expect(isStreamAllowed('https://cdn.example.ph:8443/a.m3u8?token=1', hosts)).toBe(true);
  });
  it('refuses any other host, port or scheme, and look-alikes', () => {
    for (const url of [
      'https://evil.example/live.m3u8',
      'https://cdn.example.ph/a.m3u8',
      'http://stream.example.ph/live.m3u8',
      'https://stream.example.ph.evil.example/live.m3u8',
      'https://stream.example.ph@evil.example/live.m3u8',
      'https://',
    ]) {
      expect(isStreamAllowed(url, hosts), url).toBe(false);
    }
    expect(isStreamAllowed('https://stream.example.ph/live.m3u8', [])).toBe(false);
  });
});
