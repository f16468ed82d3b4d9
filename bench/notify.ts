/*
 * `npm run bench:notify [-- --followers 100000] [-- --naive 2000] [-- --ahead 60] [-- --service c|node]`: a race-start alert to 100,000
 * followers of runners in one race, due at once, through the real notifications module on one instance: the notices
 * are raised in one transaction (outbox rows, an inbox and a push delivery each), due `--ahead` seconds later (the
 * race watch raises them 2 minutes ahead; the push channel encrypts each message meanwhile; 0: due at once);
 * the leader's dispatcher claims them, the push channel encrypts each for its browser (RFC 8291, web-push)
 * with the server's VAPID token and posts it to a local fake push service (a process of its own that accepts
 * with 201 and counts: `--service c`, the default, bench/fake-push-service.c; `--service node`, the Node one below). The figure is from the moment they fall due to the push service's count reaching
 * every follower. Target: within 10 s.
 *
 * Beside it, in the same run, the naive peer: one message at a time (encrypt, sign a VAPID token, post, wait
 * for the answer, next), as a loop over web-push's calls would do it, for a sample of followers, extrapolated.
 */
import { execFileSync, fork, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { raiseNotices, vapidKeysOf } from '../apps/server/src/modules/notifications/index.ts';

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};

/* ---------- the fake push service (its own process) ---------- */

if (process.argv.includes('--push-service')) {
  let count = 0;
  let bytes = 0;
  let expected = Infinity;
  let doneAt: number | null = null;
  let firstAt: number | null = null;
  const connections = new Set<unknown>();
  const server = http.createServer({ keepAliveTimeout: 60_000 }, (request, response) => {
    let size = 0;
    request.on('data', (chunk: Buffer) => (size += chunk.length));
    request.on('end', () => {
      const valid =
        request.headers['content-encoding'] === 'aes128gcm' && /^vapid t=/.test(request.headers.authorization ?? '');
      response.statusCode = valid && size > 0 ? 201 : 400;
      response.end();
      if (!valid) return;
      count++;
      bytes += size;
      firstAt ??= Date.now();
      if (count === expected) {
        doneAt = Date.now();
        const cpu = process.cpuUsage();
        process.send?.({
          type: 'done',
          doneAt,
          firstAt,
          count,
          bytes,
          connections: connections.size,
          cpuMs: (cpu.user + cpu.system) / 1000,
        });
      }
    });
  });
  server.on('connection', (socket) => connections.add(socket));
  server.listen(0, '127.0.0.1', () =>
    process.send?.({ type: 'listening', port: (server.address() as AddressInfo).port }),
  );
  process.on('message', (message: { type: string; expected?: number }) => {
    if (message.type === 'expect') {
      count = 0;
      bytes = 0;
      firstAt = null;
      doneAt = null;
      expected = message.expected ?? Infinity;
    }
    if (message.type === 'count') process.send?.({ type: 'count', count });
    if (message.type === 'cpu') {
      const cpu = process.cpuUsage();
      process.send?.({ type: 'cpu', cpuMs: (cpu.user + cpu.system) / 1000 });
    }
    if (message.type === 'stop') server.close(() => process.exit(0));
  });
} else {
  await main();
}

interface PushServiceMessage {
  type: string;
  port?: number;
  doneAt?: number;
  firstAt?: number;
  count?: number;
  bytes?: number;
  connections?: number;
  cpuMs?: number;
}

interface PushServiceControl {
  /** Which service runs: the C one (bench/fake-push-service.c) or the Node one above. */
  kind: 'c' | 'node';
  send(message: { type: 'expect'; expected: number } | { type: 'count' | 'cpu' | 'stop' }): void;
  next(type: string): Promise<PushServiceMessage>;
}

/**
 * The fake push service: by default the C one (`--service c`), which needs about a tenth of the Node one's CPU
 * a message, so the two cores go to the server measured, as with a push service on another machine; `--service
 * node`, or no C compiler, runs the Node one.
 */
