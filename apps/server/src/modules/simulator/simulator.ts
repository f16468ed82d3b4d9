import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_RACES_PER_EVENT, FLAG_BET_TYPES, finishOfRunOrder, manilaDate, type Race } from '@karera/shared';
import { createLease, type Lease } from '../../db/lease.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import {
  racesOfEvent,
  isoDate,
  addRunner,
  createEvent,
  createRace,
  setRunnerScratched,
  transitionRace,
  type RacingActor,
} from '../racing/index.ts';
import { confirmResult, type ToteDeps } from '../tote/index.ts';
import type { BetPlacement } from '../betting/index.ts';
import { setRaceCard } from '../form/index.ts';
import { seedHistory } from './history.ts';
import { ARENAS } from './names.ts';
import {
  ensurePopulation,
  loadPopulation,
  markCarded,
  recentStarts,
  runDetails,
  trackConditionOf,
  type PopulationHorse,
} from './population.ts';
import {
  CLASS_LEVELS,
  DISTANCES,
  classOf,
  drawField,
  handicapRating,
  shuffle,
  weightTenths,
} from './population-model.ts';
import { raceRunOf, runOrderStanding, startRaceRun } from './raceRuns.ts';
import { createCrowd, crowdRaces } from './crowd.ts';
import { cardWanted, dueStep, isFinal, raceStepDue, type CardClock, type PacedClock } from './demo-clock.ts';

const SIMULATOR: RacingActor = { type: 'system', id: null };

/**
 * The demo card's clock at pace 1, in milliseconds, as a track runs it: a race every three minutes;
 * each opens for betting well before its post time (so several races of the card, and the next card's
 * first ones, are on sale at once and a multi-race pool can be bet while its first leg is open), goes
 * to last call, closes at post time and has its result after the running.
 */
export const DEMO_CLOCK_MS = {
  /** Between two post times. */
  interval: 180_000,
  /** From a new card to its first post time: its first races open at once. */
  firstPost: 120_000,
  /** Betting opens this long before post time. */
  openAhead: 540_000,
  /** Last call this long before post time. */
  lastCall: 30_000,
  /** From post time (closed) to the official result. */
  running: 45_000,
} as const;
/**
 * Share of the running time the drawn race takes (start to the last runner home); the rest is the wait
 * for the official result, as at a track.
 */
export const DRAWN_RACE_SHARE = 0.8;
/** How often the crowd bets on an open race, at pace 1, and never more often than every CROWD_MIN_MS (wall clock). */
const CROWD_TICK_MS = 5_000;
const CROWD_MIN_MS = 250;
/**
 * The crowd stops betting on a race this long (wall clock) before its last call at the latest, so that the
 * odds publisher (every ODDS_INTERVAL_MS) has shown its last bets before the race closes.
 */
const CROWD_CLOSING_MS = 1_000;
/** How often the simulator looks at the clock, at pace 1, and how long its own lease lasts unrenewed (wall clock). */
const TICK_MS = 1_000;
const LEASE_TTL_MS = 3_000;
export const SIMULATOR_LEASE = 'race-day-simulator';

export interface SimulatorOptions {
  speed: number;
  log: FastifyBaseLogger;
  /** Chance that a race gets a scratched runner when betting opens, and that a race is cancelled. */
  scratchChance?: number;
  cancelChance?: number;
  random?: (maxExclusive: number) => number;
  /** This instance's name on the lease (tests run two simulators in one process). */
  holder?: string;
  /**
   * What makes this the only simulator driving the database: the server's leadership (decision 030).
   * Without one the simulator takes a lease of its own.
   */
  lease?: Lease;
  /** Races per demo card. */
  racesPerCard?: number;
  /**
   * The demo crowd (decision 047): simulated bettors placing real tickets through the players' placement,
   * so the odds shown are the pool's. Without it the races open with empty pools.
   */
  crowd?: { placement: BetPlacement };
}

export interface Simulator {
  stop(): Promise<void>;
  /** The lease that makes this the only simulator driving the database. */
  readonly lease: Lease;
}

function pick<T>(items: readonly T[], random: (n: number) => number): T {
  return items[random(items.length)] as T;
}

/**
 * The demo race day, forever: it makes a card (10 races, 8-12 runners each) and runs every race of it
 * on the card's clock (DEMO_CLOCK_MS, divided by `speed`); before the last race of a card opens it makes
 * the next card, at another arena, so a race is always open or about to open. It calls the same
 * services as the back office, so everything it does is audited and broadcast like an operator's
 * action. It drives only the cards it made, and only while it holds the database's simulator lease:
 * however many servers share the database, one simulator runs the day.
 */
