import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  manilaDate,
  raceDayLeavesRaceMessage,
  RacingMessages,
  raceStartOffDayMessage,
  tooFewRunnersMessage,
  type GameEvent,
  type GameInfoResponse,
  type Race,
  type RaceInfoResponse,
  type RealtimeMessage,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';

describe(`race card and race control (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  const published: RealtimeMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    t.app.pubsub.subscribe((messages) => published.push(...messages));
  });
  afterAll(async () => {
    await t.close();
  });

  const post = async <T>(url: string, payload: Record<string, unknown>, cookie = admin) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
    return {
      status: response.statusCode,
      body: response.json<T & { statusCode: number; statusMessage?: string; fieldErrors?: Record<string, string> }>(),
    };
  };
  const eventInput = {
    name: 'Metro Turf Race Day',
    arena: 'Metro Turf, Batangas',
    streamUrl: 'karera_live',
    raceDate: '2026-11-22',
    enabledBetTypes: ['TRI', 'DD'],
  };

  async function eventWithRace() {
    const { body } = await post<{ event: GameEvent }>('/api/backoffice/racing/events', {
      ...eventInput,
      name: `Day ${Math.random()}`,
    });
    const race = await post<{ race: Race }>(`/api/backoffice/racing/events/${body.event.id}/races`, {
      raceNo: 1,
      startDateTime: '2026-11-22T06:00:00.000Z',
      enabledBetTypes: ['TRI', 'PICK4'],
    });
    return { event: body.event, race: race.body.race };
  }

  /** Runners 1..count on a race, so it can open betting. */
  async function addField(raceId: number, count: number, from = 1) {
    for (let runnerNo = from; runnerNo < from + count; runnerNo += 1) {
      await post(`/api/backoffice/racing/races/${raceId}/runners`, {
        runnerNo: String(runnerNo),
        horseName: `Horse ${runnerNo}`,
        jockeyName: 'J. Cruz',
      });
    }
  }

  it('refuses to open betting on a race without runners, or with fewer than its bet types need', async () => {
    const { race } = await eventWithRace();
    const open = () => post<{ race: Race }>(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
    const empty = await open();
    expect(empty.status).toBe(409);
    expect(empty.body.statusMessage).toBe(RacingMessages.noRunners);
    // The race offers a Trifecta: three places need three runners.
    await addField(race.raceId, 2);
    const short = await open();
    expect(short.status).toBe(409);
    expect(short.body.statusMessage).toBe(tooFewRunnersMessage(3, 2, 'Trifecta'));
    await addField(race.raceId, 1, 3);
    expect((await open()).body.race.status).toBe('O');
  });

  it('creates an event and races, keeping only the event’s bet types on a race', async () => {
    const { event, race } = await eventWithRace();
    expect(event).toMatchObject({ arena: eventInput.arena, streamUrl: 'karera_live', enabledBetTypes: ['TRI', 'DD'] });
    expect(race).toMatchObject({ raceNo: 1, status: 'A', enabledBetTypes: ['TRI'], runners: [] });
    const duplicate = await post(`/api/backoffice/racing/events/${event.id}/races`, {
      raceNo: 1,
      startDateTime: '2026-11-22T07:00:00Z',
      enabledBetTypes: [],
    });
    expect(duplicate.body.statusMessage).toBe(RacingMessages.raceNoTaken);
    const eleventh = await post(`/api/backoffice/racing/events/${event.id}/races`, {
      raceNo: 11,
      startDateTime: '2026-11-22T07:00:00Z',
      enabledBetTypes: [],
    });
    expect(eleventh.body.fieldErrors?.raceNo).toBe(RacingMessages.raceNo);
  });

  it('refuses a race start on another Manila date than its race day, on create and on reschedule (decision 048)', async () => {
    const { event, race } = await eventWithRace();
    // 23:30 on the 22nd in UTC is 07:30 on the 23rd in Manila: the next day there.
    const nextDay = await post(`/api/backoffice/racing/events/${event.id}/races`, {
      raceNo: 2,
      startDateTime: '2026-11-22T23:30:00Z',
      enabledBetTypes: [],
    });
    expect(nextDay.status).toBe(400);
    const refusal = raceStartOffDayMessage('2026-11-22', '2026-11-22T23:30:00Z');
    expect(refusal).toContain('2026-11-23');
    expect(nextDay.body.statusMessage).toBe(refusal);
    expect(nextDay.body.fieldErrors?.startDateTime).toBe(refusal);
    // 17:00 on the 21st in UTC is 01:00 on the 22nd in Manila: on the race day, though not in UTC.
    const earlyManila = await post<{ race: Race }>(`/api/backoffice/racing/events/${event.id}/races`, {
      raceNo: 2,
      startDateTime: '2026-11-21T17:00:00+00:00',
      enabledBetTypes: [],
    });
    expect(earlyManila.status).toBe(200);
    // Manila's own offset says the same thing: 23:59 there is still the day.
    const lastMinute = await post(`/api/backoffice/racing/events/${event.id}/races`, {
      raceNo: 3,
      startDateTime: '2026-11-22T23:59:00+08:00',
      enabledBetTypes: [],
    });
    expect(lastMinute.status).toBe(200);
    const midnight = await post(`/api/backoffice/racing/events/${event.id}/races`, {
      raceNo: 4,
      startDateTime: '2026-11-23T00:00:00+08:00',
      enabledBetTypes: [],
    });
    expect(midnight.status).toBe(400);

    const reschedule = (startDateTime: string) =>
      post<{ race: Race }>(`/api/backoffice/racing/races/${race.raceId}`, { startDateTime });
    const late = await reschedule('2026-11-22T16:30:00Z');
    expect(late.status).toBe(400);
    expect(late.body.fieldErrors?.startDateTime).toBe(raceStartOffDayMessage('2026-11-22', '2026-11-22T16:30:00Z'));
    const kept = await t.app.inject({ url: `/api/backoffice/racing/events/${event.id}`, headers: { cookie: admin } });
    expect(kept.json<{ races: Race[] }>().races.find((r) => r.raceId === race.raceId)?.startDateTime).toBe(
      '2026-11-22T06:00:00.000Z',
    );
    const moved = await reschedule('2026-11-22T15:30:00Z');
    expect(moved.status).toBe(200);
    expect(moved.body.race.startDateTime).toBe('2026-11-22T15:30:00.000Z');

    // Moving the race day itself would leave its races behind.
    const { body: eventBody } = await post<{ event: GameEvent }>(`/api/backoffice/racing/events/${event.id}`, {
      ...eventInput,
      name: event.name,
      raceDate: '2026-11-23',
    });
    expect(eventBody.statusCode).toBe(400);
    expect(eventBody.fieldErrors?.raceDate).toBe(raceDayLeavesRaceMessage(1, '2026-11-22'));
  });

  it('refuses bad input with field messages', async () => {
    const bad = await post('/api/backoffice/racing/events', {
      name: '',
      arena: ' ',
      streamUrl: 'not a channel!',
      raceDate: '22/11/2026',
      enabledBetTypes: ['W'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({
      name: RacingMessages.nameRequired,
      arena: RacingMessages.arenaRequired,
      streamUrl: RacingMessages.streamUrl,
      raceDate: RacingMessages.raceDate,
    });
    const { race } = await eventWithRace();
    const runner = await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
      runnerNo: '0',
      horseName: '',
      jockeyName: 'J',
    });
    expect(runner.body.fieldErrors).toMatchObject({
      runnerNo: RacingMessages.runnerNo,
      horseName: RacingMessages.horseRequired,
    });
  });

  it('takes a stream address only from a host the Content-Security-Policy lets the live page load', async () => {
    // This server lists no STREAM_HOSTS: a channel name plays, an address could not.
    const refused = await post('/api/backoffice/racing/events', {
      ...eventInput,
      streamUrl: 'https://stream.example.ph/live.m3u8',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ streamUrl: RacingMessages.streamHostNotAllowed });
    const { event } = await eventWithRace();
    const update = await post(`/api/backoffice/racing/events/${event.id}`, {
      ...eventInput,
      streamUrl: 'https://evil.example/live.m3u8',
    });
    expect(update.status).toBe(400);
    const listed = await createTestApp({ STREAM_HOSTS: 'https://stream.example.ph' });
    try {
      const cookie = await staffCookie(listed.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const created = await listed.app.inject({
        method: 'POST',
        url: '/api/backoffice/racing/events',
        payload: { ...eventInput, streamUrl: 'https://stream.example.ph/live.m3u8' },
        headers: { cookie },
      });
      expect(created.statusCode).toBe(200);
      expect(created.json<{ event: GameEvent }>().event.streamUrl).toBe('https://stream.example.ph/live.m3u8');
    } finally {
      await listed.close();
    }
  });

  it('orders runners 1, 1A, 2, 10 and refuses a number twice', async () => {
    const { race } = await eventWithRace();
    for (const runnerNo of ['10', '2', '1a', '1']) {
      const added = await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
        runnerNo,
        horseName: `Horse ${runnerNo}`,
        jockeyName: 'R. Dela Cruz',
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const again = await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
      runnerNo: '2',
      horseName: 'Copy',
      jockeyName: 'X',
    });
    expect(again.body.statusMessage).toBe(RacingMessages.runnerNoTaken);
    const info = await post<RaceInfoResponse>('/api/game/getRaceInfo', { eventId: race.eventId });
    expect(info.body.races[0]?.runners.map((r) => r.runnerNo)).toEqual(['1', '1A', '2', '10']);
    expect(info.body.webSocketUrl).toMatch(/^ws:\/\/.+\/ws$/);
  });

  it('moves a race only along the state machine, audits each move and broadcasts it', async () => {
    const { race } = await eventWithRace();
    await addField(race.raceId, 3);
    const move = (status: string) =>
      post<{ race: Race }>(`/api/backoffice/racing/races/${race.raceId}/status`, { status });
    expect((await move('C')).body.statusMessage).toBe(RacingMessages.transitionRefused);
    for (const status of ['O', 'L', 'C']) expect((await move(status)).body.race.status).toBe(status);
    // Done comes only with the official result (the tote's confirm), never as a bare status.
    expect((await move('D')).body.statusMessage).toBe(RacingMessages.resultRequired);
    const done = await post<{ report: unknown }>(`/api/backoffice/tote/races/${race.raceId}/result/confirm`, {
      finish: [[1]],
      idempotencyKey: 'confirm-state-machine',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(400);
    // On PostgreSQL events arrive through LISTEN/NOTIFY, a moment after the answer. The race's status
    // messages only: the leader's pools publisher announces the new race day's pools (POOLS_UPDATED) on its
    // own clock, whenever its tick falls within the test.
    await expect
      .poll(() => published.filter((m) => m.type === 'RACE_STATUS' && m.raceId === race.raceId), { timeout: 30_000 })
      .toEqual(['O', 'L', 'C'].map((status) => ({ type: 'RACE_STATUS', raceId: race.raceId, status })));
    expect((await move('X')).body.race.status).toBe('X');
    expect((await move('O')).status).toBe(409);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'racing.race_status')
      .where('target_id', '=', String(race.raceId))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => JSON.parse(a.details))).toEqual([
      { from: 'A', to: 'O' },
      { from: 'O', to: 'L' },
      { from: 'L', to: 'C' },
      { from: 'C', to: 'X' },
    ]);
  });

  it('scratches and unscratches until betting closes, broadcasting the odds line', async () => {
    const { race } = await eventWithRace();
    const first = await post<{ race: Race }>(`/api/backoffice/racing/races/${race.raceId}/runners`, {
      runnerNo: '1',
      horseName: 'Bagyo',
      jockeyName: 'J. Santos',
    });
    await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
      runnerNo: '2',
      horseName: 'Kidlat',
      jockeyName: 'P. Reyes',
    });
    const runnerId = first.body.race.runners[0]?.id ?? 0;
    const scratched = await post<{ race: Race }>(`/api/backoffice/racing/runners/${runnerId}/scratch`, {
      scratched: true,
    });
    expect(scratched.body.race.runners[0]).toMatchObject({ status: 'S', odds: null });
    // Not the pools publisher's POOLS_UPDATED of the new race day, which comes on its own clock.
    await expect
      .poll(() => published.filter((m) => m.type !== 'POOLS_UPDATED' && 'raceId' in m && m.raceId === race.raceId), {
        timeout: 30_000,
      })
      .toEqual([{ type: 'UPDATE_ODDS', raceId: race.raceId, odds: [null, null] }]);
    await post(`/api/backoffice/racing/runners/${runnerId}/scratch`, { scratched: false });
    await addField(race.raceId, 1, 3);
    for (const status of ['O', 'C']) await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status });
    const late = await post(`/api/backoffice/racing/runners/${runnerId}/scratch`, { scratched: true });
    expect(late.body.statusMessage).toBe(RacingMessages.raceLocked);
  });

  it('answers getGameInfo with today’s and upcoming race days and getRaceInfo errors clearly', async () => {
    const info = await post<{ events: GameEvent[] }>('/api/game/getGameInfo', {});
    expect(info.status).toBe(200);
    expect(Array.isArray(info.body.events)).toBe(true);
    expect((await post('/api/game/getRaceInfo', { eventId: 999999 })).status).toBe(404);
    expect((await post('/api/game/getRaceInfo', { eventId: '1' })).status).toBe(400);
  });

  it('lists the day’s cards with the card in play first, then the next to start, then the finished', async () => {
    const { year, month, day } = manilaDate(new Date());
    const today = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    async function card(name: string, posts: string[], statuses: Race['status'][][]) {
      const { body } = await post<{ event: GameEvent }>('/api/backoffice/racing/events', {
        ...eventInput,
        name,
        raceDate: today,
      });
      for (const [index, startDateTime] of posts.entries()) {
        const { body: added } = await post<{ race: Race }>(`/api/backoffice/racing/events/${body.event.id}/races`, {
          raceNo: index + 1,
          startDateTime,
          enabledBetTypes: [],
        });
        if ((statuses[index] ?? []).includes('O')) await addField(added.race.raceId, 2);
        for (const status of statuses[index] ?? []) {
          await post(`/api/backoffice/racing/races/${added.race.raceId}/status`, { status });
        }
      }
      return body.event.id;
    }
    // Post times around midday in Manila, whatever the hour the test runs: each race on its race day.
    const noon = Date.parse(`${today}T12:00:00+08:00`);
    const soon = (minutes: number) => new Date(noon + minutes * 60_000).toISOString();
    const finished = await card('Finished card', [soon(-90), soon(-60)], [['X'], ['O', 'X']]);
    const upcoming = await card('Upcoming card', [soon(60), soon(63)], [[], []]);
    const running = await card('Running card', [soon(-5), soon(30)], [['O', 'C'], []]);
    const open = await card('Open card', [soon(10), soon(13)], [['O'], []]);
    const { body } = await post<GameInfoResponse>('/api/game/getGameInfo', {});
    const ours = body.events.filter((event) => [finished, upcoming, running, open].includes(event.id));
    expect(ours.map((event) => [event.name, event.phase])).toEqual([
      ['Open card', 'open'],
      ['Running card', 'running'],
      ['Upcoming card', 'upcoming'],
      ['Finished card', 'finished'],
    ]);
    expect(ours[0]).toMatchObject({ raceCount: 2, nextPostTime: expect.any(String) });
  });

  it('keeps race control to admins', async () => {
    const response = await t.app.inject({ url: '/api/backoffice/racing/events' });
    expect(response.statusCode).toBe(401);
  });
});
