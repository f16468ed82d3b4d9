import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import WebSocket from 'ws';
import { BettingRoutes, decodeFrame, type RealtimeMessage } from '@karera/shared';
import { haproxyPath, startCluster, type Cluster, type ClusterInstance } from '../../../scripts/cluster.mjs';
import { createTestDatabase, TEST_ADMIN, testDialect, type TestDatabase } from '../test/test-app.ts';
import { insertPlayer } from '../test/factories.ts';
import { createDatabase, type DatabaseHandle } from './db/connection.ts';
import { LEADER_LEASE } from './modules/cluster/index.ts';
import { openPlayerSession, PLAYER_COOKIE } from './modules/sessions/index.ts';
import { addRunner, createEvent, createRace, transitionRace } from './modules/racing/index.ts';
import { postgresPubSub, type PubSub } from './modules/events/index.ts';
import {
  accountIdByCode,
  HouseAccount,
  playerAccountCode,
  checkLedger,
  recordTransaction,
} from './modules/wallet/index.ts';

const PLAYERS = 24;
const FUNDS = 100_000;
const SOCKETS = 9;
const STATUS_ORDER = ['A', 'O', 'L', 'C', 'D'];

interface Notification {
  backendPid: number;
  messages: RealtimeMessage[];
}

/** A live socket through the balancer that keeps what it hears. */
function liveSocket(url: string, player: { playerId: number; cookie: string }) {
  const socket = new WebSocket(url, { headers: { cookie: player.cookie } });
  const received: RealtimeMessage[] = [];
  socket.on('message', (data: Buffer) => received.push(...decodeFrame(data.toString())));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      socket.send(`GAME_CONNECT:${player.playerId}:cookie`);
      resolve();
    });
    socket.once('error', reject);
  });
  return { socket, received, closed, opened, isClosed: () => socket.readyState === WebSocket.CLOSED };
}