export function startSimulator(deps: ToteDeps, options: SimulatorOptions): Simulator {
  const random = options.random ?? ((n: number) => randomInt(n));
  const scratchChance = options.scratchChance ?? 0.3;
  const cancelChance = options.cancelChance ?? 0.05;
  const racesPerCard = options.racesPerCard ?? DEFAULT_RACES_PER_EVENT;
  const chance = (p: number) => random(1_000_000) < p * 1_000_000;
  /** The same source as a number in [0, 1), for the population's model. */
  const unit = () => random(1_000_000) / 1_000_000;
  let populated = false;
  const scaled = (ms: number) => Math.max(1, Math.round(ms / options.speed));
  const tickMs = Math.max(50, scaled(TICK_MS));
  const lease = options.lease ?? createLease(deps.db, SIMULATOR_LEASE, { ttlMs: LEASE_TTL_MS, holder: options.holder });
  const crowd = options.crowd
    ? createCrowd(deps.db, { placement: options.crowd.placement, random: () => random(1_000_000) / 1_000_000 })
    : null;
  const crowdEvery = Math.max(CROWD_MIN_MS, scaled(CROWD_TICK_MS));
  let lastCrowdStep = 0;
  /** Running races whose run is known to be stored (saves a read per tick). */
  const withRun = new Set<number>();
  const hasRun = (raceId: number) => withRun.has(raceId);
  const clock: PacedClock = {
    openAhead: scaled(DEMO_CLOCK_MS.openAhead),
    lastCall: scaled(DEMO_CLOCK_MS.lastCall),
    running: scaled(DEMO_CLOCK_MS.running),
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let leading = false;
  let running: Promise<void> = Promise.resolve();

  async function createCard(firstPostMs: number, arenaIndex: number): Promise<void> {
    const raceDate = isoDate(manilaDate(new Date(firstPostMs)));
    const arena = ARENAS[arenaIndex % ARENAS.length] as (typeof ARENAS)[number];
    const event = await createEvent(deps, SIMULATOR, {
      name: `${arena.name} Demo Race Day`,
      arena: arena.place,
      streamUrl: '',
      raceDate,
      enabledBetTypes: [...FLAG_BET_TYPES],
    });
    await deps.db.insertInto('demo_cards').values({ event_id: event.id, created_at: nowIso() }).execute();
    const population = await loadPopulation(deps.db);
    const byId = new Map(population.horses.map((horse) => [horse.id, horse]));
    const taken = new Set<number>();
    for (let raceNo = 1; raceNo <= racesPerCard; raceNo += 1) {
      const post = new Date(firstPostMs + scaled(DEMO_CLOCK_MS.interval) * (raceNo - 1));
      // A race starts on its race day (decision 048): a card begun late in the Manila evening ends by midnight.
      if (isoDate(manilaDate(post)) !== raceDate) break;
      const race = await createRace(deps, SIMULATOR, event.id, {
        raceNo,
        startDateTime: post.toISOString(),
        enabledBetTypes: event.enabledBetTypes,
      });
      // The field: rested horses of the race's class from the population (decision 053), rated by their form.
      const classLevel = pick(CLASS_LEVELS, random);
      const distanceM = pick(DISTANCES, random);
      const ids = drawField(population.horses, { classLevel, raceDate, size: 8 + random(5), taken }, unit);
      const field = ids.map((id) => byId.get(id)).filter((horse): horse is PopulationHorse => horse !== undefined);
      for (const horse of field) taken.add(horse.id);
      const starts = await recentStarts(deps.db, ids, raceDate);
      const ratings = field.map((horse) => handicapRating(starts.get(horse.id) ?? [], horse.classLevel));
      const meanRating = ratings.reduce((a, b) => a + b, 0) / Math.max(1, ratings.length);
      const jockeys = shuffle(population.jockeys, unit);
      const gates = shuffle(
        field.map((_, index) => index + 1),
        unit,
      );
      for (const [index, horse] of field.entries()) {
        await addRunner(deps, SIMULATOR, race.raceId, {
          runnerNo: String(index + 1),
          horseName: horse.name,
          jockeyName: jockeys[index % Math.max(1, jockeys.length)]?.name ?? 'J. Cruz',
        });
      }
      await setRaceCard(deps.db, race.raceId, {
        distanceM,
        raceClass: classOf(classLevel),
        runners: field.map((horse, index) => ({
          runnerNo: String(index + 1),
          weightKgTenths: weightTenths(ratings[index] ?? meanRating, meanRating, unit),
          gate: gates[index] ?? index + 1,
          rating: ratings[index] ?? null,
        })),
      });
    }
    await markCarded(deps.db, population.horses, taken, raceDate, unit);
    options.log.info({ eventId: event.id, arena: arena.place }, 'simulator created a demo card');
  }

  /**
   * The clocks of the races of the demo cards with races still to run (every race of such a card), oldest
   * card first: all a tick needs to know whether it has work.
   */
  async function cardClocksInPlay(): Promise<CardClock[]> {
    const rows = await deps.db
      .selectFrom('races')
      .innerJoin('demo_cards', 'demo_cards.event_id', 'races.event_id')
      .select(['races.id', 'races.event_id', 'races.status', 'races.start_time'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('races as unfinished')
            .select('unfinished.id')
            .whereRef('unfinished.event_id', '=', 'races.event_id')
            .where('unfinished.status', 'not in', ['D', 'X']),
        ),
      )
      .orderBy('races.event_id')
      .orderBy('races.race_no')
      .execute();
    const cards: CardClock[] = [];
    for (const row of rows) {
      const race = { raceId: row.id, status: row.status, startDateTime: row.start_time };
      const last = cards.at(-1);
      if (last?.eventId === row.event_id) last.races.push(race);
      else cards.push({ eventId: row.event_id, races: [race] });
    }
    return cards;
  }

  /** Those cards with their races and runners, read afresh. */
  async function cardsInPlay(clocks: CardClock[]): Promise<{ eventId: number; races: Race[] }[]> {
    const cards = [];
    for (const { eventId } of clocks) cards.push({ eventId, races: await racesOfEvent(deps.db, eventId) });
    return cards;
  }

  /**
   * A new card once the newest has no race left awaiting its opening: its first post one interval
   * after the newest card's last, or soon when there is none.
   */
  async function planCards(cards: { races: Race[] }[], now: number): Promise<void> {
    if (!cardWanted(cards)) return;
    const newest = cards.at(-1);
    const lastPost = newest ? Math.max(...newest.races.map((race) => Date.parse(race.startDateTime))) : Number.NaN;
    const firstPost = Number.isFinite(lastPost)
      ? Math.max(lastPost + scaled(DEMO_CLOCK_MS.interval), now + scaled(DEMO_CLOCK_MS.firstPost))
      : now + scaled(DEMO_CLOCK_MS.firstPost);
    const made = await deps.db
      .selectFrom('demo_cards')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    await createCard(firstPost, Number(made.count));
  }

  /**
   * The race goes off: its run (the finishing order, following the odds with some luck, and the seed of
   * the running) is decided now and drawn on every screen; `endsAt` is when its result is due.
   */
  async function sendOff(race: Race, endsAt: number, now: number) {
    const drawnMs = Math.max(1, (endsAt - now) * DRAWN_RACE_SHARE);
    const run = await startRaceRun(deps, race, { durationMs: drawnMs, random, now });
    withRun.add(race.raceId);
    return run;
  }

  /**
   * The result is the order the race was drawn in; the tote pays on it. The run's margins and times and the
   * day's going are the runners' official results' (decision 053).
   */
  async function resultOf(race: Race, now: number) {
    const run = (await raceRunOf(deps.db, race.raceId)) ?? (await sendOff(race, now, now));
    withRun.delete(race.raceId);
    const order = runOrderStanding(run, race);
    const conditions = await deps.db
      .selectFrom('races')
      .select('distance_m')
      .where('id', '=', race.raceId)
      .executeTakeFirst();
    return {
      finish: finishOfRunOrder(order),
      details: {
        trackCondition: trackConditionOf(race.eventId),
        runners: runDetails(order, run.seed, conditions?.distance_m ?? null),
      },
    };
  }

  /** One step of a race towards where its clock says it should be. */
  async function stepRace(race: Race, now: number): Promise<void> {
    const post = Date.parse(race.startDateTime);
    switch (dueStep(race, now, clock, hasRun)) {
      case 'open': {
        const opened = await transitionRace(deps, SIMULATOR, race.raceId, 'O');
        if (chance(scratchChance) && opened.runners.length > 5) {
          await setRunnerScratched(deps, SIMULATOR, pick(opened.runners, random).id, true);
        }
        if (chance(cancelChance)) await transitionRace(deps, SIMULATOR, race.raceId, 'X');
        return;
      }
      case 'lastCall':
        await transitionRace(deps, SIMULATOR, race.raceId, 'L');
        return;
      case 'off': {
        const off = await transitionRace(deps, SIMULATOR, race.raceId, 'C');
        await sendOff(off, post + clock.running, now);
        return;
      }
      case 'result': {
        const { finish, details } = await resultOf(race, now);
        await confirmResult(deps, SIMULATOR, race.raceId, { finish }, details);
        return;
      }
      case 'run':
        // Sent off by a simulator that stopped before deciding the run: decide it now, for the time left,
        // unless another simulator already did.
        if (await raceRunOf(deps.db, race.raceId)) withRun.add(race.raceId);
        else await sendOff(race, post + clock.running, now);
        return;
      case undefined:
        return;
    }
  }

  /**
   * Whether a tick has anything to do: the crowd due to bet, a card to make, or a race due a step. Most
   * ticks have none (at a fast pace the clock is read twenty times a second): they end after one read of
   * the races' clocks, without loading every card in play with its runners.
   */
  function workDue(clocks: CardClock[], now: number): boolean {
    if (crowd && now - lastCrowdStep >= crowdEvery) return true;
    return cardWanted(clocks) || raceStepDue(clocks, now, clock, hasRun);
  }

  /**
   * The crowd's tickets of this step, in the races open now: every few seconds at pace 1, and never in a
   * race about to reach last call (at a fast pace the bet would land after it closed).
   */
  async function crowdStep(cards: { races: Race[] }[], tickStart: number): Promise<void> {
    if (!crowd || tickStart - lastCrowdStep < crowdEvery) return;
    lastCrowdStep = tickStart;
    try {
      // The races' clocks as they are now, after this tick's steps.
      const races = crowdRaces(cards, Date.now(), {
        openAheadMs: clock.openAhead,
        lastCallMs: clock.lastCall,
        closingMs: Math.max(2 * tickMs, crowdEvery, CROWD_CLOSING_MS),
      });
      await crowd.step(races);
    } catch (error) {
      options.log.error({ err: error }, 'simulator crowd could not bet');
    }
  }

  async function tick(): Promise<void> {
    const holds = await lease.hold();
    if (holds !== leading)
      options.log.info({ holder: lease.holder }, holds ? 'simulator leads' : 'simulator stands by');
    leading = holds;
    if (!holds) return;
    // The crowd is there (made and funded, the placement ready) before the first card is made.
    await crowd?.ready();
    // So is the population the cards draw their fields from.
    // A fresh database gets the population and its six months of past race days, once.
    if (!populated) {
      const started = Date.now();
      const today = isoDate(manilaDate(new Date()));
      await ensurePopulation(deps.db, unit, today, nowIso());
      const races = await seedHistory(deps.db, unit, today, nowIso());
      if (races > 0) options.log.info({ races, ms: Date.now() - started }, 'simulator seeded the form history');
      populated = true;
    }
    const now = Date.now();
    const clocks = await cardClocksInPlay();
    if (!workDue(clocks, now)) return;
    const cards = await cardsInPlay(clocks);
    if (stopped || !lease.holds()) return;
    await planCards(cards, now);
    for (const card of cards) {
      for (const race of card.races) {
        // A simulator that froze past its lease stops here: another may be driving the card by now.
        if (stopped || !lease.holds()) return;
        if (isFinal(race)) continue;
        try {
          await stepRace(race, now);
        } catch (error) {
          // An operator moved the race first (the state machine refused ours): the next tick reads it again.
          // Anything else is logged and the card goes on: one race that cannot step never stalls the others.
          if (!(error instanceof AppError)) {
            options.log.error({ err: error, raceId: race.raceId }, 'simulator could not step a race');
          }
        }
      }
    }
    if (stopped || !lease.holds()) return;
    await crowdStep(cards, now);
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => {
          if (!stopped) options.log.error({ err: error }, 'simulator step failed');
        })
        .finally(schedule);
    }, tickMs);
    timer.unref();
  }

  running = tick()
    .catch((error: unknown) => options.log.error({ err: error }, 'simulator step failed'))
    .finally(schedule);
  return {
    lease,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => undefined);
      if (leading) await lease.release().catch(() => undefined);
    },
  };
}
