import { BETTING_OPEN_STATUSES, runnerBaseNumber, stampTaxOfTickets, winOdds, type PoolPolicy } from '@karera/shared';
import { setOddsOfRaces, type RacingDeps } from '../racing/index.ts';
import { isPostgres } from '../../db/statement.ts';
import { tallyNewWinTickets, winStakesOf, winTicketTotalsOf, type WinTally } from './pools.ts';
import { policyInForceAt } from './tote-settings.ts';
import { nowIso } from '../../lib/time.ts';

/** How often open races' Win pools are read: at most a few odds broadcasts a second per race. */
export const ODDS_INTERVAL_MS = 500;

/**
 * Live Win odds from the Win pool while betting is open (and once more at close): every tick reads the
 * pools of open races and broadcasts a race's odds only when its pool changed. A race whose pool has no
 * stake yet keeps the odds the operator quoted.
 */
export function startOddsPublisher(deps: RacingDeps, log: { error: (o: object, m: string) => void }) {
  const lastPool = new Map<number, string>();
  // On SQLite a race's Win stakes are kept here and each tick reads only the tickets placed since the
  // last (a race day's Win pool holds many thousands, and the server's thread reads it twice a second).
  const tallies = new Map<number, WinTally>();
  const incremental = !isPostgres(deps.db);
  // A race's Win pool policy is the one in force when it first opened (decision 049), so once it has opened the
  // policy never changes: read once per race, not on every tick.
  const openedPolicies = new Map<number, PoolPolicy>();
  async function winPolicyOf(race: { id: number; opened_at: string | null }): Promise<PoolPolicy> {
    if (race.opened_at === null) return policyInForceAt(deps.db, 'W', nowIso());
    let policy = openedPolicies.get(race.id);
    if (!policy) {
      policy = await policyInForceAt(deps.db, 'W', race.opened_at);
      openedPolicies.set(race.id, policy);
    }
    return policy;
  }

  async function poolOf(raceId: number): Promise<Pick<WinTally, 'stakes' | 'ticketTotals'>> {
    if (!incremental) {
      const [stakes, ticketTotals] = await Promise.all([
        winStakesOf(deps.db, raceId),
        winTicketTotalsOf(deps.db, raceId),
      ]);
      return { stakes, ticketTotals };
    }
    let tally = tallies.get(raceId);
    if (!tally) {
      tally = { lastTicketId: 0, stakes: new Map(), ticketTotals: new Map() };
      tallies.set(raceId, tally);
    }
    await tallyNewWinTickets(deps.db, raceId, tally);
    return tally;
  }
  let running = false;
  let stopped = false;

  async function tick(): Promise<void> {
    const races = await deps.db
      .selectFrom('races')
      .innerJoin('game_events', 'game_events.id', 'races.event_id')
      .select(['races.id', 'races.status', 'races.opened_at', 'game_events.race_date'])
      .where('races.status', 'in', [...BETTING_OPEN_STATUSES, 'C'])
      .execute();
    const changed = new Map<number, Map<number, number | null>>();
    for (const race of races) {
      if (stopped) return;
      if (race.status === 'C' && !lastPool.has(race.id)) continue;
      const { stakes, ticketTotals } = await poolOf(race.id);
      const signature = JSON.stringify([...stakes.entries()].sort(([a], [b]) => a - b));
      if (stakes.size === 0 || lastPool.get(race.id) === signature) {
        if (race.status === 'C') {
          lastPool.delete(race.id);
          tallies.delete(race.id);
          openedPolicies.delete(race.id);
        }
        continue;
      }
      lastPool.set(race.id, signature);
      // The Win pool's policy (fixed when the race opened) and its tickets' stamp tax, as settlement splits it.
      const policy = await winPolicyOf(race);
      let stampTax = 0;
      for (const [total, count] of ticketTotals) stampTax += stampTaxOfTickets(policy, total, count);
      const odds = winOdds(stakes, policy, stampTax);
      const runners = await deps.db
        .selectFrom('runners')
        .select(['id', 'runner_no', 'status'])
        .where('race_id', '=', race.id)
        .execute();
      const byRunner = new Map<number, number | null>(
        runners.map((r) => [r.id, r.status === 'S' ? null : (odds.get(runnerBaseNumber(r.runner_no)) ?? null)]),
      );
      changed.set(race.id, byRunner);
    }
    if (!stopped) await setOddsOfRaces(deps, changed);
  }

  let current: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    current = tick()
      .catch((error: unknown) => log.error({ err: error }, 'odds update failed'))
      .finally(() => {
        running = false;
      });
  }, ODDS_INTERVAL_MS);
  timer.unref();

  return {
    /** Stops ticking; resolves once a tick under way has finished (a new leader then starts clean). */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
