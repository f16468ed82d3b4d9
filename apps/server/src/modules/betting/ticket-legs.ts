import type { Kysely } from 'kysely';
import {
  betTypeByCode,
  favouriteOf,
  legRaceNumbers,
  ticketLegs,
  winStakes,
  type FinishOrder,
  type LegPolicy,
  type LegRaceState,
  type TicketLeg,
  type TicketLegsSummary,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { parseSelections, runnersOfRows, poolPolicyOf } from '../tote/index.ts';

/** A ticket as the history reads it, enough to say where its legs stand. */
export interface TicketForLegs {
  eventId: number;
  raceDate: string;
  firstRaceNo: number;
  betType: string;
  selections: number[][];
}

export interface TicketLegsView {
  legs: TicketLeg[];
  legsSummary: TicketLegsSummary | null;
}

/** Betting on these is over: the Win stakes, and so the favourite at close, cannot change. */
const CLOSED = new Set(['C', 'D']);

const NOT_MULTI_RACE: TicketLegsView = { legs: [], legsSummary: null };

/**
 * Where each leg of the given tickets stands (shared ticketLegs), from their leg races as settlement
 * reads them (tote/pools.ts: scratches with coupled entries, the favourite at close by Win stake) and the
 * pool's policy (fixed when its first race opened), in a few queries however many tickets and races (the history reads 100).
 */
export async function legsOfTickets(
  db: Kysely<Database>,
  tickets: readonly TicketForLegs[],
): Promise<TicketLegsView[]> {
  const multi = tickets.map((ticket) => {
    const type = betTypeByCode(ticket.betType);
    return type && type.raceType !== 'single' ? legRaceNumbers(type, ticket.firstRaceNo) : null;
  });
  const eventIds = [...new Set(tickets.filter((_, i) => multi[i]).map((t) => t.eventId))];
  if (eventIds.length === 0) return tickets.map(() => NOT_MULTI_RACE);

  const races = await db
    .selectFrom('races')
    .leftJoin('race_results', 'race_results.race_id', 'races.id')
    .select(['races.id', 'races.event_id', 'races.race_no', 'races.status', 'race_results.finish'])
    .where('races.event_id', 'in', eventIds)
    .execute();
  const raceByNumber = new Map(races.map((race) => [`${race.event_id}:${race.race_no}`, race]));

  // The leg races these tickets need, read together: their runners in one query, and the Win stakes
  // of the closed ones with a scratch (whose favourite at close stands in for scratched picks) in another.
  const needed = new Map<number, (typeof races)[number]>();
  for (const [i, ticket] of tickets.entries()) {
    for (const no of multi[i] ?? []) {
      const race = raceByNumber.get(`${ticket.eventId}:${no}`);
      if (race) needed.set(race.id, race);
    }
  }
  const runnerRows =
    needed.size === 0
      ? []
      : await db
          .selectFrom('runners')
          .select(['race_id', 'runner_no', 'status', 'odds'])
          .where('race_id', 'in', [...needed.keys()])
          .execute();
  const runners = new Map<number, ReturnType<typeof runnersOfRows>>();
  for (const raceId of needed.keys()) {
    runners.set(raceId, runnersOfRows(runnerRows.filter((row) => row.race_id === raceId)));
  }
  const needFavourite = [...needed.values()]
    .filter((race) => CLOSED.has(race.status) && (runners.get(race.id)?.scratched.length ?? 0) > 0)
    .map((race) => race.id);
  const stakeRows =
    needFavourite.length === 0
      ? []
      : await db
          .selectFrom('bet_tickets')
          .select(['first_race_id', 'selections', (eb) => eb.fn.sum<number | string>('amount').as('amount')])
          .where('first_race_id', 'in', needFavourite)
          .where('bet_type', '=', 'W')
          .groupBy(['first_race_id', 'selections'])
          .execute();
  const states = new Map<number, LegRaceState>();
  for (const race of needed.values()) {
    const { running, scratched } = runners.get(race.id) ?? { running: [], scratched: [] };
    const favourite = needFavourite.includes(race.id)
      ? favouriteOf(
          running,
          winStakes(
            stakeRows
              .filter((row) => row.first_race_id === race.id)
              .map((row) => ({ amount: Number(row.amount), selections: parseSelections(row.selections) })),
          ),
        )
      : null;
    const official = race.status === 'D' && race.finish !== null;
    states.set(race.id, {
      state: race.status === 'X' ? 'cancelled' : official ? 'official' : 'pending',
      finish: official && race.finish ? (JSON.parse(race.finish) as FinishOrder) : [],
      scratched,
      favourite,
    });
  }
  const policies = new Map<string, Promise<LegPolicy>>();
  // A pool's policy is the one in force when its first race opened (decision 049).
  const policyOf = (ticket: TicketForLegs): Promise<LegPolicy> => {
    const firstRaceId = raceByNumber.get(`${ticket.eventId}:${ticket.firstRaceNo}`)?.id ?? 0;
    const key = `${firstRaceId}|${ticket.betType}`;
    let policy = policies.get(key);
    if (!policy) {
      policy = poolPolicyOf(db, { firstRaceId, betType: ticket.betType });
      policies.set(key, policy);
    }
    return policy;
  };

  const views: TicketLegsView[] = [];
  for (const [i, ticket] of tickets.entries()) {
    const raceNumbers = multi[i];
    if (!raceNumbers) {
      views.push(NOT_MULTI_RACE);
      continue;
    }
    const legStates = raceNumbers.map(
      (no): LegRaceState =>
        states.get(raceByNumber.get(`${ticket.eventId}:${no}`)?.id ?? 0) ?? {
          state: 'pending',
          finish: [],
          scratched: [],
          favourite: null,
        },
    );
    const { legs, summary } = ticketLegs(ticket.selections, legStates, await policyOf(ticket));
    views.push({
      legs: legs.map((leg, index) => ({
        raceNo: raceNumbers[index] ?? 0,
        status: leg.status,
        picks: [...new Set(ticket.selections[index] ?? [])],
        winners: leg.winners,
        substitutions: leg.substitutions,
        wonByAll: leg.wonByAll,
      })),
      legsSummary: summary,
    });
  }
  return views;
}
