import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { crowdMembers, DEMO_CROWD_FUNDING_KIND } from './crowd.ts';
import { seeded } from './crowd-model.ts';
import { seedHistory } from './history.ts';
import { ensurePopulation } from './population.ts';

const TODAY = '2026-11-30';

/**
 * A leader whose first tick outlasts its lease hands the lead to another instance, which starts the same
 * one-time work while the first is still at it: each is done once.
 */
describe(`two simulators making the demo at once (${testDialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('make the population and its six months of history once', async () => {
    const now = new Date().toISOString();
    const made = await Promise.all([
      ensurePopulation(t.app.db, seeded(1), TODAY, now),
      ensurePopulation(t.app.db, seeded(2), TODAY, now),
    ]);
    expect([...made].sort()).toEqual([false, true]);
    const traits = await t.app.db.selectFrom('demo_horse_traits').select('horse_id').execute();
    expect(traits.length).toBeGreaterThanOrEqual(300);
    expect(new Set(traits.map((row) => row.horse_id)).size).toBe(traits.length);

    const written = await Promise.all([
      seedHistory(t.app.db, seeded(3), TODAY, now),
      seedHistory(t.app.db, seeded(4), TODAY, now),
    ]);
    expect(written.filter((races) => races > 0)).toHaveLength(1);
    const days = await t.app.db
      .selectFrom('game_events')
      .select(['name', 'race_date'])
      .where('created_by', '=', 'simulator:history')
      .execute();
    expect(days.length).toBeGreaterThan(50);
    expect(new Set(days.map((day) => `${day.race_date} ${day.name}`)).size).toBe(days.length);
    const races = await t.app.db
      .selectFrom('races')
      .innerJoin('game_events', 'game_events.id', 'races.event_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('game_events.created_by', '=', 'simulator:history')
      .executeTakeFirstOrThrow();
    expect(Number(races.n)).toBe(Math.max(...written));
  });

  it('make and fund the crowd once', async () => {
    const [first, second] = await Promise.all([crowdMembers(t.app.db), crowdMembers(t.app.db)]);
    expect(first.map((member) => member.playerId)).toEqual(second.map((member) => member.playerId));
    const fundings = await t.app.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', DEMO_CROWD_FUNDING_KIND)
      .execute();
    expect(fundings).toHaveLength(1);
    const balances = await t.app.db
      .selectFrom('accounts')
      .innerJoin('players', 'players.id', 'accounts.player_id')
      .select('accounts.balance')
      .where('players.demo_crowd', '=', 1)
      .where('accounts.kind', '=', 'player_credit')
      .execute();
    expect(balances).toHaveLength(first.length);
    expect(new Set(balances.map((row) => Number(row.balance))).size).toBe(1);
    expect(Number(balances[0]?.balance)).toBeGreaterThan(0);
    // Funded members are not low: a later step pays nobody.
    await crowdMembers(t.app.db);
    expect(
      await t.app.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('kind', '=', DEMO_CROWD_FUNDING_KIND)
        .execute(),
    ).toHaveLength(1);
  });
});
