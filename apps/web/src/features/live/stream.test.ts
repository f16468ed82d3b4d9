import { describe, expect, it } from 'vitest';
import { streamSourceOf } from './stream.ts';

describe('streamSourceOf', () => {
  it('has no stream for an empty value', () => {
    expect(streamSourceOf('')).toEqual({ kind: 'none' });
    expect(streamSourceOf('   ')).toEqual({ kind: 'none' });
  });

  it('plays an http(s) address as HLS', () => {
    expect(streamSourceOf('https://cdn.example.ph/live/race.m3u8')).toEqual({
      kind: 'hls',
      url: 'https://cdn.example.ph/live/race.m3u8',
    });
    expect(streamSourceOf(' HTTP://cdn.example.ph/a.m3u8 ')).toEqual({
      kind: 'hls',
      url: 'http://cdn.example.ph/a.m3u8',
    });
  });

  it('embeds a channel name, and refuses anything else', () => {
    expect(streamSourceOf('karera_tv')).toEqual({ kind: 'channel', channel: 'karera_tv' });
    expect(streamSourceOf('javascript:alert(1)')).toEqual({ kind: 'none' });
    expect(streamSourceOf('two words')).toEqual({ kind: 'none' });
  });
});
