import { describe, expect, it } from 'vitest';
import { isProbedStream, probeStream } from './stream-probes.ts';

const answering =
  (status: number): typeof fetch =>
  () =>
    Promise.resolve(new Response('#EXTM3U', { status }));

describe('stream probes', () => {
  it('a stream is up only on a 2xx answer, and says what it got', async () => {
    expect(await probeStream('https://streams.example/live.m3u8', answering(200))).toEqual({
      up: true,
      detail: 'HTTP 200',
    });
    expect(await probeStream('https://streams.example/live.m3u8', answering(404))).toEqual({
      up: false,
      detail: 'HTTP 404',
    });
  });

  it('no answer in time or no connection is down', async () => {
    const timedOut: typeof fetch = () => Promise.reject(new DOMException('timed out', 'TimeoutError'));
    const refused: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    expect(await probeStream('https://streams.example/a', timedOut)).toEqual({
      up: false,
      detail: 'No answer within 3 s',
    });
    expect(await probeStream('https://streams.example/a', refused)).toEqual({ up: false, detail: 'Unreachable' });
  });

  it('probes web addresses only, never a channel name', () => {
    expect(isProbedStream('https://streams.example/live.m3u8')).toBe(true);
    expect(isProbedStream('http://127.0.0.1:8080/live.m3u8')).toBe(true);
    expect(isProbedStream('karera-channel')).toBe(false);
    expect(isProbedStream('')).toBe(false);
  });
});
