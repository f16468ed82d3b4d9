/*
 * Benchmark harness (not part of the product): the real app on a fresh SQLite database, with one
 * verified player, driven over IPC by ws-broadcast.mjs so that publish times are exact.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-bench-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DEMO: '0',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-admin-pass',
  // SMS stay in the database (codes read back from the outbox); no gateway on a benchmark machine.
  SMS_OUTBOX_IN_PRODUCTION: '1',
  WEB_DIST_DIR: path.join(dataDir, 'none'),
});
const app = await buildApp(config);
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const mobileNo = '09170000042';
const registered = await app.inject({
  method: 'POST',
  url: '/api/user/register',
  payload: {
    mobileNo,
    firstName: 'Bench',
    lastName: 'Player',
    password: 'bench-pw',
    confirmPassword: 'bench-pw',
    acceptTerms: true,
  },
});
const { playerId } = registered.json<{ playerId: number }>();
const sms = await app.db
  .selectFrom('sms_outbox')
  .select('message')
  .where('mobile_no', '=', mobileNo)
  .executeTakeFirstOrThrow();
const otp = /\b(\d{6})\b/.exec(sms.message)?.[1];
const verified = await app.inject({ method: 'POST', url: '/api/user/otp', payload: { otp, playerId, type: 'P' } });
const cookie = verified.cookies.find((c) => c.name === 'karera_session');

const fanOutMs: number[] = [];
const gc = (globalThis as { gc?: () => void }).gc;
const memory = () => {
  gc?.();
  return process.memoryUsage();
};

process.on('message', (message: { type: string; seq?: number }) => {
  if (message.type === 'memory') process.send?.({ type: 'memory', memory: memory(), sockets: app.liveSocketCount() });
  if (message.type === 'publish' && message.seq !== undefined) {
    // In-process pub/sub delivers synchronously, so this times the server's whole fan-out.
    const started = performance.now();
    void app.pubsub.publish([
      {
        type: 'UPDATE_ODDS',
        raceId: message.seq,
        odds: [String(Date.now()), '3.50', '12.00', '7.25', null, '25.00', '4.10', '9.90'],
      },
    ]);
    fanOutMs.push(performance.now() - started);
  }
  if (message.type === 'fanout') process.send?.({ type: 'fanout', fanOutMs });
  if (message.type === 'stop') {
    void app.close().then(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
process.send?.({
  type: 'ready',
  url: `${address.replace('http', 'ws')}/ws`,
  cookie: `${cookie?.name}=${cookie?.value}`,
  playerId,
});
