import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLACKBOOK_NOTE_MAX,
  BlackbookMessages,
  BlackbookRoutes,
  manilaDayOf,
  RacingAdminRoutes,
  RacingMessages,
  type BlackbookResponse,
  type EventReplaysResponse,
  type Race,
  type RaceFollowsResponse,
  type RaceReplayResponse,
} from '@karera/shared';
import { registerPlayer } from '../../../test/player-flow.ts';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { followersOfRunner } from './index.ts';

/** The blackbook (issue 34 §5): follows with notes, followed runners today, and privacy between players. */
describe(`the blackbook (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let playerA: { playerId: number; cookie: string };
  let playerB: { playerId: number; cookie: string };
  let race: Race;
  let horseId: number;
  let jockeyId: number;
  let trainerId: number;
  let otherHorseId: number;
  const today = manilaDayOf(new Date());

  const staffPost = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });
  const as = (cookie: string) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, payload, headers: { cookie } }),
  });
  const listOf = async (cookie: string) => {
    const response = await as(cookie).get(BlackbookRoutes.list);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BlackbookResponse>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    playerA = await registerPlayer(t.app);
    playerB = await registerPlayer(t.app);
    const event = await staffPost('/api/backoffice/racing/events', {
      name: 'Blackbook day',
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: today,
      enabledBetTypes: [],
    });
    expect(event.statusCode, event.body).toBe(200);
    const eventId = event.json<{ event: { id: number } }>().event.id;
    const made = await staffPost(`/api/backoffice/racing/events/${eventId}/races`, {
      raceNo: 1,
      startDateTime: `${today}T23:30:00+08:00`,
      enabledBetTypes: [],
    });
    expect(made.statusCode, made.body).toBe(200);
    race = made.json<{ race: Race }>().race;
    for (const [runnerNo, horseName, jockeyName] of [
      ['1', 'Blackbook Bagyo', 'J. Blackbook'],
      ['2', 'Blackbook Kidlat', 'R. Other'],
    ] as const) {
      const added = await staffPost(`/api/backoffice/racing/races/${race.raceId}/runners`, {
        runnerNo,
        horseName,
        jockeyName,
      });
      expect(added.statusCode, added.body).toBe(200);
      race = added.json<{ race: Race }>().race;
    }
    const db = t.app.db;
    const now = new Date().toISOString();
    const trainer = await db
      .insertInto('trainers')
      .values({ name: 'T. Blackbook', licence_no: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    trainerId = trainer.id;
    const horse = await db
      .selectFrom('horses')
      .select('id')
      .where('name', '=', 'Blackbook Bagyo')
      .executeTakeFirstOrThrow();
    horseId = horse.id;
    const other = await db
      .selectFrom('horses')
      .select('id')
      .where('name', '=', 'Blackbook Kidlat')
      .executeTakeFirstOrThrow();
    otherHorseId = other.id;
    await db.updateTable('horses').set({ trainer_id: trainerId }).where('id', '=', otherHorseId).execute();
    const jockey = await db
      .selectFrom('jockeys')
      .select('id')
      .where('name', '=', 'J. Blackbook')
      .executeTakeFirstOrThrow();
    jockeyId = jockey.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('follows a horse with a note, lists it, and shows its runner in today’s races', async () => {
    const followed = await as(playerA.cookie).post(BlackbookRoutes.follow, {
      kind: 'horse',
      id: horseId,
      note: '  Likes a soft track  ',
    });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json<{ statusMessage: string }>().statusMessage).toBe(BlackbookMessages.followed);
    const list = await listOf(playerA.cookie);
    expect(list.today).toBe(today);
    expect(list.follows).toEqual([
      {
        kind: 'horse',
        id: horseId,
        name: 'Blackbook Bagyo',
        note: 'Likes a soft track',
        followedAt: expect.any(String),
      },
    ]);
    expect(list.followedToday).toEqual([
      {
        runnerId: race.runners[0]?.id,
        runnerNo: '1',
        horseName: 'Blackbook Bagyo',
        jockeyName: 'J. Blackbook',
        trainerName: null,
        runnerStatus: 'A',
        followedFor: ['horse'],
        raceId: race.raceId,
        raceNo: 1,
        raceStatus: race.status,
        postTime: race.startDateTime,
        eventId: race.eventId,
        eventName: 'Blackbook day',
      },
    ]);
  });

  it('changes a note, keeps it when followed again without one, and clears it when emptied', async () => {
    const changed = await as(playerA.cookie).post(BlackbookRoutes.follow, { kind: 'horse', id: horseId, note: 'Fast' });
    expect(changed.json<{ statusMessage: string }>().statusMessage).toBe(BlackbookMessages.noteSaved);
    await as(playerA.cookie).post(BlackbookRoutes.follow, { kind: 'horse', id: horseId });
    expect((await listOf(playerA.cookie)).follows[0]?.note).toBe('Fast');
    await as(playerA.cookie).post(BlackbookRoutes.follow, { kind: 'horse', id: horseId, note: '' });
    expect((await listOf(playerA.cookie)).follows[0]?.note).toBeNull();
  });

  it('refuses a note too long, an unknown kind or field, and a subject not on record', async () => {
    const long = await as(playerA.cookie).post(BlackbookRoutes.follow, {
      kind: 'horse',
      id: horseId,
      note: 'x'.repeat(BLACKBOOK_NOTE_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(BlackbookMessages.noteTooLong);
    const kind = await as(playerA.cookie).post(BlackbookRoutes.follow, { kind: 'owner', id: horseId });
    expect(kind.statusCode).toBe(400);
    const extra = await as(playerA.cookie).post(BlackbookRoutes.follow, { kind: 'horse', id: horseId, colour: 'bay' });
    expect(extra.statusCode).toBe(400);
    const missing = await as(playerA.cookie).post(BlackbookRoutes.follow, { kind: 'jockey', id: 2 ** 31 - 2 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ statusMessage: string }>().statusMessage).toBe(BlackbookMessages.subjectNotFound);
    const signedOut = await t.app.inject({ method: 'GET', url: BlackbookRoutes.list });
    expect(signedOut.statusCode).toBe(401);
  });

  it('marks a runner for its followed jockey and trainer too, on the race and in today’s list', async () => {
    await as(playerA.cookie).post(BlackbookRoutes.follow, { kind: 'jockey', id: jockeyId });
    await as(playerA.cookie).post(BlackbookRoutes.follow, { kind: 'trainer', id: trainerId, note: 'Stable in form' });
    const marks = await as(playerA.cookie).get(BlackbookRoutes.raceFollows(race.raceId));
    expect(marks.statusCode, marks.body).toBe(200);
    expect(
      marks.json<RaceFollowsResponse>().runners.map(({ runnerId, horseId: horse, followedFor }) => ({
        runnerId,
        horse,
        followedFor,
      })),
    ).toEqual([
      { runnerId: race.runners[0]?.id, horse: horseId, followedFor: ['horse', 'jockey'] },
      { runnerId: race.runners[1]?.id, horse: otherHorseId, followedFor: ['trainer'] },
    ]);
    const list = await listOf(playerA.cookie);
    expect(list.follows.map((entry) => [entry.kind, entry.name])).toEqual([
      ['trainer', 'T. Blackbook'],
      ['jockey', 'J. Blackbook'],
      ['horse', 'Blackbook Bagyo'],
    ]);
    expect(list.followedToday.map((runner) => [runner.runnerNo, runner.followedFor, runner.trainerName])).toEqual([
      ['1', ['horse', 'jockey'], null],
      ['2', ['trainer'], 'T. Blackbook'],
    ]);
  });

  it('answers the players following a runner’s horse, jockey or trainer (for entry and scratching notices)', async () => {
    await as(playerB.cookie).post(BlackbookRoutes.follow, { kind: 'horse', id: horseId });
    const first = race.runners[0]?.id ?? 0;
    expect(await followersOfRunner(t.app.db, first)).toEqual(
      [
        { playerId: playerA.playerId, followedFor: ['horse', 'jockey'] },
        { playerId: playerB.playerId, followedFor: ['horse'] },
      ].sort((a, b) => a.playerId - b.playerId),
    );
    expect(await followersOfRunner(t.app.db, race.runners[1]?.id ?? 0)).toEqual([
      { playerId: playerA.playerId, followedFor: ['trainer'] },
    ]);
    expect(await followersOfRunner(t.app.db, 2 ** 31 - 2)).toEqual([]);
  });

  it('keeps each list private: no id in the path or body reads or changes another player’s', async () => {
    const listB = await listOf(playerB.cookie);
    expect(listB.follows.map((entry) => [entry.kind, entry.id])).toEqual([['horse', horseId]]);
    expect(listB.follows[0]?.note).toBeNull();
    // Another player's id in the body is refused (the session guard or the strict body), never read.
    for (const extra of [{ playerId: playerB.playerId }, { playerId: String(playerB.playerId) }]) {
      const follow = await as(playerA.cookie).post(BlackbookRoutes.follow, {
        kind: 'horse',
        id: otherHorseId,
        note: 'planted',
        ...extra,
      });
      expect([400, 401]).toContain(follow.statusCode);
      const unfollow = await as(playerA.cookie).post(BlackbookRoutes.unfollow, {
        kind: 'horse',
        id: horseId,
        ...extra,
      });
      expect([400, 401]).toContain(unfollow.statusCode);
    }
    // A query naming another player is not read: A sees A's own list.
    const byQuery = await as(playerA.cookie).get(`${BlackbookRoutes.list}?playerId=${playerB.playerId}`);
    expect(byQuery.json<BlackbookResponse>().follows.map((entry) => entry.kind)).toEqual([
      'trainer',
      'jockey',
      'horse',
    ]);
    // B follows horse 2 alone: A unfollowing it changes nothing of B's.
    await as(playerB.cookie).post(BlackbookRoutes.follow, { kind: 'horse', id: otherHorseId, note: 'B only' });
    const notMine = await as(playerA.cookie).post(BlackbookRoutes.unfollow, { kind: 'horse', id: otherHorseId });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json<{ statusMessage: string }>().statusMessage).toBe(BlackbookMessages.notFollowed);
    // A's note on the same horse as B's changes A's row only.
    await as(playerA.cookie).post(BlackbookRoutes.follow, { kind: 'horse', id: horseId, note: 'A note' });
    const afterB = await listOf(playerB.cookie);
    expect(afterB.follows.map((entry) => [entry.id, entry.note])).toEqual([
      [otherHorseId, 'B only'],
      [horseId, null],
    ]);
    // The race marks are the caller's own.
    const marksB = await as(playerB.cookie).get(BlackbookRoutes.raceFollows(race.raceId));
    expect(marksB.json<RaceFollowsResponse>().runners.map((runner) => runner.followedFor)).toEqual([
      ['horse'],
      ['horse'],
    ]);
    // Unfollowing is A's own row; B still follows the horse.
    const unfollowed = await as(playerA.cookie).post(BlackbookRoutes.unfollow, { kind: 'horse', id: horseId });
    expect(unfollowed.statusCode, unfollowed.body).toBe(200);
    expect((await listOf(playerA.cookie)).follows.map((entry) => entry.kind)).toEqual(['trainer', 'jockey']);
    expect((await listOf(playerB.cookie)).follows.map((entry) => entry.id)).toEqual([otherHorseId, horseId]);
  });
});

/** Replays (issue 34 §4): a finished race's recorded run or its replay video, 404 when there is neither. */
describe(`a race's replay (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let race: Race;
  let operatorRace: Race;

  beforeAll(async () => {
    t = await createTestApp({ STREAM_HOSTS: 'https://stream.example.ph' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const post = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });
    const event = await post('/api/backoffice/racing/events', {
      name: 'Replay day',
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-20',
      enabledBetTypes: [],
    });
    const eventId = event.json<{ event: { id: number } }>().event.id;
    const made = await post(`/api/backoffice/racing/events/${eventId}/races`, {
      raceNo: 1,
      startDateTime: '2026-11-20T06:00:00Z',
      enabledBetTypes: [],
    });
    race = made.json<{ race: Race }>().race;
    for (const [runnerNo, horseName] of [
      ['2', 'Replay Kidlat'],
      ['1', 'Replay Bagyo'],
    ] as const) {
      const added = await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
        runnerNo,
        horseName,
        jockeyName: 'J. Replay',
      });
      race = added.json<{ race: Race }>().race;
    }
    const second = await post(`/api/backoffice/racing/events/${eventId}/races`, {
      raceNo: 2,
      startDateTime: '2026-11-20T07:00:00Z',
      enabledBetTypes: [],
    });
    operatorRace = second.json<{ race: Race }>().race;
  });
  afterAll(async () => {
    await t?.close();
  });

  const replayOf = (raceId: number) => t.app.inject({ method: 'GET', url: BlackbookRoutes.raceReplay(raceId) });

  it('is not found for an unknown race, one not finished, or a finished one without a run or video', async () => {
    expect((await replayOf(2 ** 31 - 2)).statusCode).toBe(404);
    expect((await replayOf(race.raceId)).statusCode).toBe(404);
    await t.app.db.updateTable('races').set({ status: 'D' }).where('id', '=', race.raceId).execute();
    const none = await replayOf(race.raceId);
    expect(none.statusCode).toBe(404);
    expect(none.json<{ statusMessage: string }>().statusMessage).toBe(BlackbookMessages.replayNotFound);
    expect((await t.app.inject({ method: 'GET', url: '/api/game/races/02/replay' })).statusCode).toBe(400);
    const listed = await t.app.inject({ method: 'GET', url: BlackbookRoutes.eventReplays(race.eventId) });
    expect(listed.json<EventReplaysResponse>().races).toEqual([]);
  });

  it('answers the recorded run and the runners of a finished demo race', async () => {
    await t.app.db
      .insertInto('demo_race_runs')
      .values({
        race_id: race.raceId,
        started_at: '2026-11-20T06:00:00.000Z',
        duration_ms: 40_000,
        seed: 1234,
        runner_order: '2,1',
      })
      .execute();
    const response = await replayOf(race.raceId);
    expect(response.statusCode, response.body).toBe(200);
    const replay = response.json<RaceReplayResponse>();
    expect(replay).toMatchObject({
      raceId: race.raceId,
      raceNo: 1,
      eventName: 'Replay day',
      raceDate: '2026-11-20',
      run: { durationMs: 40_000, seed: 1234, order: ['2', '1'] },
      videoUrl: null,
    });
    expect(replay.runners.map((runner) => [runner.runnerNo, runner.horseName])).toEqual([
      ['1', 'Replay Bagyo'],
      ['2', 'Replay Kidlat'],
    ]);
    const listed = await t.app.inject({ method: 'GET', url: BlackbookRoutes.eventReplays(race.eventId) });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<EventReplaysResponse>().races).toEqual([{ raceId: race.raceId, raceNo: 1 }]);
  });

  it('answers an operator race’s replay video from an allowed stream host, set and removed in the race form', async () => {
    const setReplay = (replayUrl: string) =>
      t.app.inject({
        method: 'POST',
        url: RacingAdminRoutes.race(operatorRace.raceId),
        payload: { replayUrl },
        headers: { cookie: admin },
      });
    const elsewhere = await setReplay('https://videos.example.com/race2.m3u8');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      replayUrl: RacingMessages.streamHostNotAllowed,
    });
    const notAnAddress = await setReplay('race2-channel');
    expect(notAnAddress.statusCode).toBe(400);
    expect(notAnAddress.body).toContain(RacingMessages.replayUrl);

    const video = 'https://stream.example.ph/replays/race2.m3u8';
    const set = await setReplay(video);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ race: Race }>().race.replayUrl).toBe(video);
    // Not finished yet: nothing to replay.
    expect((await replayOf(operatorRace.raceId)).statusCode).toBe(404);
    await t.app.db.updateTable('races').set({ status: 'D' }).where('id', '=', operatorRace.raceId).execute();
    const replay = await replayOf(operatorRace.raceId);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json<RaceReplayResponse>()).toMatchObject({ raceNo: 2, run: null, videoUrl: video });

    const removed = await setReplay('');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ race: Race }>().race.replayUrl).toBeUndefined();
    expect((await replayOf(operatorRace.raceId)).statusCode).toBe(404);
  });
});