function startPushService(): PushServiceControl {
  const wanted = process.argv.includes('--service') ? process.argv[process.argv.indexOf('--service') + 1] : 'c';
  const binary = wanted === 'c' ? fakePushServiceBinary() : undefined;
  const listeners = new Set<(message: PushServiceMessage) => void>();
  const next = (type: string) =>
    new Promise<PushServiceMessage>((resolve) => {
      const listener = (message: PushServiceMessage) => {
        if (message.type !== type) return;
        listeners.delete(listener);
        resolve(message);
      };
      listeners.add(listener);
    });
  const tell = (message: PushServiceMessage) => {
    for (const listener of [...listeners]) listener(message);
  };
  if (!binary) {
    const child = fork(import.meta.filename, ['--push-service'], { execArgv: ['--import', 'tsx'] });
    child.on('message', (message: PushServiceMessage) => tell(message));
    return { kind: 'node', next, send: (message) => child.send(message) };
  }
  const child = spawn(binary, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const [type = '', ...fields] = pending.slice(0, newline).split(' ');
      pending = pending.slice(newline + 1);
      const numbers = fields.map(Number);
      if (type === 'listening') tell({ type, port: numbers[0] });
      else if (type === 'count') tell({ type, count: numbers[0] });
      else if (type === 'cpu') tell({ type, cpuMs: numbers[0] });
      else if (type === 'done') {
        const [doneAt, firstAt, count, bytes, connections, cpuMs] = numbers;
        tell({ type, doneAt, firstAt, count, bytes, connections, cpuMs });
      }
    }
  });
  return {
    kind: 'c',
    next,
    send(message) {
      // The C service counts towards a whole number; -1 never ends a count.
      const line =
        message.type === 'expect'
          ? `expect ${Number.isFinite(message.expected) ? message.expected : -1}`
          : message.type;
      child.stdin.write(`${line}\n`);
    },
  };
}

/** bench/fake-push-service.c built once per machine into the temporary folder; undefined without a C compiler. */
function fakePushServiceBinary(): string | undefined {
  const source = path.join(import.meta.dirname, 'fake-push-service.c');
  const binary = path.join(os.tmpdir(), `karera-fake-push-service-${Math.round(fs.statSync(source).mtimeMs)}`);
  if (fs.existsSync(binary)) return binary;
  try {
    execFileSync('cc', ['-O2', '-o', binary, source], { stdio: 'pipe' });
    return binary;
  } catch (error) {
    console.warn(`no C push service (${String(error).split('\n')[0]}): the Node one runs`);
    return undefined;
  }
}

