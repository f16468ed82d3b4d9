import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  decodeFrame,
  finishOfRunOrder,
  orderAt,
  raceCourses,
  runnerBaseNumber,
  type Race,
  type RaceRunMessage,
  type RealtimeMessage,
} from '@karera/shared';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { racesOfEvent, addRunner, createEvent, createRace, transitionRace, type RacingActor } from '../racing/index.ts';
import { confirmResult } from '../tote/index.ts';
import { raceRunOf, startRaceRun } from './raceRuns.ts';
import { startSimulator, type Simulator } from './simulator.ts';

const SYSTEM: RacingActor = { type: 'system', id: null };

/** A player's socket that collects every message it receives. */
async function liveSocket(url: string, player: RegisteredPlayer) {
  const socket = new WebSocket(url, { headers: { cookie: player.cookie } });
  const received: RealtimeMessage[] = [];
  socket.on('message', (data: Buffer) => received.push(...decodeFrame(data.toString())));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(`GAME_CONNECT:${player.playerId}:cookie`);
  return { socket, received };
}

/** The recorded finish of a resulted race, as base runner numbers, winner first. */
const recordedFinish = (race: Race) =>
  race.runners
    .filter((runner) => runner.finishPosition !== null)
    .sort((a, b) => (a.finishPosition ?? 0) - (b.finishPosition ?? 0))
    .map((runner) => [runnerBaseNumber(runner.runnerNo)]);

describe(`drawn race: the demo race's run (${testDialect})`, () => {
  let t: TestApp;
  let url: string;
  let player: RegisteredPlayer;
  const running: Simulator[] = [];
  const published: RealtimeMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    t.app.pubsub.subscribe((messages) => published.push(...messages));
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/ws`;
    player = await registerPlayer(t.app);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((simulator) => simulator.stop()));
  });
  afterAll(async () => {
    await t.close();
  });

  it('draws each race the simulator runs, sent when it goes off, and records the drawn order as its result', async () => {
    const simulator = startSimulator(
      { db: t.app.db, pubsub: t.app.pubsub, hooks: t.app.hooks },
      { speed: 200, log: t.app.log, scratchChance: 1, cancelChance: 0, holder: 'drawn', racesPerCard: 3 },
    );
    running.push(simulator);
    const eventId = async () =>
      (await t.app.db.selectFrom('demo_cards').select('event_id').orderBy('event_id').executeTakeFirst())?.event_id ??
      0;
    await expect.poll(eventId, { timeout: 20_000 }).toBeGreaterThan(0);
    const id = await eventId();
    await expect
      .poll(async () => (await racesOfEvent(t.app.db, id)).filter((race) => race.status === 'D').length, {
        timeout: 40_000,
        interval: 200,
      })
      .toBe(3);

    for (const race of await racesOfEvent(t.app.db, id)) {
      const ofRace = (m: RealtimeMessage) => 'raceId' in m && m.raceId === race.raceId;
      // On PostgreSQL the messages travel through LISTEN/NOTIFY and may trail the database.
      await expect
        .poll(() => published.filter((m) => ofRace(m) && m.type === 'RACE_STATUS' && m.status === 'D').length, {
          timeout: 30_000,
        })
        .toBe(1);
      const sequence = published.filter(ofRace).map((m) => (m.type === 'RACE_STATUS' ? m.status : m.type));
      // Sent off at the close, once; its result after.
      expect(sequence.filter((step) => step === 'RACE_RUN')).toHaveLength(1);
      expect(sequence.indexOf('RACE_RUN')).toBeGreaterThan(sequence.indexOf('C'));
      expect(sequence.indexOf('RACE_RUN')).toBeLessThan(sequence.indexOf('D'));

      const run = published.find((m): m is RaceRunMessage => ofRace(m) && m.type === 'RACE_RUN');
      if (!run) throw new Error('no RACE_RUN');
      const scratched = race.runners.filter((r) => r.status === 'S').map((r) => r.runnerNo);
      expect(scratched).toHaveLength(1);
      expect([...run.order].sort()).toEqual(
        race.runners
          .filter((r) => r.status === 'A')
          .map((r) => r.runnerNo)
          .sort(),
      );
      // The drawn race ends in the order the result records.
      expect(orderAt(raceCourses(run), 1)).toEqual(run.order);
      expect(recordedFinish(race)).toEqual(finishOfRunOrder(run.order));
      // It runs in the share of the running time before the result (45 s / 200 at this pace).
      expect(run.durationMs).toBeGreaterThan(0);
      expect(run.durationMs).toBeLessThanOrEqual(Math.round(45_000 / 200));
      expect(await raceRunOf(t.app.db, race.raceId)).toMatchObject({ order: run.order, seed: run.seed });
    }
  });

  it('gives a socket that connects mid-race the run where it stands, and keeps the first plan decided', async () => {
    const event = await createEvent(t.app, SYSTEM, {
      name: 'Drawn Race Day',
      arena: 'San Lazaro',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: [],
    });
    const created = await createRace(t.app, SYSTEM, event.id, {
      raceNo: 1,
      startDateTime: '2026-11-22T06:00:00Z',
      enabledBetTypes: [],
    });
    // A race still to come, in every snapshot.
    const later = await createRace(t.app, SYSTEM, event.id, {
      raceNo: 2,
      startDateTime: '2026-11-22T06:30:00Z',
      enabledBetTypes: [],
    });
    for (const [no, horse] of [
      ['1', 'Bagyo'],
      ['1A', 'Bagyo Dos'],
      ['2', 'Kidlat'],
      ['3', 'Habagat'],
    ] as const) {
      await addRunner(t.app, SYSTEM, created.raceId, { runnerNo: no, horseName: horse, jockeyName: 'J. Santos' });
    }
    for (const status of ['O', 'L'] as const) await transitionRace(t.app, SYSTEM, created.raceId, status);
    const off = await transitionRace(t.app, SYSTEM, created.raceId, 'C');
    let next = 0;
    const random = (n: number) => (next++ * 7919) % n;
    const startedAt = Date.now() - 5_000;
    const run = await startRaceRun(t.app, off, { durationMs: 60_000, random, now: startedAt });
    // Another simulator (after a takeover) gets the plan already decided, not a new one.
    const again = await startRaceRun(t.app, off, { durationMs: 1_000, random: () => 0 });
    expect(again).toEqual(run);
    expect(run.order).toHaveLength(4);

    const late = await liveSocket(url, player);
    await expect
      .poll(() => late.received.find((m) => m.type === 'RACE_RUN' && m.raceId === created.raceId), {
        timeout: 30_000,
      })
      .toMatchObject({ durationMs: 60_000, seed: run.seed, order: run.order });
    const caughtUp = late.received.find((m): m is RaceRunMessage => m.type === 'RACE_RUN' && m.raceId === off.raceId);
    expect(caughtUp?.elapsedMs).toBeGreaterThanOrEqual(5_000);
    expect(caughtUp?.elapsedMs).toBeLessThan(60_000);
    late.socket.close();

    // Once the result is in, a new socket is no longer sent the run.
    await confirmResult(t.app, SYSTEM, created.raceId, { finish: finishOfRunOrder(run.order) });
    const after = await liveSocket(url, player);
    await expect
      .poll(() => after.received.some((m) => m.type === 'RACE_STATUS' && m.raceId === later.raceId), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(after.received.some((m) => m.type === 'RACE_RUN' && m.raceId === created.raceId)).toBe(false);
    after.socket.close();
  });
});
