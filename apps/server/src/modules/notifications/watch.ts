import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { followersOfRunner } from '../blackbook/index.ts';
import { raiseNotices, type NoticeRequest } from './raise.ts';

/**
 * Notices caused by time rather than by a write (decision 055), raised by the leader's scan: a followed runner's
 * race about to start (10 minutes before post), a followed runner entered or scratched, a promo about to expire,
 * a cool-off ended. Each has a dedupe key, so a scan that runs again (or on a new leader) raises nothing twice.
 */

export const RACE_ALERT_MINUTES = 10;
/**
 * A race alert is raised this long before it is due (10 minutes before post), with its due time: the leader's
 * dispatcher hands it to the push channel ahead (PREPARE_AHEAD_MS), which encrypts every follower's message before
 * the moment, so that at a big race's start only the posting is left (bench:notify).
 */
export const RACE_ALERT_RAISED_AHEAD_MINUTES = 2;
const PROMO_ALERT_HOURS = 24;

interface WatchDeps {
  db: Kysely<Database>;
  now?: () => number;
}

const raceLink = (eventId: number) => `/live?event=${eventId}`;

async function runnerNotices(deps: WatchDeps, nowMs: number): Promise<NoticeRequest[]> {
  const { db } = deps;
  const soon = new Date(nowMs + (RACE_ALERT_MINUTES + RACE_ALERT_RAISED_AHEAD_MINUTES) * 60_000).toISOString();
  const dayAhead = new Date(nowMs + 24 * 60 * 60_000).toISOString();
  const now = new Date(nowMs).toISOString();
  const runners = await db
    .selectFrom('runners')
    .innerJoin('races', 'races.id', 'runners.race_id')
    .select([
      'runners.id as runnerId',
      'runners.horse_name as horse',
      'runners.status as runnerStatus',
      'races.id as raceId',
      'races.race_no as raceNo',
      'races.event_id as eventId',
      'races.start_time as startTime',
    ])
    .where('races.status', 'in', ['A', 'O'])
    .where('races.start_time', '>', now)
    .where('races.start_time', '<=', dayAhead)
    .execute();
  const requests: NoticeRequest[] = [];
  for (const runner of runners) {
    const followers = await followersOfRunner(db, runner.runnerId);
    for (const { playerId } of followers) {
      const base = { playerId, linkPath: raceLink(runner.eventId) };
      if (runner.runnerStatus === 'S') {
        requests.push({
          ...base,
          kind: 'runner.scratched',
          params: { horse: runner.horse, raceNo: runner.raceNo },
          dedupeKey: `runner.scratched:${runner.runnerId}:${playerId}`,
        });
        continue;
      }
      requests.push({
        ...base,
        kind: 'runner.entered',
        params: { horse: runner.horse, raceNo: runner.raceNo },
        dedupeKey: `runner.entered:${runner.runnerId}:${playerId}`,
      });
      if (runner.startTime <= soon) {
        // Due 10 minutes before post, or now when the scan comes later (a race opened late, a new leader).
        const startMs = Date.parse(runner.startTime);
        const dueMs = Math.max(nowMs, startMs - RACE_ALERT_MINUTES * 60_000);
        const minutes = Math.max(1, Math.round((startMs - dueMs) / 60_000));
        requests.push({
          ...base,
          kind: 'race.starting',
          params: { horse: runner.horse, raceNo: runner.raceNo, minutes },
          // One alert per player and race, whichever followed runner found it first.
          dedupeKey: `race.starting:${runner.raceId}:${playerId}`,
          dueAt: new Date(dueMs).toISOString(),
        });
      }
    }
  }
  return requests;
}

async function promoNotices(deps: WatchDeps, nowMs: number): Promise<NoticeRequest[]> {
  const rows = await deps.db
    .selectFrom('promo_claims as c')
    .innerJoin('promos as p', 'p.id', 'c.promo_id')
    .select(['c.id', 'c.player_id', 'c.expires_at', 'p.name'])
    .where('c.status', '=', 'A')
    .where('c.expires_at', '>', new Date(nowMs).toISOString())
    .where('c.expires_at', '<=', new Date(nowMs + PROMO_ALERT_HOURS * 60 * 60_000).toISOString())
    .execute();
  return rows.map((row) => ({
    playerId: row.player_id,
    kind: 'promo.expiring' as const,
    params: {
      promo: row.name,
      hours: Math.max(1, Math.round((Date.parse(row.expires_at ?? '') - nowMs) / (60 * 60_000))),
    },
    linkPath: '/promo',
    dedupeKey: `promo.expiring:${row.id}`,
  }));
}

async function breakNotices(deps: WatchDeps, nowMs: number): Promise<NoticeRequest[]> {
  const rows = await deps.db
    .selectFrom('rg_exclusions')
    .select(['id', 'player_id'])
    .where('kind', '=', 'coolOff')
    .where('lifted_at', 'is', null)
    .where('ends_at', '<=', new Date(nowMs).toISOString())
    .where('ends_at', '>', new Date(nowMs - 60 * 60_000).toISOString())
    .execute();
  return rows.map((row) => ({
    playerId: row.player_id,
    kind: 'break.ending' as const,
    params: {},
    linkPath: '/responsiblegaming',
    dedupeKey: `break.ending:${row.id}`,
  }));
}

/** One scan: raises what is due now; returns how many notices it wrote. */
export async function scanTimedNotices(deps: WatchDeps): Promise<number> {
  const nowMs = (deps.now ?? Date.now)();
  const requests = [
    ...(await runnerNotices(deps, nowMs)),
    ...(await promoNotices(deps, nowMs)),
    ...(await breakNotices(deps, nowMs)),
  ];
  if (requests.length === 0) return 0;
  // Only keys not yet raised: a repeated scan costs a read, not a transaction's worth of conflicts.
  const fresh: NoticeRequest[] = [];
  for (let i = 0; i < requests.length; i += 900) {
    const chunk = requests.slice(i, i + 900);
    const seen = await deps.db
      .selectFrom('notifications')
      .select('dedupe_key')
      .where(
        'dedupe_key',
        'in',
        chunk.map((r) => r.dedupeKey),
      )
      .execute();
    const known = new Set(seen.map((row) => row.dedupe_key));
    fresh.push(...chunk.filter((r) => !known.has(r.dedupeKey)));
  }
  if (fresh.length === 0) return 0;
  return deps.db.transaction().execute((trx) => raiseNotices(trx, fresh));
}