async function main() {
  const followers = argument('--followers', 100_000);
  const naiveSample = argument('--naive', 2_000);
  const service = startPushService();
  const { next } = service;
  const { port } = await next('listening');
  const origin = `http://127.0.0.1:${port}`;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-bench-notify-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DEMO: '0',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-admin-pass',
    SMS_OUTBOX_IN_PRODUCTION: '1',
    WEB_DIST_DIR: path.join(dataDir, 'none'),
  });
  const app = await buildApp(config);
  try {
    console.log(
      `${os.availableParallelism()} cores, Node ${process.version}; SQLite file; fake push service (${service.kind}) ${origin}`,
    );
    let t0 = performance.now();
    const players = await seedFollowers(app.db, followers, origin);
    console.log(`seeded ${followers.toLocaleString()} players with a push subscription each in ${seconds(t0)} s`);

    // The race's followers' alerts, raised in one transaction and due together a moment later.
    // --ahead S: raised S seconds before due, as the race watch raises them (2 minutes ahead), so the push channel
    // encrypts every message before the moment; --ahead 0: due as soon as raised, nothing prepared.
    const aheadSeconds = argument('--ahead', 60);
    const dueAt =
      aheadSeconds > 0 ? Date.now() + aheadSeconds * 1000 : Date.now() + 3_000 + Math.ceil(followers / 20_000) * 1_000;
    t0 = performance.now();
    const raised = await app.db.transaction().execute((trx) =>
      raiseNotices(
        trx,
        players.map((playerId) => ({
          playerId,
          kind: 'race.starting' as const,
          params: { horse: 'Bagyo', raceNo: 5, minutes: 10 },
          linkPath: '/live?race=5',
          dedupeKey: `bench:race-5:${playerId}`,
          dueAt: new Date(dueAt).toISOString(),
        })),
      ),
    );
    console.log(
      `raised ${raised.toLocaleString()} notices (outbox rows, inbox and push deliveries) in ${seconds(t0)} s`,
    );
    if (Date.now() >= dueAt)
      console.log('(raising took longer than the wait: the figure below counts from the due time anyway)');

    // How the time splits: inside the push channel (subscriptions, encryption, posting) and around it (the
    // dispatcher's claims and records).
    const push = app.notifications.channels.get('push');
    const timing = { batches: 0, insideMs: 0, firstStart: 0, lastEnd: 0 };
    const deliverBatch = push?.deliverBatch?.bind(push);
    if (push && deliverBatch) {
      push.deliverBatch = async (notices, ctx) => {
        const start = performance.now();
        timing.firstStart ||= start;
        try {
          return await deliverBatch(notices, ctx);
        } finally {
          timing.batches++;
          timing.lastEnd = performance.now();
          timing.insideMs += timing.lastEnd - start;
        }
      };
    }
    const preparing = { notices: 0, firstStart: 0, lastEnd: 0 };
    const prepare = push?.prepare?.bind(push);
    if (push && prepare) {
      push.prepare = async (notices, keepUntil) => {
        preparing.firstStart ||= performance.now();
        try {
          return await prepare(notices, keepUntil);
        } finally {
          preparing.notices += notices.length;
          preparing.lastEnd = performance.now();
        }
      };
    }
    if (aheadSeconds > 0) {
      // The CPU figures below are the due moment's: wait for the preparation to end (or the due time) first.
      while (Date.now() < dueAt - 1_000 && preparing.notices < raised) await new Promise((r) => setTimeout(r, 100));
      console.log(
        `prepared ${preparing.notices.toLocaleString()} notices ahead (each browser's message encrypted) in ` +
          `${((preparing.lastEnd - preparing.firstStart) / 1000).toFixed(1)} s; ${((dueAt - Date.now()) / 1000).toFixed(1)} s left before due`,
      );
      while (Date.now() < dueAt - 500) await new Promise((r) => setTimeout(r, 50));
    }
    service.send({ type: 'cpu' });
    const serviceCpuBefore = (await next('cpu')).cpuMs ?? 0;
    const serverCpuBefore = process.cpuUsage();
    const loadBefore = os.loadavg()[0]!;
    // BENCH_CPU_PROFILE=FILE: a CPU profile of this process's main thread (the dispatcher, the push channel and
    // its HTTP client; not the encryption threads) from before due to the last message.
    const profileFile = process.env.BENCH_CPU_PROFILE;
    const profiler = profileFile ? new inspector.Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    service.send({ type: 'expect', expected: followers });
    const waitMs = argument('--wait', 600) * 1000;
    const done = await Promise.race([
      next('done'),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs).unref()),
    ]);
    if (!done?.doneAt || !done.firstAt) {
      service.send({ type: 'count' });
      const { count } = await next('count');
      console.log(
        `dispatcher: only ${count?.toLocaleString()} of ${followers.toLocaleString()} reached the push service in ${waitMs / 1000} s`,
      );
      process.exitCode = 1;
    } else {
      const elapsed = (done.doneAt - dueAt) / 1000;
      const sending = (done.doneAt - done.firstAt) / 1000;
      console.log(
        `dispatcher: ${followers.toLocaleString()} pushes at the push service ${elapsed.toFixed(2)} s after they fell due ` +
          `(first after ${((done.firstAt - dueAt) / 1000).toFixed(2)} s; ${Math.round(followers / sending).toLocaleString()} a second while sending; ` +
          `${done.connections} connections; ${Math.round((done.bytes ?? 0) / followers)} bytes a message) — target 10 s: ${elapsed <= 10 ? 'met' : 'NOT met'}`,
      );
      if (elapsed > 10) process.exitCode = 1;
      // CPU from just before due to the last message (this process: the dispatcher, the encryption threads
      // and the HTTP client; the fake push service: its own process), beside what two cores give in that time.
      const server = process.cpuUsage(serverCpuBefore);
      const serverMs = (server.user + server.system) / 1000;
      const serviceMs = (done.cpuMs ?? 0) - serviceCpuBefore;
      // Before the due moment the dispatcher only polls: the CPU is the sending's.
      const wallMs = done.doneAt - dueAt;
      console.log(
        `CPU: server ${(serverMs / 1000).toFixed(1)} s (${((serverMs / followers) * 1000).toFixed(0)} µs a message), ` +
          `fake push service ${(serviceMs / 1000).toFixed(1)} s (${((serviceMs / followers) * 1000).toFixed(0)} µs a message), ` +
          `together ${((serverMs + serviceMs) / wallMs).toFixed(2)} cores over the ${(wallMs / 1000).toFixed(1)} s; ` +
          `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after (${os.availableParallelism()} cores)`,
      );
    }
    if (profiler && profileFile) {
      const { profile } = await profiler.post('Profiler.stop');
      fs.writeFileSync(profileFile, JSON.stringify(profile));
      profiler.disconnect();
      console.log(`CPU profile of the main thread: ${profileFile}`);
    }
    console.log(
      `push channel: ${timing.batches} batches, ${(timing.insideMs / 1000).toFixed(2)} s inside the channel of ` +
        `${((timing.lastEnd - timing.firstStart) / 1000).toFixed(2)} s from the first batch to the last (the rest: the dispatcher's claims and records)`,
    );
    // The inbox lets push go first in a burst: when did its last notice land, counted from the due time?
    const waitingFor = async () =>
      Number(
        (
          await app.db
            .selectFrom('notification_deliveries')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('status', 'in', ['pending', 'sending'])
            .executeTakeFirstOrThrow()
        ).count,
      );
    const settleBy = Date.now() + 120_000;
    while ((await waitingFor()) > 0 && Date.now() < settleBy) await new Promise((r) => setTimeout(r, 100));
    console.log(
      `every delivery (inbox and push) recorded ${((Date.now() - dueAt) / 1000).toFixed(2)} s after due` +
        ((await waitingFor()) > 0 ? ' (gave up waiting: some still pending)' : ''),
    );
    const statuses = await app.db
      .selectFrom('notification_deliveries')
      .select(['channel', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy(['channel', 'status'])
      .execute();
    console.log(
      `deliveries: ${statuses.map((s) => `${s.channel} ${s.status} ${Number(s.count).toLocaleString()}`).join(', ')}`,
    );

    // The naive peer: one at a time, each with its own VAPID signature and a wait for the answer.
    const keys = await vapidKeysOf(app.db, config.push.vapidKeys);
    const sample = await app.db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'p256dh', 'auth'])
      .orderBy('id')
      .limit(naiveSample)
      .execute();
    service.send({ type: 'expect', expected: Infinity });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let naiveErrors = 0;
    t0 = performance.now();
    for (const row of sample) {
      const details = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify({
          id: crypto.randomUUID(),
          title: 'Bagyo runs soon',
          body: 'Race 5 starts in 10 minutes.',
          path: '/live?race=5',
          kind: 'race.starting',
        }),
        {
          TTL: 600,
          urgency: 'high',
          vapidDetails: { subject: config.push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        },
      );
      await new Promise<void>((resolve) => {
        const request = http.request(
          details.endpoint,
          { method: 'POST', headers: details.headers, agent },
          (response) => {
            response.resume();
            response.on('end', () => resolve());
          },
        );
        // A dropped connection is counted and the loop goes on: the figure is the loop's pace.
        request.on('error', () => {
          naiveErrors++;
          resolve();
        });
        request.end(details.body);
      });
    }
    const naive = (performance.now() - t0) / 1000;
    agent.destroy();
    console.log(
      `naive peer (one at a time, a VAPID signature each): ${sample.length.toLocaleString()} in ${naive.toFixed(2)} s, ` +
        `${Math.round(sample.length / naive).toLocaleString()} a second: ${followers.toLocaleString()} would take ${((naive / sample.length) * followers).toFixed(0)} s` +
        (naiveErrors > 0 ? ` (${naiveErrors} connections dropped)` : ''),
    );
  } finally {
    service.send({ type: 'stop' });
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}

