import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { RealtimeMessage } from '@karera/shared';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../test/test-app.ts';
import { postgresPubSub, type PubSub } from '../events/index.ts';

/**
 * A TCP relay to PostgreSQL whose connections can be frozen: bytes stop in both directions and nothing
 * is closed, as when a network drops packets or a peer hangs.
 */
async function freezableRelay(target: URL) {
  const pairs: { client: net.Socket; upstream: net.Socket; frozen: boolean }[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    const pair = { client, upstream, frozen: false };
    pairs.push(pair);
    client.on('data', (data) => {
      if (!pair.frozen) upstream.write(data);
    });
    upstream.on('data', (data) => {
      if (!pair.frozen) client.write(data);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close);
    upstream.on('close', close);
    client.on('error', close);
    upstream.on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    pairs,
    close: async () => {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const silent = pino({ level: 'silent' });

describe.skipIf(testDialect !== 'postgres')('the LISTEN connection', () => {
  let database: TestDatabase;
  let direct: PubSub;
  beforeAll(async () => {
    database = await createTestDatabase();
    direct = await postgresPubSub(database.env.DATABASE_URL ?? '', silent);
  });
  afterAll(async () => {
    await direct?.close();
    await database?.drop();
  });

  it('is made again when it goes silent without closing, and its subscribers are told to re-send state', async () => {
    const relay = await freezableRelay(new URL(database.env.DATABASE_URL ?? ''));
    const pubsub = await postgresPubSub(relay.url, silent, { probeEveryMs: 100, probeTimeoutMs: 500 });
    try {
      const heard: RealtimeMessage[] = [];
      pubsub.subscribe((messages) => heard.push(...messages));
      let resumed = 0;
      pubsub.onResume(() => {
        resumed += 1;
      });
      await direct.publish([{ type: 'RACE_STATUS', raceId: 1, status: 'O' }]);
      await expect.poll(() => heard.length, { timeout: 30_000 }).toBe(1);

      // The listener's connection (the relay's first) freezes; nothing tells the client.
      const listening = relay.pairs[0];
      if (!listening) throw new Error('no connection through the relay');
      listening.frozen = true;
      await direct.publish([{ type: 'RACE_STATUS', raceId: 1, status: 'L' }]);
      await expect.poll(() => resumed, { timeout: 30_000, interval: 20 }).toBe(1);

      // Listening again on a new connection: events arrive as before.
      await direct.publish([{ type: 'RACE_STATUS', raceId: 1, status: 'C' }]);
      await expect
        .poll(() => heard.some((m) => m.type === 'RACE_STATUS' && m.status === 'C'), { timeout: 30_000 })
        .toBe(true);
      // The event sent while it was frozen was lost to it: that is why subscribers re-send state.
      expect(heard.some((m) => m.type === 'RACE_STATUS' && m.status === 'L')).toBe(false);
    } finally {
      await pubsub.close();
      await relay.close();
    }
  });
});
