import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import WebSocket from 'ws';
import {
  decodeFrame,
  inboxChangesIn,
  INVALID_AUTH_REASON,
  NotificationRoutes,
  StaffSecurityRoutes,
  type Race,
  type RealtimeMessage,
} from '@karera/shared';
import {
  createTestApp,
  createTestDatabase,
  staffCookie,
  TEST_ADMIN,
  TEST_ADMIN_TOTP_SECRET,
  testDialect,
  type TestApp,
  type TestDatabase,
} from '../../../test/test-app.ts';
import { totpCodeForStep, totpStepAt } from '../staff/index.ts';
import { raiseNotices, type NoticeRequest } from '../notifications/index.ts';
import { call, registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';

/** A socket that collects every message it receives, and can wait for one that matches. */
function liveClient(url: string, cookie?: string) {
  const socket = new WebSocket(url, cookie ? { headers: { cookie } } : {});
  const received: RealtimeMessage[] = [];
  /** Every frame as sent, for the messages outside the race codec (INBOX_CHANGED). */
  const frames: string[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data: Buffer) => {
    frames.push(data.toString());
    received.push(...decodeFrame(data.toString()));
    for (const wake of waiters.splice(0)) wake();
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return {
    socket,
    received,
    frames,
    opened,
    closed,
    async until(match: (m: RealtimeMessage) => boolean, timeoutMs = 30_000): Promise<RealtimeMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

async function raceWithRunners(app: TestApp['app'], admin: string): Promise<Race> {
  const post = (url: string, payload: Record<string, unknown>) =>
    app
      .inject({ method: 'POST', url, payload, headers: { cookie: admin } })
      .then((r) => r.json<{ race: Race; event: { id: number } }>());
  const { event } = await post('/api/backoffice/racing/events', {
    name: 'Live Day',
    arena: 'San Lazaro',
    streamUrl: '',
    raceDate: '2026-11-22',
    enabledBetTypes: [],
  });
  await post(`/api/backoffice/racing/events/${event.id}/races`, {
    raceNo: 1,
    startDateTime: '2026-11-22T06:00:00Z',
    enabledBetTypes: [],
  });
  const { race } = await post(`/api/backoffice/racing/events/${event.id}/races`, {
    raceNo: 2,
    startDateTime: '2026-11-22T06:30:00Z',
    enabledBetTypes: [],
  });
  await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
    runnerNo: '1',
    horseName: 'Bagyo',
    jockeyName: 'J. Santos',
  });
  return (
    await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
      runnerNo: '2',
      horseName: 'Kidlat',
      jockeyName: 'P. Reyes',
    })
  ).race;
}

describe(`live socket (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let url: string;
  let player: RegisteredPlayer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/ws`;
    player = await registerPlayer(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('closes a socket whose GAME_CONNECT does not authenticate, with the spec reason', async () => {
    for (const hello of [`GAME_CONNECT:${player.playerId}:not-a-session`, 'GAME_CONNECT:1:cookie', 'HELLO']) {
      const client = liveClient(url);
      await client.opened;
      client.socket.send(hello);
      expect(await client.closed).toEqual({ code: 4001, reason: INVALID_AUTH_REASON });
    }
    // A real cookie, but someone else's player id.
    const other = liveClient(url, player.cookie);
    await other.opened;
    other.socket.send(`GAME_CONNECT:${player.playerId + 1000}:cookie`);
    expect((await other.closed).reason).toBe(INVALID_AUTH_REASON);
  });

  it('pushes status and odds changes to every connected player, one frame per broadcast', async () => {
    const race = await raceWithRunners(t.app, admin);
    const viaCookie = liveClient(url, player.cookie);
    const viaToken = liveClient(url);
    await Promise.all([viaCookie.opened, viaToken.opened]);
    viaCookie.socket.send(`GAME_CONNECT:${player.playerId}:cookie`);
    viaToken.socket.send(`GAME_CONNECT:${player.playerId}:${player.login.sessionId}`);
    // Each accepted socket first gets the races in play, this one included.
    for (const client of [viaCookie, viaToken]) {
      expect(await client.until((m) => m.type === 'RACE_STATUS' && m.raceId === race.raceId)).toMatchObject({
        status: 'A',
      });
      client.received.length = 0;
    }

    await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/racing/races/${race.raceId}/status`,
      payload: { status: 'O' },
      headers: { cookie: admin },
    });
    for (const client of [viaCookie, viaToken]) {
      expect(await client.until((m) => m.type === 'RACE_STATUS' && m.raceId === race.raceId)).toEqual({
        type: 'RACE_STATUS',
        raceId: race.raceId,
        status: 'O',
      });
    }
    const runnerId = race.runners[0]?.id ?? 0;
    await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/racing/runners/${runnerId}/scratch`,
      payload: { scratched: true },
      headers: { cookie: admin },
    });
    expect(await viaCookie.until((m) => m.type === 'UPDATE_ODDS')).toEqual({
      type: 'UPDATE_ODDS',
      raceId: race.raceId,
      odds: [null, null],
    });
    viaCookie.socket.close();
    viaToken.socket.close();
    await Promise.all([viaCookie.closed, viaToken.closed]);
  });
});

