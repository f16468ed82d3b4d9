import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ADMIN, testDialect, type TestDatabase } from '../../../test/test-app.ts';
import { createDatabase, type DatabaseHandle } from '../../db/connection.ts';
import { LEADER_LEASE } from '../cluster/index.ts';
import { BATCH_SIZES, PIPELINE } from './dispatcher.ts';
import { raiseNotices } from './raise.ts';

/**
 * A notice is delivered once when the leader is killed mid-dispatch (decision 055), with two real server
 * processes on one PostgreSQL database. A batch of notices falls due; the leader's dispatcher pushes them to a
 * push service on loopback that takes the first few and then holds its answers, so the leader is killed
 * (SIGKILL) with messages in flight whose fate it never learns. The other instance takes the lead and
 * finishes. Then:
 * - push: no browser received a notice twice. Every push delivery is `delivered` (the push service counted it
 *   exactly once) or `unknown`: the dead leader's claim, which it may have sent, so never sent again;
 * - the inbox: every notice is in its player's inbox (a lapsed inbox claim is delivered again, harmlessly);
 * - nothing is left pending or sending.
 */

/** More than the leader can have claimed at once (its batches in flight), so the survivor has some to send. */
const NOTICES = BATCH_SIZES.push * PIPELINE + 600;
/** The push service answers this many at once, then holds every answer until the leader is dead. */
const ANSWERED_BEFORE_HOLD = 40;
const ROOT = path.resolve(import.meta.dirname, '../../../../..');

interface Instance {
  child: ChildProcess;
  pid: number;
  url: string;
  exited: Promise<string | null>;
  tail: string[];
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/start.mjs', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString().split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? String(code))),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before answering:\n${tail.join('\n')}`);
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer within 90 s:\n${tail.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, pid: child.pid ?? 0, url, exited, tail };
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const force = setTimeout(() => instance.child.kill('SIGKILL'), 15_000);
  instance.child.kill('SIGTERM');
  await instance.exited;
  clearTimeout(force);
}