/** Players with one subscribed browser each (keys of real P-256 pairs), pointing at the fake push service. */
async function seedFollowers(
  db: Awaited<ReturnType<typeof buildApp>>['db'],
  count: number,
  origin: string,
): Promise<number[]> {
  const now = new Date().toISOString();
  // A few thousand browser key pairs, shared round the followers: drawing 100,000 would time the seeding, not the send.
  const browsers = Array.from({ length: Math.min(count, 2_000) }, () => {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
  });
  const first =
    Number(
      (
        await db
          .selectFrom('players')
          .select((eb) => eb.fn.max<number | null>('id').as('max'))
          .executeTakeFirst()
      )?.max ?? 0,
    ) + 1;
  const ids = Array.from({ length: count }, (_, i) => first + i);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await trx
        .insertInto('players')
        .values(
          chunk.map((id) => ({
            id,
            mobile_no: `0998${String(id).padStart(7, '0')}`,
            first_name: 'Follower',
            last_name: String(id),
            email: null,
            password_hash: 'scrypt$0$0$0$x$x',
            verified: 1 as const,
            agent_id: null,
            created_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto('push_subscriptions')
        .values(
          chunk.map((id, j) => {
            const browser = browsers[(i + j) % browsers.length]!;
            return {
              player_id: id,
              endpoint: `${origin}/push/${id}`,
              p256dh: browser.p256dh,
              auth: browser.auth,
              language: (id % 3 === 0 ? 'fil' : 'en') as 'en' | 'fil',
              created_at: now,
            };
          }),
        )
        .execute();
    }
  });
  return ids;
}
