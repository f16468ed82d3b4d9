import type { BetTypeDefinition } from '../betTypes.ts';
import { winnersOf } from './finish.ts';
import { winOdds, winStakes, winStampTax } from './odds.ts';
import {
  ALL_RUNNERS,
  dividendFor,
  floorDiv,
  livePoolOf,
  liveStakeOn,
  type LivePool,
  type PoolLeg,
  type PoolPolicy,
  type PoolTicket,
} from './settlePool.ts';

/**
 * What the live screen shows of a pool before it is settled: Forecast probables and Double/Pick
 * will-pays. Both come from `livePoolOf`, the start of settlement, so takeout, scratch refunds, the
 * carryover in, breakage (down to 10 centavos) and the 1.00 minimum are settlement's own. Amounts are
 * centavos; a dividend is centavos per 1.00.
 */

export interface PoolNow {
  betType: Pick<BetTypeDefinition, 'code' | 'raceType' | 'selector' | 'winLimit'>;
  tickets: readonly PoolTicket[];
  policy: PoolPolicy;
  carryIn: number;
}

export interface ProbableCell {
  first: number;
  second: number;
  /** Centavos on the pair. */
  stake: number;
  /** Centavos per 1.00 if the pair finishes first and second; null when nobody has it (no dividend). */
  dividend: number | null;
}

export interface ForecastProbables {
  /** The net pool the winning pair would share. 0 when the pool would be refunded. */
  net: number;
  cells: ProbableCell[];
}

/**
 * Forecast probables: for each ordered pair of the running runners, the dividend per 1.00 if they
 * finish first and second in that order (no dead heat), on the pool as it stands. Exactly what
 * `settlePool` would pay that pair with the same tickets, scratches, policy and carryover.
 */
export function forecastProbables(
  pool: PoolNow,
  leg: Pick<PoolLeg, 'scratched'>,
  runners: readonly number[],
): ForecastProbables {
  const live = livePoolOf({ ...pool, legs: [{ status: 'D', finish: [], scratched: leg.scratched, favourite: null }] });
  const running = runners.filter((r) => !leg.scratched.includes(r));
  const cells: ProbableCell[] = [];
  for (const first of running) {
    for (const second of running) {
      if (first === second) continue;
      const stake = live === 'refund' ? 0 : liveStakeOn(live, [first, second]);
      cells.push({
        first,
        second,
        stake,
        dividend: live !== 'refund' && stake > 0 ? dividendFor(live.net, stake) : null,
      });
    }
  }
  return { net: live === 'refund' ? 0 : live.net, cells };
}

export interface WillPayLine {
  runner: number;
  /** The winners of the finished legs this line follows (one line per combination of dead-heat winners). */
  prefix: number[];
  /** Centavos alive on the line (on the last leg: exactly; earlier: the expected stake, see below). */
  stake: number;
  /** Centavos per 1.00; null when no live ticket has the runner (the pool would not pay on it). */
  dividend: number | null;
}

export interface WillPays {
  /** Index of the leg the lines are for (the first leg without a result). */
  leg: number;
  /** True on the pool's last leg: the lines are what settlement pays. Before it they are estimates. */
  exact: boolean;
  net: number;
  lines: WillPayLine[];
}

export interface MultiLegNow extends PoolNow {
  /**
   * Every leg of the pool in order: finished legs (status 'D' with a finish, or 'X') first, then legs
   * still to run (finish [] and their scratches so far).
   */
  legs: readonly PoolLeg[];
  /** The running runners of every leg, by leg. */
  runnersByLeg: readonly (readonly number[])[];
}

/**
 * Double and Pick will-pays: after the finished legs, for each runner of the next leg, what 1.00 on a
 * combination through the finished legs' winners and that runner pays, counting only tickets still
 * alive. On the last leg this is settlement's dividend for that winning combination to the centavo
 * (dead heats in earlier legs share the net pool between the combinations with bets, as settlement
 * does). Before the last leg it is an estimate: the stake that would be on the final combination is
 * taken as each live ticket's stake through the runner times, for every later leg, the share of that
 * leg's field it covers (exact when the live tickets take the field in the later legs).
 * Null when no leg has finished yet, every leg has, or the pool would be refunded.
 */
