import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  DashboardRoutes,
  decodeFrame,
  manilaDateOf,
  STAFF_AUTH_REFUSED_CODE,
  STAFF_AUTH_REFUSED_REASON,
  STAFF_SOCKET_PATH,
  type DashboardResponse,
  type Race,
  type RealtimeMessage,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { createStaffAccount } from '../../../test/staff-accounts.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, placeBetAs, winRaceDay } from '../../../test/win-race.ts';
import { probeStreamsOnce } from './stream-probes.ts';
import { raceDayDashboard } from './dashboard.service.ts';

const MINUTE = 60_000;

/**
 * The race-day dashboard (decision 038): its figures against hand-worked sums of the bets placed here, the
 * 5-minute rule for pending deposits and players online by a test clock (Date only), the alerts, the staff
 * hello on the live socket, and agents refused.
 */
describe(`race-day dashboard (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let agent: string;
  let post: ReturnType<typeof adminPoster>;
  let players: RegisteredPlayer[];
  let streams: http.Server;
  let streamBase: string;

  beforeAll(async () => {
    streams = http.createServer((request, response) => {
      response.writeHead(request.url === '/live.m3u8' ? 200 : 503).end('#EXTM3U');
    });
    await new Promise<void>((resolve) => streams.listen(0, '127.0.0.1', resolve));
    streamBase = `http://127.0.0.1:${(streams.address() as AddressInfo).port}`;
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    post = adminPoster(t.app, admin);
    const created = await createStaffAccount(t.app, admin, {
      role: 'master_agent',
      username: `da-${randomUUID().slice(0, 6)}`,
      password: 'staff-password-1',
      displayName: 'Agent',
    });
    agent = await staffCookie(t.app, created.username, created.password);
    players = [];
    for (let i = 0; i < 3; i += 1) {
      const player = await registerPlayer(t.app);
      await fundPlayer(t.app, admin, player, 100_000);
      players.push(player);
    }
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => streams?.close(resolve));
  });

  const dashboard = async (cookie = admin) => {
    const response = await t.app.inject({ method: 'GET', url: DashboardRoutes.dashboard, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DashboardResponse>();
  };

  /**
   * A race day dated as its first race (Manila) with races at the given post times, runners 1-4, all open.
   * A race starts on its race day (decision 048): a later post time past that Manila midnight (a test run
   * late in the Manila evening) is brought back to the day's last minutes, keeping the order.
   */
  async function raceDay(name: string, givenPostTimes: number[], betTypes: string[] = []) {
    const first = givenPostTimes[0] ?? Date.now();
    const raceDate = manilaDateOf(new Date(first));
    const dayEnd = Date.parse(`${raceDate}T23:59:59+08:00`);
    const postTimes = givenPostTimes.map((time, index) =>
      index === 0 ? time : Math.min(time, Math.max(first, dayEnd - (givenPostTimes.length - index) * 1000)),
    );
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate,
      enabledBetTypes: betTypes,
    });
    const races: Race[] = [];
    for (const [index, postTime] of postTimes.entries()) {
      const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${event.id}/races`, {
        raceNo: index + 1,
        startDateTime: new Date(postTime).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        enabledBetTypes: betTypes,
      });
      for (const runnerNo of ['1', '2', '3', '4']) {
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo,
          horseName: `Horse ${runnerNo}`,
          jockeyName: 'J. Cruz',
        });
      }
      await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
      races.push(race);
    }
    return { eventId: event.id, raceDate, races };
  }

  async function bet(player: RegisteredPlayer, eventId: number, raceId: number, body: Record<string, unknown>) {
    const placed = await placeBetAs(t.app, player, { eventId, raceId, ...body });
    expect(placed.statusCode, placed.body).toBe(200);
  }

  it('is for admins: no session 401, a master agent 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: DashboardRoutes.dashboard })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: DashboardRoutes.dashboard, headers: { cookie: agent } })).statusCode,
    ).toBe(403);
  });

  it('sums each pool of the races in play and counts their bettors, once per pools state', async () => {
    const now = Date.now();
    const { eventId, raceDate, races } = await raceDay('Figures Day', [now + 60 * MINUTE, now + 90 * MINUTE]);
    const [first, second] = races as [Race, Race];
    const [ana, ben, cora] = players as [RegisteredPlayer, RegisteredPlayer, RegisteredPlayer];
    // Race 1: Win ₱10 + ₱5 + ₱3 (Ana, Ben, Ben) and a Forecast 1-2 at ₱2 (Ana): two bettors.
    await bet(ana, eventId, first.raceId, { amount: 1000 });
    await bet(ben, eventId, first.raceId, { amount: 500 });
    await bet(ben, eventId, first.raceId, { amount: 300, selections: [[2]] });
    await bet(ana, eventId, first.raceId, { betType: 'FC', selections: [[1], [2]], amount: 200 });
    // Race 2: Win ₱2 (Cora).
    await bet(cora, eventId, second.raceId, { amount: 200 });

    const before = t.app.dashboardFigures.computations;
    const answer = await dashboard();
    const mine = answer.races.filter((race) => race.eventId === eventId);
    expect(mine).toEqual([
      {
        raceId: first.raceId,
        eventId,
        eventName: 'Figures Day',
        raceNo: 1,
        status: 'O',
        postTime: expect.any(String),
        bettors: 2,
        turnover: 2000,
        pools: [
          { betType: 'FC', tickets: 1, turnover: 200 },
          { betType: 'W', tickets: 3, turnover: 1800 },
        ],
      },
      {
        raceId: second.raceId,
        eventId,
        eventName: 'Figures Day',
        raceNo: 2,
        status: 'O',
        postTime: expect.any(String),
        bettors: 1,
        turnover: 200,
        pools: [{ betType: 'W', tickets: 1, turnover: 200 }],
      },
    ]);
    expect(Date.parse(mine[0]?.postTime ?? '')).toBe(Math.floor((now + 60 * MINUTE) / 1000) * 1000);
    expect(t.app.dashboardFigures.computations - before).toBeGreaterThanOrEqual(1);

    // The same state again: no ticket is read, however many screens ask.
    const computed = t.app.dashboardFigures.computations;
    await dashboard();
    await dashboard();
    expect(t.app.dashboardFigures.computations).toBe(computed);

    // A bet moves the pools version: read again, and the new ticket counts.
    await bet(cora, eventId, first.raceId, { amount: 700, selections: [[3]] });
    const after = (await dashboard()).races.find((race) => race.raceId === first.raceId);
    expect(t.app.dashboardFigures.computations).toBe(computed + 1);
    expect(after).toMatchObject({ bettors: 3, turnover: 2700 });
    expect(after?.pools).toContainEqual({ betType: 'W', tickets: 4, turnover: 2500 });

    // On its race day's date (its first race's Manila date, the next day when run late in the evening) the
    // dashboard knows a race day is on.
    const noonOfRaceDay = Date.parse(`${raceDate}T12:00:00+08:00`);
    expect((await raceDayDashboard(t.app.db, t.app.dashboardFigures, noonOfRaceDay)).raceDayToday).toBe(true);
  });

  it('leaves the demo crowd out of sales and bettors, as the reports do (decision 047)', async () => {
    const { eventId, races } = await raceDay('Crowd Day', [Date.now() + 60 * MINUTE]);
    const [race] = races as [Race];
    const [ana] = players as [RegisteredPlayer];
    // A simulated bettor: an account flagged as the demo crowd, betting through the same placement path.
    const crowdMember = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, crowdMember, 100_000);
    await t.app.db.updateTable('players').set({ demo_crowd: 1 }).where('id', '=', crowdMember.playerId).execute();

    await bet(ana, eventId, race.raceId, { amount: 1000 });
    await bet(crowdMember, eventId, race.raceId, { amount: 5000 });
    const figures = async () => (await dashboard()).races.find((row) => row.raceId === race.raceId);
    expect(await figures()).toMatchObject({
      bettors: 1,
      turnover: 1000,
      pools: [{ betType: 'W', tickets: 1, turnover: 1000 }],
    });

    // More crowd money moves the pools but not the sales; a real player's bet does.
    await bet(crowdMember, eventId, race.raceId, { amount: 2500, selections: [[2]] });
    expect(await figures()).toMatchObject({ bettors: 1, turnover: 1000 });
    await bet(ana, eventId, race.raceId, { amount: 300, selections: [[3]] });
    expect(await figures()).toMatchObject({
      bettors: 1,
      turnover: 1300,
      pools: [{ betType: 'W', tickets: 2, turnover: 1300 }],
    });
    // The crowd never signs in: the stand-in's session goes, so it is not counted online either.
    await t.app.db.deleteFrom('player_sessions').where('player_id', '=', crowdMember.playerId).execute();
  });

  it("counts a group ticket's members as bettors, each once, and its sales once (decision 056)", async () => {
    const { eventId, races } = await raceDay('Group Day', [Date.now() + 60 * MINUTE]);
    const [race] = races as [Race];
    const [ana, ben, cora] = players as [RegisteredPlayer, RegisteredPlayer, RegisteredPlayer];
    const bakas = async (who: RegisteredPlayer, op: string, body: Record<string, unknown>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/bakas/${op}`,
        payload: { idempotencyKey: randomUUID(), ...body },
        headers: { cookie: who.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ group: { code: string; status: string } }>().group;
    };
    // A ₱40 Win in 4 shares: Ana organises with 1, Ben buys 2 (in two purchases), Cora 1; Cora also bets ₱5.
    const { code } = await bakas(ana, 'create', {
      raceId: race.raceId,
      eventId,
      betType: 'W',
      selections: [[1]],
      amount: 4000,
      shares: 4,
      organiserShares: 1,
      title: 'Barkada',
      feePercent: 0,
      shortfall: 'cancel',
    });
    await bakas(ben, 'join', { code, shares: 1 });
    await bakas(ben, 'join', { code, shares: 1 });
    expect((await bakas(cora, 'join', { code, shares: 1 })).status).toBe('placed');
    await bet(cora, eventId, race.raceId, { amount: 500, selections: [[2]] });
    expect((await dashboard()).races.find((row) => row.raceId === race.raceId)).toMatchObject({
      bettors: 3,
      turnover: 4500,
      pools: [{ betType: 'W', tickets: 2, turnover: 4500 }],
    });
  });

  it('shows carryovers in play from the carryover accounts', async () => {
    await t.app.db
      .insertInto('accounts')
      .values({
        code: 'carryover:TRI',
        kind: 'house',
        player_id: null,
        balance: 123_456,
        may_go_negative: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await dashboard()).carryovers).toContainEqual({ betType: 'TRI', amount: 123_456 });
  });

  it('ages pending payments and turns a deposit red after 5 minutes by the clock, never a withdrawal', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const [ana] = players as [RegisteredPlayer];
    const createdAt = new Date(start).toISOString();
    const request = (kind: 'DEPOSIT' | 'WITHDRAW', amount: number) => ({
      player_id: ana.playerId,
      kind,
      amount,
      channel: 'GCASH',
      account_name: 'Ana',
      account_number: '09170000000',
      created_at: createdAt,
    });
    const rows = await t.app.db
      .insertInto('payment_requests')
      .values([request('DEPOSIT', 50_000), request('WITHDRAW', 20_000)])
      .returning('id')
      .execute();
    const [depositId, withdrawalId] = rows.map((row) => row.id);

    vi.setSystemTime(start + 5 * MINUTE);
    let answer = await dashboard();
    expect(answer.deposits).toEqual({ count: 1, oldestAt: createdAt, late: 0 });
    expect(answer.withdrawals).toEqual({ count: 1, oldestAt: createdAt });
    expect(answer.pending.find((p) => p.id === depositId)).toMatchObject({
      kind: 'DEPOSIT',
      amount: 50_000,
      late: false,
    });

    vi.setSystemTime(start + 5 * MINUTE + 1000);
    answer = await dashboard();
    expect(answer.deposits.late).toBe(1);
    expect(answer.pending.find((p) => p.id === depositId)).toMatchObject({ late: true, playerName: 'Maria Santos' });
    expect(answer.pending.find((p) => p.id === withdrawalId)).toMatchObject({ kind: 'WITHDRAW', late: false });
    expect(answer.now).toBe(new Date(start + 5 * MINUTE + 1000).toISOString());
  });

  it('counts players whose session was used in the last 5 minutes, whichever instance they used', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const online = await dashboard();
    // The three players of this suite signed in moments ago; a second session of one counts once.
    await t.app.db
      .insertInto('player_sessions')
      .values({
        token_hash: randomUUID(),
        player_id: players[0]?.playerId ?? 0,
        created_at: new Date(start).toISOString(),
        last_seen_at: new Date(start).toISOString(),
        expires_at: new Date(start + 60 * MINUTE).toISOString(),
        revoked_at: null,
        ip: null,
        user_agent: null,
      })
      .execute();
    expect((await dashboard()).playersOnline).toBe(online.playersOnline);
    expect(online.playersOnline).toBe(3);
    vi.setSystemTime(start + 6 * MINUTE);
    expect((await dashboard()).playersOnline).toBe(0);
  });

  it('alerts on a race past its post time still open, a result whose settlement stopped, and a stream down', async () => {
    const now = Date.now();
    const late = await raceDay('Late Day', [now - 10 * MINUTE]);
    const lateRace = late.races[0] as Race;
    const settled = await raceDay('Stopped Day', [now + 30 * MINUTE]);
    const stoppedRace = settled.races[0] as Race;
    const [ana] = players as [RegisteredPlayer];
    await bet(ana, settled.eventId, stoppedRace.raceId, { amount: 400 });
    // A result recorded (race done) but the pools never paid: what a crash between the two leaves.
    await post(`/api/backoffice/racing/races/${stoppedRace.raceId}/status`, { status: 'C' });
    await t.app.db.updateTable('races').set({ status: 'D' }).where('id', '=', stoppedRace.raceId).execute();
    await t.app.db
      .insertInto('race_results')
      .values({
        race_id: stoppedRace.raceId,
        finish: JSON.stringify([[1], [2], [3]]),
        official_dividends: '[]',
        confirmed_by: 'staff:1',
        confirmed_at: new Date(now - 2 * MINUTE).toISOString(),
      })
      .execute();
    // Streams: one answering 200, one 503.
    const upDay = await raceDay('Stream Up Day', [now + 60 * MINUTE]);
    const downDay = await raceDay('Stream Down Day', [now + 60 * MINUTE]);
    await t.app.db
      .updateTable('game_events')
      .set({ stream_url: `${streamBase}/live.m3u8` })
      .where('id', '=', upDay.eventId)
      .execute();
    await t.app.db
      .updateTable('game_events')
      .set({ stream_url: `${streamBase}/gone.m3u8` })
      .where('id', '=', downDay.eventId)
      .execute();
    await probeStreamsOnce(t.app.db);

    const alerts = (await dashboard()).alerts;
    expect(alerts).toContainEqual(
      expect.objectContaining({ kind: 'POST_TIME_PASSED', raceId: lateRace.raceId, eventName: 'Late Day', raceNo: 1 }),
    );
    expect(alerts).toContainEqual(
      expect.objectContaining({ kind: 'SETTLEMENT_UNCONFIRMED', raceId: stoppedRace.raceId, eventId: settled.eventId }),
    );
    expect(alerts).toContainEqual(
      expect.objectContaining({
        kind: 'STREAM_DOWN',
        raceId: downDay.races[0]?.raceId,
        eventId: downDay.eventId,
        detail: 'HTTP 503',
      }),
    );
    expect(alerts.filter((alert) => alert.eventId === upDay.eventId)).toEqual([]);

    // Settlement finished, the late race closed, the stream back: no alert left for them.
    await t.app.onRaceCancelled(stoppedRace.raceId);
    await post(`/api/backoffice/racing/races/${lateRace.raceId}/status`, { status: 'C' });
    await t.app.db
      .updateTable('game_events')
      .set({ stream_url: `${streamBase}/live.m3u8` })
      .where('id', '=', downDay.eventId)
      .execute();
    await probeStreamsOnce(t.app.db);
    const cleared = (await dashboard()).alerts;
    const ids = new Set([lateRace.raceId, stoppedRace.raceId, downDay.races[0]?.raceId]);
    expect(cleared.filter((alert) => ids.has(alert.raceId))).toEqual([]);
  });

  describe('the staff hello on the live socket', () => {
    let url: string;
    beforeAll(async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      url = `${address.replace('http', 'ws')}${STAFF_SOCKET_PATH}`;
    });

    function open(cookie?: string) {
      const socket = new WebSocket(url, cookie ? { headers: { cookie } } : {});
      const received: RealtimeMessage[] = [];
      socket.on('message', (data: Buffer) => received.push(...decodeFrame(data.toString())));
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      const opened = new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      const until = async (match: (m: RealtimeMessage) => boolean) => {
        const deadline = Date.now() + 8000;
        while (!received.some(match)) {
          if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(received)}`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      };
      return { socket, received, closed, opened, until };
    }

    it('is refused with a clear code without a staff session, a player’s session included', async () => {
      for (const cookie of [undefined, players[0]?.cookie, 'karera_staff=forged-token']) {
        const client = open(cookie);
        await client.opened;
        client.socket.send('STAFF_CONNECT');
        expect(await client.closed).toEqual({ code: STAFF_AUTH_REFUSED_CODE, reason: STAFF_AUTH_REFUSED_REASON });
      }
    });

    it('is accepted with a staff session: the races in play, then status and pools changes as bets land', async () => {
      const { eventId, races } = await raceDay('Socket Day', [Date.now() + 60 * MINUTE]);
      const race = races[0] as Race;
      const client = open(admin);
      await client.opened;
      client.socket.send('STAFF_CONNECT');
      await client.until((m) => m.type === 'RACE_STATUS' && m.raceId === race.raceId && m.status === 'O');
      await bet(players[1] as RegisteredPlayer, eventId, race.raceId, { amount: 100 });
      await client.until((m) => m.type === 'POOLS_UPDATED' && m.raceId === race.raceId);
      client.socket.close();
      await client.closed;
    });
  });
});

/** Decision 030: the figures come from the database, so every instance answers the same. */
describe.skipIf(testDialect !== 'postgres')('race-day dashboard on two instances of one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  let admin: string;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ DATABASE_URL: first.databaseEnv.DATABASE_URL ?? '' });
    admin = await staffCookie(first.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const dashboardOf = async (t: TestApp) => {
    const response = await t.app.inject({ method: 'GET', url: DashboardRoutes.dashboard, headers: { cookie: admin } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DashboardResponse>();
  };

  it('counts players online and a race’s turnover the same whichever instance the players and staff use', async () => {
    const onFirst = await registerPlayer(first.app);
    const onSecond = await registerPlayer(second.app);
    await fundPlayer(first.app, admin, onSecond, 10_000);
    const day = await winRaceDay(first.app, admin, 'Two Instances Dashboard');
    const placed = await placeBetAs(second.app, onSecond, { raceId: day.raceId, eventId: day.eventId, amount: 300 });
    expect(placed.statusCode, placed.body).toBe(200);
    for (const instance of [first, second]) {
      const answer = await dashboardOf(instance);
      expect(answer.playersOnline).toBe(2);
      expect(answer.races.find((race) => race.raceId === day.raceId)).toMatchObject({ turnover: 300, bettors: 1 });
    }
    expect(onFirst.playerId).not.toBe(onSecond.playerId);
  });
});
