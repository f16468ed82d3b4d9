import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { textFrame } from './hub.ts';

describe('broadcast text frame', () => {
  let server: WebSocketServer;
  let url: string;
  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('the test server has no port');
    url = `ws://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** Writes the bytes straight to a connection's TCP stream, as broadcasts do, and reads them with a ws client. */
  function readByClient(bytes: Buffer): Promise<{ text: string; isBinary: boolean }> {
    server.once('connection', (_socket, request) => request.socket.write(bytes));
    const client = new WebSocket(url);
    return new Promise((resolve, reject) => {
      client.once('message', (data: Buffer, isBinary: boolean) => {
        resolve({ text: data.toString(), isBinary });
        client.terminate();
      });
      client.once('error', reject);
    });
  }

  it.each([0, 1, 125, 126, 65_535, 65_536, 70_000])('carries a %i-byte message whole, as text', async (length) => {
    const text = 'UPDATE_ODDS:7:'.padEnd(length, '9').slice(0, length);
    expect(await readByClient(textFrame(Buffer.from(text)))).toEqual({ text, isBinary: false });
  });

  it('uses the shortest length form RFC 6455 allows', () => {
    expect(textFrame(Buffer.alloc(125)).length).toBe(2 + 125);
    expect(textFrame(Buffer.alloc(126)).length).toBe(4 + 126);
    expect(textFrame(Buffer.alloc(65_536)).length).toBe(10 + 65_536);
  });
});
