import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeMessage } from '@karera/shared';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { racesOfEvent, listEvents } from '../racing/racing.repo.ts';
import { startSimulator, type Simulator } from './simulator.ts';

describe(`race-day simulator (${testDialect})`, () => {
  let t: TestApp;
  let simulator: Simulator;
  const published: RealtimeMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    t.app.pubsub.subscribe((messages) => published.push(...messages));
    simulator = startSimulator(
      { db: t.app.db, pubsub: t.app.pubsub },
      { speed: 1000, log: t.app.log, scratchChance: 1, cancelChance: 0 },
    );
  });
  afterAll(async () => {
    simulator.stop();
    await t.close();
  });

  it('creates today’s race day and runs races through open, last call, closed and done', async () => {
    await expect.poll(async () => (await listEvents(t.app.db)).length, { timeout: 20_000 }).toBe(1);
    const [event] = await listEvents(t.app.db);
    const eventId = event?.id ?? 0;
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
    const first = races[0];
    if (!first) throw new Error('no race');
    const statuses = () =>
      published
        .filter((m) => m.type === 'RACE_STATUS' && m.raceId === first.raceId)
        .map((m) => (m.type === 'RACE_STATUS' ? m.status : ''));
    // On PostgreSQL the events travel through LISTEN/NOTIFY and may trail the database.
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['O', 'L', 'C', 'D']);
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
});