describe.skipIf(testDialect !== 'postgres' || !haproxyPath())(
  'three instances behind HAProxy on one PostgreSQL',
  () => {
    let database: TestDatabase;
    let cluster: Cluster;
    let handle: DatabaseHandle;
    let pubsub: PubSub;
    let listener: pg.Client;
    let mapper: NodeJS.Timeout;
    const notifications: Notification[] = [];
    /** PostgreSQL backend pid -> the OS pid of the process that published through it. */
    const publisherOf = new Map<number, number>();
    let databaseUrl = '';

    beforeAll(async () => {
      database = await createTestDatabase();
      databaseUrl = database.env.DATABASE_URL ?? '';
      cluster = await startCluster({
        databaseUrl,
        // Free ports: the suite may run beside another cluster.
        port: 0,
        env: {
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATA_DIR: database.env.DATA_DIR ?? '',
          WEB_DIST_DIR: '/nonexistent',
          ADMIN_USERNAME: TEST_ADMIN.username,
          ADMIN_PASSWORD: TEST_ADMIN.password,
          DEMO: '1',
          SIM_SPEED: '60',
        },
        onOutput: () => undefined,
      });
      handle = createDatabase({ kind: 'postgres', url: databaseUrl });
      pubsub = await postgresPubSub(databaseUrl, pino({ level: 'silent' }));
      // Every race event any process publishes, with the backend it came through.
      listener = new pg.Client({ connectionString: databaseUrl });
      listener.on('notification', (note) => {
        if (note.payload) notifications.push({ backendPid: note.processId, messages: decodeFrame(note.payload) });
      });
      await listener.connect();
      await listener.query('listen karera_race_events');
      const mapPublishers = async () => {
        const { rows } = await sql<{ pid: number; application_name: string }>`
        select pid, application_name from pg_stat_activity where application_name like 'karera-publish:%'
      `.execute(handle.db);
        for (const row of rows) publisherOf.set(row.pid, Number(row.application_name.split(':')[1]));
      };
      await mapPublishers();
      mapper = setInterval(() => void mapPublishers().catch(() => undefined), 100);
    }, 120_000);

    afterAll(async () => {
      clearInterval(mapper);
      await listener?.end().catch(() => undefined);
      await pubsub?.close();
      await handle?.close();
      await cluster?.stop();
      await database?.drop();
    });

    it('loses no acknowledged bet when the leader is killed, runs the run-once work once, and moves it within 5 s', async () => {
      const db = handle.db;
      const system = { type: 'system' as const, id: null };
      const deps = { db, pubsub };

      // A race of our own, open throughout (the demo cards the simulator runs are beside it).
      const event = await createEvent(deps, system, {
        name: 'Cluster Day',
        arena: 'Metro Turf',
        streamUrl: '',
        raceDate: '2026-11-22',
        enabledBetTypes: [],
      });
      const race = await createRace(deps, system, event.id, {
        raceNo: 1,
        startDateTime: '2026-11-22T06:00:00Z',
        enabledBetTypes: [],
      });
      for (const runnerNo of ['1', '2', '3']) {
        await addRunner(deps, system, race.raceId, { runnerNo, horseName: `Horse ${runnerNo}`, jockeyName: 'J. Cruz' });
      }
      await transitionRace(deps, system, race.raceId, 'O');

      // Players, funded, each with a session.
      const adjustments = await accountIdByCode(db, HouseAccount.adjustments);
      const players: { playerId: number; cookie: string }[] = [];
      for (let i = 0; i < PLAYERS; i += 1) {
        const { id } = await insertPlayer(db);
        const credit = await accountIdByCode(db, playerAccountCode(id, 'credit'));
        await db.transaction().execute((trx) =>
          recordTransaction(trx, {
            kind: 'ADJUSTMENT',
            description: 'Test funds',
            postings: [
              { accountId: adjustments, amount: -FUNDS },
              { accountId: credit, amount: FUNDS },
            ],
            actor: system,
          }),
        );
        const token = await openPlayerSession(db, id, { ip: null, userAgent: null });
        players.push({ playerId: id, cookie: `${PLAYER_COOKIE}=${token}` });
      }

      // The leader, from the lease: its holder names the process.
      const holderNow = async () =>
        (await db.selectFrom('leases').select('holder').where('name', '=', LEADER_LEASE).executeTakeFirst())?.holder ??
        '';
      const instanceOf = (holder: string): ClusterInstance | undefined =>
        cluster.instances.find((i) => i.pid === Number(holder.split(':')[1]));
      const firstLeader = instanceOf(await holderNow());
      if (!firstLeader) throw new Error('no instance leads');
      /** Each process by OS pid: a restarted instance is a new process under the same name. */
      const nameOfPid = new Map(cluster.instances.map((i) => [i.pid, i.name]));

      // Sockets through the balancer (least connections: three on each instance), before any bet.
      const wsUrl = `${cluster.url.replace('http', 'ws')}/ws`;
      const ourStatus = (client: ReturnType<typeof liveSocket>) =>
        client.received.find((m) => m.type === 'RACE_STATUS' && m.raceId === race.raceId);
      const sockets: ReturnType<typeof liveSocket>[] = [];
      for (let i = 0; i < SOCKETS; i += 1) {
        const client = liveSocket(wsUrl, players[i % PLAYERS] as (typeof players)[number]);
        await client.opened;
        await expect.poll(() => ourStatus(client), { timeout: 30_000, interval: 20 }).toBeDefined();
        sockets.push(client);
      }

      // Bets from every player through the balancer: a bet with no definite answer (the instance died under
      // it: 502, or the connection dropped) is sent again with its idempotency key until it has one.
      const acknowledged: { playerId: number; ticketNo: string; total: number; key: string }[] = [];
      const refused: string[] = [];
      let resent = 0;
      let betting = true;
      const placeBet = async (player: (typeof players)[number], key: string, amount: number, runner: number) => {
        for (;;) {
          let response: Response | undefined;
          try {
            response = await fetch(`${cluster.url}${BettingRoutes.placeBet}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: player.cookie },
              body: JSON.stringify({
                betType: 'W',
                selections: [[runner]],
                amount,
                useBonus: false,
                idempotencyKey: key,
                raceId: race.raceId,
                eventId: event.id,
              }),
              signal: AbortSignal.timeout(15_000),
            });
          } catch {
            response = undefined;
          }
          if (response && response.status === 200) {
            const receipt = (await response.json()) as { ticket_no: string; total_amount: number };
            acknowledged.push({
              playerId: player.playerId,
              ticketNo: receipt.ticket_no,
              total: receipt.total_amount,
              key,
            });
            return;
          }
          if (response && ![502, 503, 504].includes(response.status)) {
            refused.push(`${response.status} ${await response.text()}`);
            return;
          }
          await response?.body?.cancel();
          resent += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      const bettors = players.map(async (player, index) => {
        for (let n = 0; betting; n += 1)
          await placeBet(player, randomUUID(), 100 * (1 + ((index + n) % 5)), 1 + (n % 3));
      });

      await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(150);

      // The leader dies at once, as in a power cut.
      const published = () => notifications.filter((n) => publisherOf.get(n.backendPid) !== process.pid);
      const beforeKill = published().length;
      const killedAt = performance.now();
      await firstLeader.kill('SIGKILL');
      await expect
        .poll(async () => instanceOf(await holderNow()) ?? firstLeader, { timeout: 30_000, interval: 20 })
        .not.toBe(firstLeader);
      const takeoverMs = performance.now() - killedAt;
      const nextLeader = instanceOf(await holderNow()) as ClusterInstance;
      // Its run-once work starts at once: the odds of our race (which has stakes) are published again.
      await expect
        .poll(
          () =>
            published()
              .slice(beforeKill)
              .some((n) => publisherOf.get(n.backendPid) === nextLeader.pid),
          { timeout: 30_000, interval: 20 },
        )
        .toBe(true);
      const firstPublishMs = performance.now() - killedAt;

      // The sockets that were on it reconnect through the balancer and get the current race status.
      await expect.poll(() => sockets.filter((s) => s.isClosed()).length, { timeout: 30_000 }).toBeGreaterThan(0);
      const dropped = sockets.filter((s) => s.isClosed());
      const statusesNow = async () =>
        new Map(
          (await db.selectFrom('races').select(['id', 'status']).execute()).map((r) => [
            r.id,
            // A cancelled race (the demo cancels some as they open) is past every status it was sent.
            r.status === 'X' ? STATUS_ORDER.length : STATUS_ORDER.indexOf(r.status),
          ]),
        );
      for (const [index] of dropped.entries()) {
        const before = await statusesNow();
        const again = liveSocket(wsUrl, players[index] as (typeof players)[number]);
        await again.opened;
        await expect
          .poll(() => ourStatus(again), { timeout: 30_000, interval: 20 })
          .toEqual({
            type: 'RACE_STATUS',
            raceId: race.raceId,
            status: 'O',
          });
        // Only what arrived before the second read is held against it: a race that moves while that read is
        // in flight can reach the socket before the read's answer reaches this process.
        const arrived = again.received.slice();
        const after = await statusesNow();
        // Every race the socket knows is where the database had it between the two reads: nothing it was
        // sent is ahead of the database, and its latest view of each race is not behind it.
        const latest = new Map<number, number>();
        for (const message of arrived) {
          if (message.type !== 'RACE_STATUS' || message.status === 'X') continue;
          const seen = STATUS_ORDER.indexOf(message.status);
          expect(seen).toBeLessThanOrEqual(after.get(message.raceId) ?? 99);
          latest.set(message.raceId, seen);
        }
        for (const [raceId, seen] of latest) expect(seen).toBeGreaterThanOrEqual(before.get(raceId) ?? -1);
        again.socket.close();
      }

      // Back again, it stands by; bets go on through all three.
      await firstLeader.start();
      nameOfPid.set(firstLeader.pid, firstLeader.name);
      const acknowledgedAtRestart = acknowledged.length;
      await expect
        .poll(() => acknowledged.length, { timeout: 30_000, interval: 20 })
        .toBeGreaterThanOrEqual(acknowledgedAtRestart + 100);
      betting = false;
      await Promise.all(bettors);
      for (const client of sockets) client.socket.close();

      // No acknowledged bet lost, none taken twice, and the money adds up.
      expect(refused).toEqual([]);
      const tickets = await db
        .selectFrom('bet_tickets')
        .select(['ticket_no', 'player_id', 'total'])
        .where('event_id', '=', event.id)
        .execute();
      expect(tickets.length).toBe(acknowledged.length);
      const stored = new Map(tickets.map((t) => [t.ticket_no, t]));
      for (const bet of acknowledged) {
        expect(stored.get(bet.ticketNo)).toMatchObject({ player_id: bet.playerId, total: bet.total });
      }
      expect(new Set(acknowledged.map((b) => b.ticketNo)).size).toBe(acknowledged.length);
      for (const player of players) {
        const spent = acknowledged.filter((b) => b.playerId === player.playerId).reduce((sum, b) => sum + b.total, 0);
        const { balance } = await db
          .selectFrom('accounts')
          .select('balance')
          .where('code', '=', playerAccountCode(player.playerId, 'credit'))
          .executeTakeFirstOrThrow();
        expect(Number(balance)).toBe(FUNDS - spent);
      }
      expect(await checkLedger(db)).toEqual([]);

      // The simulator ran once: no race moved to a status twice, and it went on after the takeover.
      const moves = await db
        .selectFrom('audit_log')
        .select(['target_id', 'details', 'created_at'])
        .where('action', '=', 'racing.race_status')
        .execute();
      const seenMoves = new Set<string>();
      for (const move of moves) {
        const key = `${move.target_id}:${(JSON.parse(move.details) as { to: string }).to}`;
        expect(seenMoves.has(key), `race status move ${key} recorded twice`).toBe(false);
        seenMoves.add(key);
      }
      // Every race event came from the leader of its time: the first leader's, then the next one's, never
      // two at once (the odds and pools publishers and the simulator run on the leader only).
      const senders = published()
        .map((n) => nameOfPid.get(publisherOf.get(n.backendPid) ?? null) ?? 'unknown')
        .filter((name, index, all) => index === 0 || all[index - 1] !== name);
      expect(senders).toEqual([firstLeader.name, nextLeader.name]);
      const demoMovesAfterTakeover = published()
        .slice(beforeKill)
        .flatMap((n) => n.messages)
        .filter((m) => m.type === 'RACE_STATUS' && m.raceId !== race.raceId);
      expect(demoMovesAfterTakeover.length).toBeGreaterThan(0);

      expect(takeoverMs).toBeLessThan(5_000);
      process.stdout.write(
        `cluster kill test: ${acknowledged.length} bets acknowledged (${resent} sent again), ${dropped.length} sockets moved, ` +
          `lease taken over ${Math.round(takeoverMs)} ms and first publish by the new leader ${Math.round(firstPublishMs)} ms after the kill\n`,
      );
    }, 120_000);
  },
);
