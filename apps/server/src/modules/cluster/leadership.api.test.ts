import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { createLeadership, LEADER_LEASE, type Leadership } from './leadership.ts';

const quiet = { info: () => undefined, error: () => undefined };

/**
 * A plugin that makes every query fail while `cut` is set: an instance cut off from its database.
 * `answered` counts the queries that came back.
 */
function cable(): { plugin: KyselyPlugin; cut: boolean; answered: number } {
  const state = {
    cut: false,
    answered: 0,
    plugin: {
      transformQuery: (args) => {
        if (state.cut) throw new Error('connection lost');
        return args.node;
      },
      transformResult: async (args) => {
        state.answered += 1;
        return args.result;
      },
    } satisfies KyselyPlugin,
  };
  return state;
}

describe(`leadership: one instance runs the run-once work (${testDialect})`, () => {
  let t: TestApp;
  const made: Leadership[] = [];
  /** What each instance's job did, in order: "a+" started on a, "a-" stopped on a. */
  const story: string[] = [];

  const instance = (name: string, db = t.app.db) => {
    const leadership = createLeadership({ db, holder: name, log: quiet });
    leadership.whileLeading('job', () => {
      story.push(`${name}+`);
      return { stop: () => void story.push(`${name}-`) };
    });
    made.push(leadership);
    return leadership;
  };
  const leaderNow = async () =>
    (await t.app.db.selectFrom('leases').select('holder').where('name', '=', LEADER_LEASE).executeTakeFirst())?.holder;

  beforeAll(async () => {
    t = await createTestApp();
    // The test app leads its own database; the instances here compete among themselves.
    await t.app.leadership.close();
    await t.app.db.deleteFrom('leases').where('name', '=', LEADER_LEASE).execute();
  });
  afterEach(async () => {
    await Promise.all(made.splice(0).map((leadership) => leadership.close()));
    await t.app.db.deleteFrom('leases').where('name', '=', LEADER_LEASE).execute();
    story.length = 0;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets one of several instances lead, and another take over within 5 s when the leader stops', async () => {
    const [a, b, c] = [instance('a'), instance('b'), instance('c')];
    await Promise.all([a.start(), b.start(), c.start()]);
    const leaders = [a, b, c].filter((l) => l.isLeader());
    expect(leaders).toHaveLength(1);
    const leader = leaders[0] as Leadership;
    expect(await leaderNow()).toBe(leader.holder);
    expect(story).toEqual([`${leader.holder}+`]);

    // Renewing, it keeps the lead: the others never take it.
    const seen = new Set<string>();
    const until = performance.now() + 2_500;
    while (performance.now() < until) {
      for (const l of [a, b, c]) if (l.isLeader()) seen.add(l.holder);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect([...seen]).toEqual([leader.holder]);

    const stoppedAt = performance.now();
    await leader.close();
    const others = [a, b, c].filter((l) => l !== leader);
    await expect.poll(() => others.filter((l) => l.isLeader()).length, { timeout: 30_000, interval: 20 }).toBe(1);
    expect(performance.now() - stoppedAt).toBeLessThan(5_000);
    const next = others.find((l) => l.isLeader()) as Leadership;
    expect(story).toEqual([`${leader.holder}+`, `${leader.holder}-`, `${next.holder}+`]);
  });

  it('steps a leader cut off from the database down before another can take over, which it does within 5 s', async () => {
    const wire = cable();
    const a = instance('a', t.app.db.withPlugin(wire.plugin));
    await a.start();
    expect(a.isLeader()).toBe(true);
    const b = instance('b');
    await b.start();
    expect(b.isLeader()).toBe(false);

    wire.cut = true;
    const cutAt = performance.now();
    let both = 0;
    let aSteppedDownAt = 0;
    while (!b.isLeader()) {
      if (a.isLeader() && b.isLeader()) both += 1;
      if (!a.isLeader() && aSteppedDownAt === 0) aSteppedDownAt = performance.now();
      expect(performance.now() - cutAt).toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const bLedAt = performance.now();
    expect(both).toBe(0);
    expect(aSteppedDownAt).toBeGreaterThan(0);
    expect(aSteppedDownAt).toBeLessThan(bLedAt);
    expect(story).toEqual(['a+', 'a-', 'b+']);

    // Back on line, the old leader finds the lease taken and stays a standby.
    wire.cut = false;
    // Two of its polls for the lease answered (one query each): the first one's outcome has been acted on.
    const answeredBefore = wire.answered;
    await expect
      .poll(() => wire.answered, { timeout: 30_000, interval: 20 })
      .toBeGreaterThanOrEqual(answeredBefore + 2);
    expect(a.isLeader()).toBe(false);
    expect(b.isLeader()).toBe(true);
  });

  it('always leads without a database lease (SQLite: one process owns the file)', async () => {
    const only = createLeadership({ log: quiet });
    let started = 0;
    only.whileLeading('job', () => {
      started += 1;
    });
    await only.start();
    expect(only.isLeader()).toBe(true);
    expect(started).toBe(1);
    await only.close();
    expect(only.isLeader()).toBe(false);
  });
});
