import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeMessage } from '@karera/shared';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { createLease } from '../../db/lease.ts';
import { racesOfEvent } from '../racing/index.ts';
import { seeded } from './crowd-model.ts';
import { seedHistory } from './history.ts';
import { ensurePopulation } from './population.ts';
import { SIMULATOR_LEASE, startSimulator, type Simulator } from './simulator.ts';

describe(`race-day simulator (${testDialect})`, () => {
  let t: TestApp;
  const running: Simulator[] = [];
  const published: RealtimeMessage[] = [];

  const demoCards = async () =>
    (await t.app.db.selectFrom('demo_cards').select('event_id').orderBy('event_id').execute()).map((r) => r.event_id);
  const start = (holder: string, speed: number, extra: Partial<Parameters<typeof startSimulator>[1]> = {}) => {
    const simulator = startSimulator(
      { db: t.app.db, pubsub: t.app.pubsub, hooks: t.app.hooks },
      {
        speed,
        log: t.app.log,
        scratchChance: 1,
        cancelChance: 0,
        holder,
        crowd: { placement: t.app.betPlacement },
        ...extra,
      },
    );
    running.push(simulator);
    return simulator;
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.app.pubsub.subscribe((messages) => published.push(...messages));
    // The population and its history, as a first start makes them (population.api.test.ts): the cards' clock
    // is timed here, not the seeding.
    const today = new Date().toISOString().slice(0, 10);
    await ensurePopulation(t.app.db, seeded(1), today, new Date().toISOString());
    await seedHistory(t.app.db, seeded(2), today, new Date().toISOString());
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((simulator) => simulator.stop()));
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs a card as a track does: several races open at once, each closed at its post time, then results', async () => {
    start('only', 200);
    await expect.poll(demoCards, { timeout: 20_000 }).toHaveLength(1);
    const [eventId = 0] = await demoCards();
    // Before race 1 has run, races after it are already on sale: a multi-race pool can be bet.
    await expect
      .poll(async () => (await racesOfEvent(t.app.db, eventId)).filter((r) => r.status === 'O').length, {
        timeout: 30_000,
        interval: 20,
      })
      .toBeGreaterThanOrEqual(2);
    await expect
      .poll(async () => (await racesOfEvent(t.app.db, eventId)).filter((r) => r.status === 'D').length, {
        timeout: 30_000,
        interval: 200,
      })
      .toBeGreaterThanOrEqual(2);

    const races = await racesOfEvent(t.app.db, eventId);
    expect(races).toHaveLength(10);
    for (const race of races) {
      expect(race.runners.length).toBeGreaterThanOrEqual(8);
      expect(race.runners.length).toBeLessThanOrEqual(12);
    }
    const posts = races.map((race) => Date.parse(race.startDateTime));
    expect(posts).toEqual([...posts].sort((a, b) => a - b));
    const first = races[0];
    if (!first) throw new Error('no race');
    const statuses = () =>
      published
        .filter((m) => m.type === 'RACE_STATUS' && m.raceId === first.raceId)
        .map((m) => (m.type === 'RACE_STATUS' ? m.status : ''));
    // On PostgreSQL the events travel through LISTEN/NOTIFY and may trail the database.
    await expect.poll(statuses, { timeout: 30_000 }).toEqual(['O', 'L', 'C', 'D']);
    expect(published.some((m) => m.type === 'UPDATE_ODDS' && m.raceId === first.raceId)).toBe(true);
    // A scratched runner never places; everyone else gets a place.
    const placed = first.runners.filter((r) => r.finishPosition !== null);
    expect(first.runners.filter((r) => r.status === 'S')).toHaveLength(1);
    expect(placed.map((r) => r.finishPosition).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      placed.map((_, i) => i + 1),
    );
    expect(first.runners.find((r) => r.status === 'S')?.finishPosition).toBeNull();

    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['actor_type'])
      .where('action', '=', 'racing.race_status')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(8);
    expect(new Set(audit.map((a) => a.actor_type))).toEqual(new Set(['system']));
  });

  it('never stops: after a card’s last race it runs the next card, at another arena', async () => {
    start('endless', 1000, { racesPerCard: 3 });
    const before = (await demoCards()).length;
    await expect
      .poll(async () => (await demoCards()).length, { timeout: 40_000, interval: 100 })
      .toBeGreaterThan(before + 3);
    const cards = (await demoCards()).slice(before);
    const done = await Promise.all(cards.slice(0, 2).map((id) => racesOfEvent(t.app.db, id)));
    await expect
      .poll(async () => (await racesOfEvent(t.app.db, cards[1] ?? 0)).every((r) => r.status === 'D'), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(done.every((races) => races.length === 3)).toBe(true);
    const events = await t.app.db.selectFrom('game_events').select(['id', 'arena']).where('id', 'in', cards).execute();
    expect(new Set(events.map((e) => e.arena)).size).toBeGreaterThan(1);
  });

  it('lets one simulator drive the database however many run, and another take over when it stops', async () => {
    // Leases far longer than a tick can take on a busy machine (the product's is 3 s): a tick that outlasts
    // its lease rightly hands the lead over, which is not what this test watches. Stopping releases the lease
    // at once, so the takeover below does not wait for it to lapse.
    const leaseOf = (holder: string) => createLease(t.app.db, SIMULATOR_LEASE, { ttlMs: 60_000, holder });
    const a = start('server-a', 1000, { racesPerCard: 3, lease: leaseOf('server-a') });
    const b = start('server-b', 1000, { racesPerCard: 3, lease: leaseOf('server-b') });
    await expect
      .poll(
        async () =>
          (await t.app.db.selectFrom('leases').selectAll().where('name', '=', 'race-day-simulator').execute()).length,
        { timeout: 30_000 },
      )
      .toBe(1);
    const holderNow = async () =>
      (await t.app.db.selectFrom('leases').select('holder').where('name', '=', 'race-day-simulator').executeTakeFirst())
        ?.holder;
    // The holder is watched once the leader has made a card (its first tick makes the crowd first).
    await expect.poll(async () => (await demoCards()).length, { timeout: 60_000 }).toBeGreaterThan(0);
    // Both try every tick; the holder never changes while it renews.
    const seen = new Set<string | undefined>();
    for (let i = 0; i < 20; i += 1) {
      seen.add(await holderNow());
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seen.size).toBe(1);
    const leader = [...seen][0] === 'server-a' ? a : b;
    const follower = leader === a ? b : a;
    const cardsBefore = (await demoCards()).length;
    await leader.stop();
    running.splice(running.indexOf(leader), 1);
    await expect.poll(holderNow, { timeout: 30_000 }).toBe(follower.lease.holder);
    await expect.poll(async () => (await demoCards()).length, { timeout: 20_000 }).toBeGreaterThan(cardsBefore);
  });

  it('grants a lease to one holder at a time, until it lapses or is given up', async () => {
    let clock = Date.parse('2026-11-23T10:00:00Z');
    const now = () => clock;
    const first = createLease(t.app.db, 'test-job', { ttlMs: 10_000, holder: 'a', now });
    const second = createLease(t.app.db, 'test-job', { ttlMs: 10_000, holder: 'b', now });
    // Asked at once, exactly one gets it (which one is the database's choice).
    const held = await Promise.all([first.hold(), second.hold()]);
    expect(held.filter(Boolean)).toHaveLength(1);
    const [a, b] = held[0] ? [first, second] : [second, first];
    clock += 9_000;
    expect(await a.hold()).toBe(true);
    clock += 9_000;
    expect(await b.hold()).toBe(false);
    clock += 2_000; // a renewed 11 s ago: lapsed
    expect(await b.hold()).toBe(true);
    expect(await a.hold()).toBe(false);
    await b.release();
    expect(await a.hold()).toBe(true);
  });
});
