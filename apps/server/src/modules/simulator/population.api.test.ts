import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormRoutes, formGuideResponseSchema, type Race } from '@karera/shared';
import { registerPlayer } from '../../../test/player-flow.ts';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { racesOfEvent } from '../racing/index.ts';
import { seeded } from './crowd-model.ts';
import { HISTORY_DAYS, seedHistory } from './history.ts';
import { ensurePopulation } from './population.ts';
import { startSimulator, type Simulator } from './simulator.ts';

const TODAY = '2026-11-28';

/** The demo's living population and its six months of history (decision 053). */
describe(`the demo population and its history (${testDialect})`, () => {
  let t: TestApp;
  let seedMs = 0;
  const count = async (table: 'runner_results' | 'game_events' | 'races' | 'bet_tickets' | 'ledger_transactions') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const random = seeded(34);
    const started = Date.now();
    await ensurePopulation(t.app.db, random, TODAY, new Date().toISOString());
    await seedHistory(t.app.db, random, TODAY, new Date().toISOString());
    seedMs = Date.now() - started;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps at least 300 horses, 40 jockeys and 25 trainers, with hidden traits', async () => {
    const horses = await t.app.db
      .selectFrom('demo_horse_traits')
      .innerJoin('horses', 'horses.id', 'demo_horse_traits.horse_id')
      .select(['horses.trainer_id', 'horses.sex', 'horses.foaling_year'])
      .execute();
    expect(horses.length).toBeGreaterThanOrEqual(300);
    expect(horses.every((horse) => horse.trainer_id !== null && horse.sex !== null)).toBe(true);
    expect(await t.app.db.selectFrom('demo_jockey_traits').select('jockey_id').execute()).toHaveLength(40);
    const trainers = new Set(horses.map((horse) => horse.trainer_id));
    expect(trainers.size).toBeGreaterThanOrEqual(25);
  });

  it('writes six months of past race days in bulk, history only, within a few seconds', async () => {
    expect(seedMs).toBeLessThan(8_000);
    const results = await t.app.db
      .selectFrom('runner_results')
      .select(['horse_id', 'race_date', 'outcome', 'position', 'margin_hundredths', 'time_ms', 'track_condition'])
      .orderBy('horse_id')
      .orderBy('race_date')
      .execute();
    expect(results.length).toBeGreaterThan(2000);
    const dates = results.map((row) => row.race_date).sort();
    expect(dates[0]).toBe(
      new Date(Date.parse(`${TODAY}T00:00:00Z`) - HISTORY_DAYS * 86_400_000).toISOString().slice(0, 10),
    );
    expect(dates.at(-1)! < TODAY).toBe(true);
    const finished = results.filter((row) => row.outcome === 'finished');
    expect(finished.every((row) => row.margin_hundredths !== null && row.time_ms !== null)).toBe(true);
    expect(results.every((row) => row.track_condition !== null)).toBe(true);
    // Horses rest between runs: two starts of a horse are at least two weeks apart.
    const lastStart = new Map<number, string>();
    for (const row of finished) {
      const before = lastStart.get(row.horse_id);
      if (before) expect(Date.parse(row.race_date) - Date.parse(before)).toBeGreaterThanOrEqual(14 * 86_400_000);
      lastStart.set(row.horse_id, row.race_date);
    }
    expect(lastStart.size).toBeGreaterThan(250);
    // No pools, no tickets, no money.
    expect(await count('bet_tickets')).toBe(0);
    expect(await count('ledger_transactions')).toBe(0);
  });

  it('writes nothing again once there is history (a restart)', async () => {
    const before = await Promise.all([count('runner_results'), count('game_events'), count('races')]);
    expect(await ensurePopulation(t.app.db, seeded(1), TODAY, new Date().toISOString())).toBe(false);
    expect(await seedHistory(t.app.db, seeded(1), TODAY, new Date().toISOString())).toBe(0);
    expect(await Promise.all([count('runner_results'), count('game_events'), count('races')])).toEqual(before);
  });

  it('cards fields from the population with a rating, weight, gate, distance and class; the form is full', async () => {
    const simulators: Simulator[] = [];
    try {
      simulators.push(
        startSimulator(
          { db: t.app.db, pubsub: t.app.pubsub, hooks: t.app.hooks },
          { speed: 200, log: t.app.log, scratchChance: 0, cancelChance: 0, holder: 'population' },
        ),
      );
      const card = async () => (await t.app.db.selectFrom('demo_cards').select('event_id').execute())[0]?.event_id;
      await expect.poll(card, { timeout: 20_000 }).toBeDefined();
      const eventId = (await card()) ?? 0;
      let races: Race[] = [];
      await expect
        .poll(
          async () => {
            races = await racesOfEvent(t.app.db, eventId);
            return races.length;
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThanOrEqual(2);
      const first = races[0] as Race;
      const player = (await registerPlayer(t.app)).cookie;
      const response = await t.app.inject({
        method: 'GET',
        url: FormRoutes.raceFormGuide(first.raceId),
        headers: { cookie: player },
      });
      expect(response.statusCode, response.body).toBe(200);
      const guide = formGuideResponseSchema.parse(response.json());
      expect(guide.distanceM).not.toBeNull();
      expect(guide.raceClass).toMatch(/^Class [1-5]$/u);
      for (const runner of guide.runners) {
        expect(runner.rating).not.toBeNull();
        expect(runner.weightKg).toMatch(/^5\d\.[05]$/u);
        expect(runner.gate).not.toBeNull();
        expect(runner.trainerName).not.toBeNull();
      }
      // Six months of history: most runners have run before.
      const raced = guide.runners.filter((runner) => !runner.firstStarter);
      expect(raced.length).toBeGreaterThan(guide.runners.length / 2);
      // The simulator's result writes the official results, with margins and times.
      await expect
        .poll(
          async () =>
            (
              await t.app.db
                .selectFrom('runner_results')
                .select(['margin_hundredths', 'time_ms', 'track_condition'])
                .where('race_id', '=', first.raceId)
                .execute()
            ).filter((row) => row.time_ms !== null && row.track_condition !== null).length,
          { timeout: 60_000, interval: 200 },
        )
        .toBe(first.runners.length);
    } finally {
      await Promise.all(simulators.map((simulator) => simulator.stop()));
    }
  }, 90_000);
});
