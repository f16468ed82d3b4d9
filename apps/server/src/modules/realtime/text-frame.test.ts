import { describe, expect, it } from 'vitest';
import { Receiver } from 'ws';
import { textFrame } from './hub.ts';

/** What a WebSocket client reads from the bytes: ws's own frame parser, as a client uses it. */
function readByClient(bytes: Buffer): Promise<{ text: string; isBinary: boolean }> {
  return new Promise((resolve, reject) => {
    const receiver = new Receiver({ isServer: false, maxPayload: 0 });
    receiver.on('message', (data: Buffer, isBinary: boolean) => resolve({ text: data.toString(), isBinary }));
    receiver.on('error', reject);
    receiver.write(bytes);
  });
}

describe('broadcast text frame', () => {
  it.each([0, 1, 125, 126, 65_535, 65_536, 70_000])('carries a %i-byte message whole, as text', async (length) => {
    const text = 'UPDATE_ODDS:7:'.padEnd(length, '9').slice(0, length);
    const frame = textFrame(Buffer.from(text));
    expect(await readByClient(frame)).toEqual({ text, isBinary: false });
  });

  it('uses the shortest length form RFC 6455 allows', () => {
    expect(textFrame(Buffer.alloc(125)).length).toBe(2 + 125);
    expect(textFrame(Buffer.alloc(126)).length).toBe(4 + 126);
    expect(textFrame(Buffer.alloc(65_536)).length).toBe(10 + 65_536);
  });
});
