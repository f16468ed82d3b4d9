import type { Kysely } from 'kysely';
import {
  legRaceNumbers,
  offeredBetTypes,
  poolSaleOnCard,
  runnerBaseNumber,
  winStakes,
  type PlaceBetInput,
  type Race,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { nowIso } from '../../lib/time.ts';
import type { BetPlacement } from '../betting/index.ts';
import { parseSelections } from '../tote/index.ts';
import { openPlayerAccounts, playerAccountCode, postTransaction } from '../wallet/index.ts';
import {
  crowdOpinion,
  crowdWinTarget,
  drawRunners,
  exoticAmount,
  pickExoticType,
  planWinTickets,
} from './crowd-model.ts';
import { DemoWork, lockDemoWork } from './demoLock.ts';

/**
 * The demo race day's crowd (decision 047): simulated bettors who place real tickets through the same
 * placement as players (app.betPlacement), so the pools, odds, will-pays and dividends a visitor sees are
 * the tote's from real pool money. They are player accounts flagged `demo_crowd`, funded from their own
 * house account, belong to no agent, claim no promo and make no payment request.
 */

/** The house account the crowd's play money comes from; reports and GGR leave it out. */
export const DEMO_CROWD_FUNDING = 'house:demo-crowd-funding';
/** The ledger kind of a crowd member's funding. */
export const DEMO_CROWD_FUNDING_KIND = 'DEMO_CROWD_FUNDING';
/** The idempotency scope of the crowd's fundings. */
export const FUNDING_SCOPE = 'system:demo-crowd:funding';
export const CROWD_SIZE = 24;
const PESO = 100;
/** Each member's play money, topped up again when it runs low. */
const FUNDING = 50_000 * PESO;
const LOW_BALANCE = 2_000 * PESO;
/** A crowd member's mobile number is not a phone number: nobody can sign in as one, or register it. */
export const crowdMobile = (index: number) => `demo-crowd-${String(index).padStart(2, '0')}`;
/** Not a password hash: no password matches it. */
const NO_PASSWORD = '!demo-crowd';

const FIRST_NAMES = [
  'Jose',
  'Maria',
  'Ramon',
  'Ana',
  'Carlo',
  'Liza',
  'Paolo',
  'Grace',
  'Miguel',
  'Rosa',
  'Andres',
  'Joy',
];
const LAST_NAMES = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Torres', 'Flores', 'Ramos', 'Aquino'];

type Db = Kysely<Database>;

async function fundingAccountId(db: Db): Promise<number> {
  await db
    .insertInto('accounts')
    .values({ code: DEMO_CROWD_FUNDING, kind: 'house', player_id: null, may_go_negative: 1, created_at: nowIso() })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('code', '=', DEMO_CROWD_FUNDING)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Funds the crowd's members that run low: one balanced transaction from the crowd's house account to
 * their credit, at most once per key (the crowd's how-many-th funding), however many simulators try.
 */
async function fund(db: Db, playerIds: readonly number[]): Promise<void> {
  if (playerIds.length === 0) return;
  const source = await fundingAccountId(db);
  const credits = await db
    .selectFrom('accounts')
    .select('id')
    .where(
      'code',
      'in',
      playerIds.map((id) => playerAccountCode(id, 'credit')),
    )
    .execute();
  const done = await db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('kind', '=', DEMO_CROWD_FUNDING_KIND)
    .executeTakeFirstOrThrow();
  const key = `funding-${Number(done.count) + 1}`;
  await runIdempotent(
    db,
    { scope: FUNDING_SCOPE, key, request: { playerIds: [...playerIds].sort((a, b) => a - b), amount: FUNDING } },
    async (trx) => {
      // The balances read before may be stale: another simulator may have funded these members meanwhile,
      // under a key of its own. Read again under the lock; if any is no longer low, nothing is paid now and
      // the next step reads them afresh.
      await lockDemoWork(trx, DemoWork.crowdFunding);
      const stillLow = await trx
        .selectFrom('accounts')
        .select('id')
        .where(
          'id',
          'in',
          credits.map((credit) => credit.id),
        )
        .where('balance', '<', LOW_BALANCE)
        .execute();
      if (stillLow.length !== credits.length) throw new FundedMeanwhile();
      return postTransaction(trx, {
        kind: DEMO_CROWD_FUNDING_KIND,
        description: 'Demo crowd play money',
        actor: { type: 'system', id: null },
        metadata: { playerIds, demoCrowd: true, key },
        postings: [
          ...credits.map((credit) => ({ accountId: credit.id, amount: FUNDING })),
          { accountId: source, amount: -FUNDING * credits.length },
        ],
      });
    },
  ).catch((error: unknown) => {
    if (!(error instanceof FundedMeanwhile)) throw error;
  });
}

/** The crowd's members were funded by another simulator after this one read their balances. */
class FundedMeanwhile extends Error {}

/** The crowd's members (made on first use, in one transaction), topped up when they run low. */
export async function crowdMembers(db: Db): Promise<{ playerId: number; credit: number }[]> {
  const read = () =>
    db
      .selectFrom('players as p')
      .innerJoin('accounts as a', (join) => join.onRef('a.player_id', '=', 'p.id').on('a.kind', '=', 'player_credit'))
      .select(['p.id', 'a.balance'])
      .where('p.demo_crowd', '=', 1)
      .orderBy('p.id')
      .execute();
  let rows = await read();
  if (rows.length < CROWD_SIZE) {
    await db.transaction().execute(async (trx) => {
      for (let index = 1; index <= CROWD_SIZE; index += 1) {
        const created = await trx
          .insertInto('players')
          .values({
            mobile_no: crowdMobile(index),
            first_name: FIRST_NAMES[index % FIRST_NAMES.length] ?? 'Juan',
            last_name: LAST_NAMES[(index * 7) % LAST_NAMES.length] ?? 'Cruz',
            email: null,
            password_hash: NO_PASSWORD,
            verified: 1,
            agent_id: null,
            demo_crowd: 1,
            created_at: nowIso(),
          })
          .onConflict((oc) => oc.column('mobile_no').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (created) await openPlayerAccounts(trx, created.id);
      }
    });
    rows = await read();
  }
  const low = rows.filter((row) => Number(row.balance) < LOW_BALANCE).map((row) => row.id);
  await fund(db, low);
  return rows.map((row) => ({ playerId: row.id, credit: Number(row.balance) + (low.includes(row.id) ? FUNDING : 0) }));
}

/** The crowd's own Win money in a race, by runner. */
async function crowdWinStakes(db: Db, raceId: number): Promise<Map<number, number>> {
  const groups = await db
    .selectFrom('bet_tickets as b')
    .innerJoin('players as p', 'p.id', 'b.player_id')
    .select(['b.selections', (eb) => eb.fn.sum<number | string>('b.amount').as('amount')])
    .where('b.first_race_id', '=', raceId)
    .where('b.bet_type', '=', 'W')
    .where('p.demo_crowd', '=', 1)
    .groupBy('b.selections')
    .execute();
  return winStakes(groups.map((g) => ({ amount: Number(g.amount), selections: parseSelections(g.selections) })));
}

const runningNumbers = (race: Race) => [
  ...new Set(race.runners.filter((r) => r.status === 'A').map((r) => runnerBaseNumber(r.runnerNo))),
];

export interface CrowdOptions {
  placement: BetPlacement;
  /** A number in [0, 1) (tests give their own). */
  random?: () => number;
}

export interface CrowdRace {
  race: Race;
  /** Where the race is in its open period: 0 at opening, 1 at last call. */
  fraction: number;
  /** The other races of its card, for multi-race pools. */
  card: readonly Race[];
}

/** Tickets in flight at most, per step (besides a race's opening tickets): the step stays short at any pace. */
const MAX_TICKETS_PER_STEP = 24;

export interface Crowd {
  /** Makes (and funds) the crowd's members if need be: before a step, whose clock starts after it. */
  ready(): Promise<void>;
  /** Places this step's tickets in the given open races; refusals (a race closed meanwhile) are dropped. */
  step(races: readonly CrowdRace[]): Promise<number>;
}

export function createCrowd(db: Db, options: CrowdOptions): Crowd {
  const random = options.random ?? Math.random;
  let members: { playerId: number; credit: number }[] | null = null;
  let sequence = 0;
  const nextKey = () => {
    sequence += 1;
    return `crowd-${Date.now().toString(36)}-${sequence}-${Math.floor(random() * 1e9).toString(36)}`;
  };

  /** The card's ratings of each race's runners (by number), read once a step: the crowd backs the best rated. */
  let ratings = new Map<number, Map<number, number>>();
  const opinionOf = (race: Race) => crowdOpinion(race.raceId, runningNumbers(race), ratings.get(race.raceId));

  function exoticTicket(entry: CrowdRace): Omit<PlaceBetInput, 'idempotencyKey'> | null {
    const { race, card } = entry;
    const byNo = new Map(card.map((r) => [r.raceNo, r]));
    const available = offeredBetTypes(race.enabledBetTypes).filter(
      (type) =>
        type.code !== 'W' &&
        (type.raceType !== 'single' || runningNumbers(race).length >= type.selector) &&
        poolSaleOnCard(type, race.raceNo, (no) => byNo.get(no)?.status).open,
    );
    const code = pickExoticType(
      available.map((type) => type.code),
      random,
    );
    const type = available.find((t) => t.code === code);
    if (!type) return null;
    let selections: number[][];
    if (type.raceType === 'single') {
      selections = drawRunners(opinionOf(race), type.selector, random).map((n) => [n]);
    } else {
      selections = [];
      for (const no of legRaceNumbers(type, race.raceNo)) {
        const leg = byNo.get(no);
        if (!leg) return null;
        const [pick] = drawRunners(opinionOf(leg), 1, random);
        if (pick === undefined) return null;
        selections.push([pick]);
      }
    }
    return {
      raceId: race.raceId,
      eventId: race.eventId,
      betType: type.code,
      selections,
      amount: exoticAmount(random),
      useBonus: false,
    };
  }

  return {
    async ready() {
      // The placement thread starts on first use otherwise, in the middle of a step.
      await options.placement.warmUp();
      members ??= await crowdMembers(db);
    },
    async step(races) {
      if (races.length === 0) return 0;
      members ??= await crowdMembers(db);
      /** A race's first tickets, one on each runner, all go; of the rest, MAX_TICKETS_PER_STEP. */
      const opening: Omit<PlaceBetInput, 'idempotencyKey'>[] = [];
      const bets: Omit<PlaceBetInput, 'idempotencyKey'>[] = [];
      ratings = await cardRatings(db, [...new Set(races.flatMap((entry) => entry.card.map((race) => race.raceId)))]);
      for (const entry of races) {
        const { race } = entry;
        const opinion = opinionOf(race);
        if (opinion.size === 0) continue;
        const stakes = await crowdWinStakes(db, race.raceId);
        // The first step puts something on every runner: each has odds from the start.
        const plan = planWinTickets(opinion, stakes, crowdWinTarget(race.raceId, entry.fraction), random, 3);
        for (const ticket of plan) {
          (stakes.size === 0 ? opening : bets).push({
            raceId: race.raceId,
            eventId: race.eventId,
            betType: 'W',
            selections: [[ticket.runnerNo]],
            amount: ticket.amount,
            useBonus: false,
          });
        }
        // About one ticket in another pool for every two Win tickets.
        const exotics = Math.round(plan.length * 0.5 + random() * 0.5);
        for (let i = 0; i < exotics; i += 1) {
          const bet = exoticTicket(entry);
          if (bet) bets.push(bet);
        }
      }
      const chosen = [...opening, ...bets.slice(0, MAX_TICKETS_PER_STEP)];
      let lowOnMoney = false;
      const placed = await Promise.all(
        chosen.map(async (bet) => {
          const member = members?.[Math.floor(random() * (members?.length ?? 0))];
          if (!member) return false;
          try {
            const receipt = await options.placement.place(member.playerId, { ...bet, idempotencyKey: nextKey() });
            member.credit = receipt.creditBalance;
            if (member.credit < LOW_BALANCE) lowOnMoney = true;
            return true;
          } catch (error) {
            // A race that closed, a runner scratched meanwhile: the crowd just does not get that bet on.
            if (error instanceof AppError) {
              if (error.httpStatus === 409) lowOnMoney = true;
              return false;
            }
            throw error;
          }
        }),
      );
      // Read the members again (and top up the low ones) before the next step.
      if (lowOnMoney) members = null;

      return placed.filter(Boolean).length;
    },
  };
}

/** The card's rating of each runner, by race and runner number (a coupled entry: its best rated). */
async function cardRatings(db: Db, raceIds: readonly number[]): Promise<Map<number, Map<number, number>>> {
  const byRace = new Map<number, Map<number, number>>();
  if (raceIds.length === 0) return byRace;
  const rows = await db
    .selectFrom('runners')
    .select(['race_id', 'runner_no', 'rating'])
    .where('race_id', 'in', raceIds)
    .where('rating', 'is not', null)
    .execute();
  for (const row of rows) {
    if (row.rating === null) continue;
    const ofRace = byRace.get(row.race_id) ?? new Map<number, number>();
    const no = runnerBaseNumber(row.runner_no);
    ofRace.set(no, Math.max(ofRace.get(no) ?? row.rating, row.rating));
    byRace.set(row.race_id, ofRace);
  }
  return byRace;
}

/** Races the crowd bets on now, from the cards in play: open, and not within `closingMs` of last call. */
export function crowdRaces(
  cards: readonly { races: readonly Race[] }[],
  now: number,
  clock: { openAheadMs: number; lastCallMs: number; closingMs: number },
): CrowdRace[] {
  const entries: CrowdRace[] = [];
  for (const card of cards) {
    for (const race of card.races) {
      if (race.status !== 'O') continue;
      const post = Date.parse(race.startDateTime);
      const opens = post - clock.openAheadMs;
      const lastCall = post - clock.lastCallMs;
      if (now >= lastCall - clock.closingMs) continue;
      entries.push({ race, fraction: (now - opens) / Math.max(1, lastCall - opens), card: card.races });
    }
  }
  return entries;
}