export function multiLegWillPays(pool: MultiLegNow): WillPays | null {
  const next = pool.legs.findIndex((leg) => leg.status !== 'X' && winnersOf(leg.finish).length === 0);
  if (next <= 0) return null;
  const live = livePoolOf(pool);
  if (live === 'refund') return null;
  const prefixes = prefixesOf(pool.legs.slice(0, next));
  const exact = next === pool.legs.length - 1;
  const runners = pool.runnersByLeg[next] ?? [];
  const lines: WillPayLine[] = [];
  for (const runner of runners) {
    const stakes = prefixes.map((prefix) => expectedStake(live, pool, [...prefix, runner]));
    // A dead heat earlier splits the net pool between the winning combinations that have bets.
    const withBets = stakes.filter((s) => s > 0).length;
    const share = withBets > 0 ? floorDiv(live.net, withBets) : 0;
    prefixes.forEach((prefix, i) => {
      const stake = stakes[i] ?? 0;
      lines.push({ runner, prefix, stake, dividend: stake > 0 ? dividendFor(share, stake) : null });
    });
  }
  return { leg: next, exact, net: live.net, lines };
}

function prefixesOf(finished: readonly PoolLeg[]): number[][] {
  let combos: number[][] = [[]];
  for (const leg of finished) {
    const winners = leg.status === 'X' ? [ALL_RUNNERS] : winnersOf(leg.finish);
    combos = combos.flatMap((combo) => winners.map((w) => [...combo, w]));
  }
  return combos;
}

/**
 * The live stake on `partial` (the finished legs' winners and a runner of the next leg): on the last leg
 * the exact stake; before it, scaled by each ticket's share of the later legs' fields, rounded up so a
 * live ticket never counts as nothing.
 */
function expectedStake(live: LivePool, pool: MultiLegNow, partial: readonly number[]): number {
  const laterLegs = pool.legs.length - partial.length;
  if (laterLegs === 0) return liveStakeOn(live, partial);
  let total = 0;
  for (const ticket of live.live) {
    let units = 1;
    for (const [i, runner] of partial.entries()) {
      const counts = ticket.legCounts[i];
      units *= runner === ALL_RUNNERS ? sumOf(counts?.values() ?? []) : (counts?.get(runner) ?? 0);
      if (units === 0) break;
    }
    if (units === 0) continue;
    let share = 1;
    for (let leg = partial.length; leg < pool.legs.length; leg++) {
      const field = pool.runnersByLeg[leg]?.length ?? 0;
      const covered = sumOf(ticket.legCounts[leg]?.values() ?? []);
      share *= field > 0 ? Math.min(1, covered / field) : 0;
    }
    total += units * ticket.ticket.amount * share;
  }
  return total > 0 ? Math.max(1, Math.ceil(total)) : 0;
}

function sumOf(values: Iterable<number>): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum;
}

export interface TimedWinTicket {
  amount: number;
  selections: readonly (readonly number[])[];
  /** When it was placed, epoch milliseconds. */
  at: number;
}

export interface OddsHistory {
  /** Epoch milliseconds of each point, ascending. */
  times: number[];
  /** Win odds (centavos per 1.00) by runner, one per point; null while the runner had no stake. */
  odds: Map<number, (number | null)[]>;
}

/**
 * How each runner's Win odds moved since betting opened: the odds `winOdds` quotes on the pool as it
 * stood at up to `points` moments, evenly spaced from the first bet to `until`. The last point is the
 * pool now, so it matches the odds on the runner list.
 */
export function winOddsHistory(
  tickets: readonly TimedWinTicket[],
  policy: Pick<PoolPolicy, 'shares' | 'stampTax'>,
  until: number,
  points = 24,
): OddsHistory {
  const sorted = [...tickets].sort((a, b) => a.at - b.at);
  const odds = new Map<number, (number | null)[]>();
  const first = sorted[0];
  if (!first) return { times: [], odds };
  const end = Math.max(until, sorted[sorted.length - 1]?.at ?? until);
  const count = end > first.at ? Math.max(2, points) : 1;
  const times = Array.from({ length: count }, (_, i) =>
    i === count - 1 ? end : Math.round(first.at + ((end - first.at) * i) / (count - 1)),
  );
  const runners = [...winStakes(sorted).keys()].sort((a, b) => a - b);
  for (const runner of runners) odds.set(runner, []);
  let taken = 0;
  for (const time of times) {
    while (taken < sorted.length && (sorted[taken]?.at ?? Infinity) <= time) taken++;
    const pool = sorted.slice(0, taken);
    const now = winOdds(winStakes(pool), policy, winStampTax(policy, pool));
    for (const runner of runners) odds.get(runner)?.push(now.get(runner) ?? null);
  }
  return { times, odds };
}