describe.runIf(testDialect === 'postgres')('two server processes on one PostgreSQL database', () => {
  const serverDir = path.resolve(import.meta.dirname, '../../../');
  let database: TestDatabase;
  const children: ChildProcess[] = [];

  function startServer(extraEnv: Record<string, string>): Promise<string> {
    const child = spawn(process.execPath, ['start.mjs', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        ...database.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DEMO: '0',
        ADMIN_PASSWORD: TEST_ADMIN.password,
        ADMIN_TOTP_SECRET: TEST_ADMIN_TOTP_SECRET,
        WEB_DIST_DIR: '/nonexistent',
        ...extraEnv,
      },
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (child) => new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null))),
      ),
    );
    await database.drop();
  });

  it('delivers a change made through one process to sockets on the other', async () => {
    // Start one after the other: the first runs the migrations.
    const first = await startServer({});
    const second = await startServer({});
    const api = (base: string, route: string, body: unknown, cookie?: string) =>
      fetch(`${base}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });

    const login = await api(first, '/api/backoffice/auth/login', {
      username: TEST_ADMIN.username,
      password: TEST_ADMIN.password,
    });
    const signInStep = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const code = totpCodeForStep(TEST_ADMIN_TOTP_SECRET, totpStepAt(Date.now()));
    const codeStep = await api(first, StaffSecurityRoutes.code, { code }, signInStep);
    const admin = (codeStep.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const event = (await (
      await api(
        first,
        '/api/backoffice/racing/events',
        { name: 'Two', arena: 'Metro Turf', streamUrl: '', raceDate: '2026-11-22', enabledBetTypes: [] },
        admin,
      )
    ).json()) as { event: { id: number } };
    const created = (await (
      await api(
        first,
        `/api/backoffice/racing/events/${event.event.id}/races`,
        { raceNo: 1, startDateTime: '2026-11-22T06:00:00Z', enabledBetTypes: [] },
        admin,
      )
    ).json()) as { race: Race };
    // Two runners: the fewest a race opens betting with.
    for (const runnerNo of ['1', '2']) {
      await api(
        first,
        `/api/backoffice/racing/races/${created.race.raceId}/runners`,
        { runnerNo, horseName: `Horse ${runnerNo}`, jockeyName: 'J. Cruz' },
        admin,
      );
    }

    // A player connected to the second process.
    const mobileNo = `0919${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const registered = (await (
      await api(second, '/api/user/register', {
        mobileNo,
        firstName: 'Ana',
        lastName: 'Cruz',
        password: 'secret-1',
        confirmPassword: 'secret-1',
        acceptTerms: true,
      })
    ).json()) as { playerId: number };
    const outbox = (await (
      await fetch(`${first}/api/backoffice/sms-outbox?q=${mobileNo}`, { headers: { cookie: admin } })
    ).json()) as { messages: { message: string }[] };
    const otp = /\b(\d{6})\b/.exec(outbox.messages[0]?.message ?? '')?.[1];
    const verified = await api(second, '/api/user/otp', { otp, playerId: registered.playerId, type: 'P' });
    const playerCookie = (verified.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    const client = liveClient(`${second.replace('http', 'ws')}/ws`, playerCookie);
    await client.opened;
    client.socket.send(`GAME_CONNECT:${registered.playerId}:cookie`);
    // The snapshot of races in play says the socket is authenticated and listening.
    await client.until((m) => m.type === 'RACE_STATUS' && m.raceId === created.race.raceId && m.status === 'A');
    await api(first, `/api/backoffice/racing/races/${created.race.raceId}/status`, { status: 'O' }, admin);
    expect(await client.until((m) => m.type === 'RACE_STATUS' && m.status === 'O')).toEqual({
      type: 'RACE_STATUS',
      raceId: created.race.raceId,
      status: 'O',
    });
    client.socket.close();
    // A ceiling, not a wait: two cold server processes took over a minute to start with both cores busy.
  }, 180_000);
});

describe(`live socket sessions at each heartbeat (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let url: string;

  beforeAll(async () => {
    // A socket that misses one pong is dropped at the next beat: a beat far shorter than a second would drop
    // this process's own sockets whenever a busy machine stalls its event loop that long.
    t = await createTestApp({}, { realtime: { heartbeatMs: 1_000 } });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/ws`;
    await raceWithRunners(t.app, admin);
  });
  afterAll(async () => {
    await t.close();
  });

  const connected = async (player: RegisteredPlayer) => {
    const client = liveClient(url, player.cookie);
    await client.opened;
    client.socket.send(`GAME_CONNECT:${player.playerId}:cookie`);
    await client.until((m) => m.type === 'RACE_STATUS');
    return client;
  };

  it('closes a socket once its session has ended elsewhere, with the spec reason', async () => {
    const player = await registerPlayer(t.app);
    const client = await connected(player);
    expect((await call(t.app, 'logout', {}, player.cookie)).statusCode).toBe(200);
    expect(await client.closed).toEqual({ code: 4001, reason: INVALID_AUTH_REASON });
  });

  it('counts watching as activity: the idle clock of the socket’s session moves with no call', async () => {
    const player = await registerPlayer(t.app);
    const client = await connected(player);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await sql`update player_sessions set last_seen_at = ${twoHoursAgo} where player_id = ${player.playerId}`.execute(
      t.app.db,
    );
    const lastSeen = async () =>
      (
        await sql<{
          last_seen_at: string;
        }>`select last_seen_at from player_sessions where player_id = ${player.playerId}`.execute(t.app.db)
      ).rows[0]?.last_seen_at ?? '';
    // A minute on, the session is due to be read again (SQLite remembers it until then).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      await expect.poll(lastSeen, { timeout: 30_000, interval: 50 }).not.toBe(twoHoursAgo);
      expect(Date.parse(await lastSeen())).toBeGreaterThan(Date.now() - 60_000);
    } finally {
      vi.useRealTimers();
    }
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close();
  });

  it("tells a player's socket its unread count and to read its balance once it is live, so what changed before reaches the screen", async () => {
    const reader = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    const deposit = (playerId: number): NoticeRequest => ({
      playerId,
      kind: 'deposit.approved',
      params: { amount: '₱100.00' },
      linkPath: '/history?type=wallet',
      dedupeKey: `deposit:${crypto.randomUUID()}`,
    });
    const raise = (requests: NoticeRequest[]) => t.app.db.transaction().execute((trx) => raiseNotices(trx, requests));
    const unread = async (p: RegisteredPlayer) =>
      (await t.app.inject({ url: NotificationRoutes.unread, headers: { cookie: p.cookie } })).json<{ unread: number }>()
        .unread;
    // Two notices reach the inbox while no socket of the player is open.
    await raise([deposit(reader.playerId), deposit(reader.playerId)]);
    await expect.poll(() => unread(reader), { timeout: 30_000 }).toBe(2);

    const counts = (client: ReturnType<typeof liveClient>) =>
      client.frames.flatMap((frame) => inboxChangesIn(frame)).map((m) => [m.playerId, m.unread]);
    const readerSocket = await connected(reader);
    const otherSocket = await connected(other);
    await expect.poll(() => counts(readerSocket), { timeout: 30_000 }).toEqual([[reader.playerId, 2]]);
    // And to read its balance again: a change made before the socket was live never reached it.
    expect(readerSocket.frames).toContain(`BALANCE_CHANGED:${reader.playerId}`);
    await expect.poll(() => counts(otherSocket), { timeout: 30_000 }).toEqual([[other.playerId, 0]]);

    // Live from then on: the next notice's count, to its player only.
    await raise([deposit(reader.playerId)]);
    await expect
      .poll(() => counts(readerSocket), { timeout: 30_000 })
      .toEqual([
        [reader.playerId, 2],
        [reader.playerId, 3],
      ]);
    expect(counts(otherSocket)).toEqual([[other.playerId, 0]]);
    readerSocket.socket.close();
    otherSocket.socket.close();
  });
});
