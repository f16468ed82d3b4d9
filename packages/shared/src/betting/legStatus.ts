import type { Selections } from './combinations.ts';
import { winnersOf, type FinishOrder } from '../tote/finish.ts';
import type { PoolPolicy } from '../tote/settlePool.ts';

/**
 * Where each leg of a multi-race ticket (Double, DD+1, XD, Pick4/5/6, WTA) stands while its races run,
 * by the same rules settlement pays by (tote/settlePool.ts, decision 009):
 * - a scratched pick rides on the leg's favourite at close when the policy says so (else it is dropped);
 * - a leg whose picks are all scratched with nothing in their place leaves the ticket no combination:
 *   settlement refunds it whole;
 * - a cancelled leg refunds the ticket, or under the 'allwin' policy counts as won by every runner;
 * - a leg is won when one of its picks (after substitution) is among the official winners (a dead heat
 *   has several).
 * So a ticket all of whose legs are won holds a winning combination: settlement pays it from the pool.
 * The money itself is settlement's: a jackpot's consolation or a Double nobody won (refunded) can pay a
 * ticket with a lost leg.
 */

export type LegStatus = 'won' | 'lost' | 'running' | 'refunded' | 'cancelled';

/** A ticket by its legs: every leg won, a leg lost, refunded, or still alive (no leg lost, some to run). */
export type TicketLegsSummary = 'won' | 'lost' | 'refunded' | 'alive';

/** A leg race as the ticket sees it. */
export interface LegRaceState {
  /** 'official': the result is in; 'cancelled': the race was called off; 'pending': not run or not official. */
  state: 'pending' | 'official' | 'cancelled';
  /** The official finish; empty until then. */
  finish: FinishOrder;
  /** Runner numbers scratched from the race. */
  scratched: readonly number[];
  /** The race's favourite at close (settlement's substitute for scratched picks); null before or without one. */
  favourite: number | null;
}

export interface LegOutcome {
  status: LegStatus;
  /** The winners of an official leg (several in a dead heat); empty otherwise. */
  winners: number[];
  /** Scratched picks riding on the leg's favourite. */
  substitutions: { scratched: number; favourite: number }[];
  /** The cancelled leg counts as won by every runner (policy 'allwin'). */
  wonByAll: boolean;
}

export interface TicketLegs {
  legs: LegOutcome[];
  summary: TicketLegsSummary;
}

export type LegPolicy = Pick<PoolPolicy, 'multiRaceScratch' | 'cancelledLeg'>;

/** The runners a leg's picks stand for after scratches, as settlement counts them (its liveMulti). */
function livePicks(picks: readonly number[], race: LegRaceState, policy: LegPolicy) {
  const scratched = new Set(race.scratched);
  const live = new Set<number>();
  const substitutions: LegOutcome['substitutions'] = [];
  let waitingForFavourite = false;
  for (const runner of new Set(picks)) {
    if (!scratched.has(runner)) {
      live.add(runner);
      continue;
    }
    if (policy.multiRaceScratch !== 'favourite') continue;
    const favourite = race.favourite;
    if (favourite != null && !scratched.has(favourite)) {
      live.add(favourite);
      substitutions.push({ scratched: runner, favourite });
    } else if (race.state === 'pending') {
      // The favourite is named at close: until then the pick may still ride.
      waitingForFavourite = true;
    }
  }
  return { live, substitutions, waitingForFavourite };
}

function legOutcome(picks: readonly number[], race: LegRaceState, policy: LegPolicy): LegOutcome {
  const { live, substitutions, waitingForFavourite } = livePicks(picks, race, policy);
  const base = { winners: [], substitutions, wonByAll: false };
  if (race.state === 'cancelled') {
    if (policy.cancelledLeg === 'refund') return { ...base, status: 'cancelled' };
    return live.size > 0 ? { ...base, status: 'won', wonByAll: true } : { ...base, status: 'refunded' };
  }
  if (live.size === 0 && !waitingForFavourite) return { ...base, status: 'refunded' };
  if (race.state === 'pending') return { ...base, status: 'running' };
  const winners = [...winnersOf(race.finish)];
  return { ...base, winners, status: winners.some((w) => live.has(w)) ? 'won' : 'lost' };
}

/**
 * Each leg of a multi-race ticket from its picks per leg and its leg races in order, and the ticket by
 * its legs: refunded (a cancelled leg under 'refund', or a leg with nothing left to run), else lost (a
 * leg lost), else alive (legs still to run), else won.
 */
export function ticketLegs(selections: Selections, races: readonly LegRaceState[], policy: LegPolicy): TicketLegs {
  const legs = selections.map((picks, i) => {
    const race = races[i];
    return race
      ? legOutcome(picks, race, policy)
      : { status: 'running' as const, winners: [], substitutions: [], wonByAll: false };
  });
  const has = (status: LegStatus) => legs.some((leg) => leg.status === status);
  const summary: TicketLegsSummary =
    has('cancelled') || has('refunded') ? 'refunded' : has('lost') ? 'lost' : has('running') ? 'alive' : 'won';
  return { legs, summary };
}
