import type { Kysely } from 'kysely';
import {
  betTypeByCode,
  favouriteOf,
  legRaceNumbers,
  ticketLegs,
  type FinishOrder,
  type LegPolicy,
  type LegRaceState,
  type TicketLeg,
  type TicketLegsSummary,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { runnersByNumber, winStakesOf } from '../tote/pools.ts';
import { policyFor } from '../tote/tote-settings.ts';

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
 * pool policy of the race date. Each race and policy is read once however many tickets share it.
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

  const states = new Map<number, Promise<LegRaceState>>();
  const stateOf = (race: (typeof races)[number]): Promise<LegRaceState> => {
    let state = states.get(race.id);
    if (!state) {
      state = (async () => {
        const { running, scratched } = await runnersByNumber(db, race.id);
        const favourite =
          scratched.length > 0 && CLOSED.has(race.status) ? favouriteOf(running, await winStakesOf(db, race.id)) : null;
        const official = race.status === 'D' && race.finish !== null;
        return {
          state: race.status === 'X' ? 'cancelled' : official ? 'official' : 'pending',
          finish: official && race.finish ? (JSON.parse(race.finish) as FinishOrder) : [],
          scratched,
          favourite,
        };
      })();
      states.set(race.id, state);
    }
    return state;
  };
  const policies = new Map<string, Promise<LegPolicy>>();
  const policyOf = (betType: string, raceDate: string): Promise<LegPolicy> => {
    const key = `${betType}|${raceDate}`;
    let policy = policies.get(key);
    if (!policy) {
      policy = policyFor(db, betType, raceDate);
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
    const legRaces = raceNumbers.map((no) => raceByNumber.get(`${ticket.eventId}:${no}`));
    const legStates = await Promise.all(
      legRaces.map((race) =>
        race
          ? stateOf(race)
          : Promise.resolve<LegRaceState>({ state: 'pending', finish: [], scratched: [], favourite: null }),
      ),
    );
    const { legs, summary } = ticketLegs(ticket.selections, legStates, await policyOf(ticket.betType, ticket.raceDate));
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