/** Polls `read` until `done` holds of its value (a condition wait: no fixed sleep decides anything). */
async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(testDialect !== 'postgres')(
  'notifications: the leader killed mid-dispatch (PostgreSQL, two instances)',
  () => {
    let database: TestDatabase;
    let handle: DatabaseHandle;
    let pushService: http.Server;
    let origin = '';
    const instances: Instance[] = [];
    /** Messages received per subscription's path (one notice per player here). */
    const received = new Map<string, number>();
    let total = 0;
    let holding = false;
    let released = false;
    const held: http.ServerResponse[] = [];

    beforeAll(async () => {
      pushService = http.createServer((request, response) => {
        const valid =
          request.method === 'POST' &&
          request.headers['content-encoding'] === 'aes128gcm' &&
          /^vapid t=/.test(request.headers.authorization ?? '');
        // Counted on arrival: a message the push service has begun to take may reach the browser.
        if (valid) {
          received.set(request.url ?? '', (received.get(request.url ?? '') ?? 0) + 1);
          total += 1;
        }
        request.resume();
        request.on('end', () => {
          response.statusCode = valid ? 201 : 400;
          if (valid && !released && total > ANSWERED_BEFORE_HOLD) {
            holding = true;
            held.push(response);
            return;
          }
          response.end();
        });
      });
      await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;

      database = await createTestDatabase();
      const env = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DEMO: '0',
        DATA_DIR: database.env.DATA_DIR ?? '',
        DATABASE_URL: database.env.DATABASE_URL ?? '',
        WEB_DIST_DIR: '/nonexistent',
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
      };
      // The first migrates and bootstraps the database, and leads; the second stands by.
      instances.push(await startInstance(env));
      instances.push(await startInstance(env));
      handle = createDatabase({ kind: 'postgres', url: env.DATABASE_URL });
    }, 240_000);

    afterAll(async () => {
      released = true;
      for (const response of held.splice(0)) response.end();
      await Promise.all(instances.map((instance) => stopInstance(instance)));
      await handle?.close();
      await new Promise<void>((resolve) => pushService?.close(() => resolve()));
      await database?.drop();
    }, 60_000);

    it('delivers each notice at most once per channel, and accounts for every one', { timeout: 300_000 }, async () => {
      const db = handle.db;
      const holderOf = async () =>
        (await db.selectFrom('leases').select('holder').where('name', '=', LEADER_LEASE).executeTakeFirst())?.holder ??
        '';
      const pidOf = (holder: string) => Number(holder.split(':')[1]);
      const firstHolder = await until(
        holderOf,
        (holder) => instances.some((instance) => instance.pid === pidOf(holder)),
        60_000,
        'an instance to lead',
      );
      const leader = instances.find((instance) => instance.pid === pidOf(firstHolder));
      const survivor = instances.find((instance) => instance !== leader);
      if (!leader || !survivor) throw new Error('two instances, one leading, were expected');

      // Players, each with one subscribed browser pointing at the push service (a few real P-256 key pairs).
      const browsers = Array.from({ length: 20 }, () => {
        const ecdh = crypto.createECDH('prime256v1');
        ecdh.generateKeys();
        return {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: crypto.randomBytes(16).toString('base64url'),
        };
      });
      const now = new Date().toISOString();
      const playerIds: number[] = [];
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < NOTICES; i += 200) {
          const rows = await trx
            .insertInto('players')
            .values(
              Array.from({ length: Math.min(200, NOTICES - i) }, (_, j) => ({
                mobile_no: `0997${String(i + j).padStart(7, '0')}`,
                first_name: 'Bettor',
                last_name: String(i + j),
                email: null,
                password_hash: 'scrypt$0$0$0$x$x',
                verified: 1 as const,
                agent_id: null,
                created_at: now,
              })),
            )
            .returning('id')
            .execute();
          playerIds.push(...rows.map((row) => row.id));
        }
        for (let i = 0; i < playerIds.length; i += 200) {
          await trx
            .insertInto('push_subscriptions')
            .values(
              playerIds.slice(i, i + 200).map((playerId, j) => {
                const browser = browsers[(i + j) % browsers.length];
                if (!browser) throw new Error('no browser keys');
                return {
                  player_id: playerId,
                  endpoint: `${origin}/push/${playerId}`,
                  p256dh: browser.p256dh,
                  auth: browser.auth,
                  language: 'en' as const,
                  created_at: now,
                };
              }),
            )
            .execute();
        }
      });

      // A batch of notices (a ticket won each: inbox and push), due at once.
      const raised = await db.transaction().execute((trx) =>
        raiseNotices(
          trx,
          playerIds.map((playerId, i) => ({
            playerId,
            kind: 'ticket.won' as const,
            params: { ticketNo: `KILL${String(i).padStart(6, '0')}`, amount: '₱150.00' },
            linkPath: `/history?type=bet&ticket=KILL${String(i).padStart(6, '0')}`,
            dedupeKey: `leader-kill:${playerId}`,
          })),
        ),
      );
      expect(raised).toBe(NOTICES);

      // The leader is dispatching: the push service took some and holds the answers of more.
      await until(
        () => ({ total, holding }),
        (state) => state.holding && state.total > ANSWERED_BEFORE_HOLD && state.total < NOTICES,
        120_000,
        'the leader to be mid-send',
      );
      leader.child.kill('SIGKILL');
      expect(await leader.exited).toBe('SIGKILL');
      const atKill = total;
      expect(atKill).toBeLessThan(NOTICES);
      // From now on the push service answers at once (what was held went to a dead process).
      released = true;
      for (const response of held.splice(0)) response.end();

      // The survivor takes the lead, sends what was never claimed, and, once the dead leader's claims lapse,
      // settles them: push ones as unknown (never resent), inbox ones delivered again.
      await until(holderOf, (holder) => pidOf(holder) === survivor.pid, 60_000, 'the survivor to take the lead');
      const open = () =>
        db
          .selectFrom('notification_deliveries as d')
          .innerJoin('notifications as n', 'n.id', 'd.notice_id')
          .where('n.dedupe_key', 'like', 'leader-kill:%')
          .where('d.status', 'in', ['pending', 'sending'])
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.count));
      await until(open, (count) => count === 0, 200_000, 'every delivery to be settled');

      const deliveries = await db
        .selectFrom('notification_deliveries as d')
        .innerJoin('notifications as n', 'n.id', 'd.notice_id')
        .where('n.dedupe_key', 'like', 'leader-kill:%')
        .select(['d.id', 'd.channel', 'd.status', 'd.player_id', 'n.inboxed_at'])
        .execute();
      expect(deliveries).toHaveLength(NOTICES * 2);
      const push = deliveries.filter((d) => d.channel === 'push');
      const inbox = deliveries.filter((d) => d.channel === 'inbox');

      // Push: at most once per browser; each delivered one reached it exactly once; the rest are unknown,
      // the dead leader's claims, never sent again.
      for (const [pathName, count] of received) expect(count, pathName).toBe(1);
      const statuses = new Map<string, number>();
      for (const d of push) statuses.set(d.status, (statuses.get(d.status) ?? 0) + 1);
      expect([...statuses.keys()].sort()).toEqual(['delivered', 'unknown']);
      for (const d of push) {
        const count = received.get(`/push/${d.player_id}`) ?? 0;
        if (d.status === 'delivered') expect(count, `player ${d.player_id}`).toBe(1);
        else expect(count, `player ${d.player_id}`).toBeLessThanOrEqual(1);
      }
      // Every message the push service saw is one of these notices', and none came after the kill twice.
      expect(total).toBe([...received.values()].reduce((a, b) => a + b, 0));
      expect(total).toBeLessThanOrEqual(NOTICES);

      // The survivor sent what the dead leader had not claimed; the unknown ones are the dead leader's.
      const attempts = await db
        .selectFrom('notification_attempts as a')
        .innerJoin('notification_deliveries as d', 'd.id', 'a.delivery_id')
        .where(
          'd.id',
          'in',
          push.map((d) => d.id),
        )
        .select(['a.delivery_id', 'a.holder', 'a.outcome'])
        .execute();
      const holderPid = (holder: string) => pidOf(holder);
      for (const d of push) {
        const mine = attempts.filter((a) => a.delivery_id === d.id);
        // One attempt each: a push is never tried twice once a try may have reached the browser.
        expect(mine, `delivery ${d.id}`).toHaveLength(1);
        const [attempt] = mine;
        if (d.status === 'unknown') {
          expect(holderPid(attempt?.holder ?? '')).toBe(leader.pid);
          expect(attempt?.outcome).toBe('unknown');
        } else {
          expect(holderPid(attempt?.holder ?? '')).toBe(survivor.pid);
        }
      }
      expect(push.some((d) => d.status === 'delivered')).toBe(true);

      // The inbox: every notice is there, once (a notice is one row; its inbox delivery is delivered).
      expect(inbox.every((d) => d.status === 'delivered' && d.inboxed_at !== null)).toBe(true);
      const listed = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('dedupe_key', 'like', 'leader-kill:%')
        .where('inboxed_at', 'is not', null)
        .executeTakeFirstOrThrow();
      expect(Number(listed.count)).toBe(NOTICES);
    });
  },
);
