import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_RACES_PER_EVENT, manilaDate, runnerBaseNumber, type Race } from '@karera/shared';
import { AppError } from '../../lib/errors.ts';
import { listEvents, racesOfEvent } from '../racing/racing.repo.ts';
import { isoDate } from '../racing/racing.routes.ts';
import {
  addRunner,
  createEvent,
  createRace,
  setRaceOdds,
  setRunnerScratched,
  transitionRace,
  type RacingActor,
} from '../racing/racing.service.ts';
import { confirmResult, type ToteDeps } from '../tote/settlement.service.ts';
import { winStakesOf } from '../tote/pools.ts';
import { HORSE_NAMES, JOCKEY_NAMES } from './names.ts';

const SIMULATOR: RacingActor = { type: 'system', id: null };

/** One race at pace 1, in milliseconds: betting open, last call, running, result shown. */
const PHASES_MS = { open: 90_000, lastCall: 30_000, running: 45_000, result: 15_000 } as const;
const ODDS_TICK_MS = 5_000;

export interface SimulatorOptions {
  speed: number;
  log: FastifyBaseLogger;
  /** Chance that a race gets a scratched runner when betting opens, and that a race is cancelled. */
  scratchChance?: number;
  cancelChance?: number;
  random?: (maxExclusive: number) => number;
}

export interface Simulator {
  stop(): void;
}

function pick<T>(items: readonly T[], random: (n: number) => number): T {
  return items[random(items.length)] as T;
}

/** Shuffled copy (Fisher-Yates). */
function shuffled<T>(items: readonly T[], random: (n: number) => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * The demo race day: with no race day today it creates one (10 races, 8-12 runners each) and runs it
 * race by race: open, odds moving, last call, closed, result, next race. It calls the same services
 * as the back office, so everything it does is audited and broadcast like an operator's action.
 */
export function startSimulator(deps: ToteDeps, options: SimulatorOptions): Simulator {
  const random = options.random ?? ((n: number) => randomInt(n));
  const scratchChance = options.scratchChance ?? 0.3;
  const cancelChance = options.cancelChance ?? 0.05;
  const chance = (p: number) => random(1_000_000) < p * 1_000_000;
  const scaled = (ms: number) => Math.max(20, Math.round(ms / options.speed));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, scaled(ms));
      timer.unref();
    });

  async function createRaceDay(): Promise<number> {
    const today = isoDate(manilaDate(new Date()));
    const event = await createEvent(deps, SIMULATOR, {
      name: `Karera Demo Race Day`,
      arena: 'Metro Manila Turf Club, Carmona',
      streamUrl: '',
      raceDate: today,
      enabledBetTypes: ['TRI', 'QRT', 'PENTA', 'DD', 'DD+1', 'XD', 'PICK4', 'PICK5', 'PICK6', 'WTA'],
    });
    const raceMs = Object.values(PHASES_MS).reduce((a, b) => a + b, 0);
    for (let raceNo = 1; raceNo <= DEFAULT_RACES_PER_EVENT; raceNo += 1) {
      const start = new Date(Date.now() + scaled(raceMs * raceNo));
      const race = await createRace(deps, SIMULATOR, event.id, {
        raceNo,
        startDateTime: start.toISOString(),
        enabledBetTypes: event.enabledBetTypes,
      });
      const horses = shuffled(HORSE_NAMES, random).slice(0, 8 + random(5));
      for (const [index, horseName] of horses.entries()) {
        await addRunner(deps, SIMULATOR, race.raceId, {
          runnerNo: String(index + 1),
          horseName,
          jockeyName: pick(JOCKEY_NAMES, random),
        });
      }
    }
    options.log.info({ eventId: event.id }, 'simulator created a demo race day');
    return event.id;
  }

  /** Today's card with a race still to run, or a new one. */
  async function currentEventId(): Promise<number> {
    const today = isoDate(manilaDate(new Date()));
    for (const event of await listEvents(deps.db, { fromDate: today, limit: 10 })) {
      if (event.raceDate !== today) continue;
      const races = await racesOfEvent(deps.db, event.id);
      if (races.some((r) => r.status !== 'D' && r.status !== 'X')) return event.id;
    }
    return createRaceDay();
  }

  /**
   * Quoted odds that drift like a live Win pool (a favourite, a few contenders, long shots) until real
   * bets land: from then on the tote's odds from the pool take over.
   */
  async function moveOdds(race: Race): Promise<void> {
    if ((await winStakesOf(deps.db, race.raceId)).size > 0) return;
    const active = race.runners.filter((r) => r.status === 'A');
    const odds = new Map<number, number | null>();
    for (const runner of active) {
      const current = runner.odds ? Math.round(Number(runner.odds) * 100) : 200 + random(3000);
      const drift = Math.round(current * ((random(21) - 10) / 100));
      odds.set(runner.id, Math.min(99_900, Math.max(110, current + drift)));
    }
    await setRaceOdds(deps, race.raceId, odds);
  }

  async function runRace(race: Race): Promise<void> {
    if (race.status === 'A') {
      race = await transitionRace(deps, SIMULATOR, race.raceId, 'O');
      if (chance(scratchChance) && race.runners.length > 5) {
        const victim = pick(race.runners, random);
        race = await setRunnerScratched(deps, SIMULATOR, victim.id, true);
      }
    }
    if (chance(cancelChance)) {
      await transitionRace(deps, SIMULATOR, race.raceId, 'X');
      return;
    }
    if (race.status === 'O') {
      for (let elapsed = 0; elapsed < PHASES_MS.open && !stopped; elapsed += ODDS_TICK_MS) {
        await moveOdds(race);
        await wait(ODDS_TICK_MS);
      }
      race = await transitionRace(deps, SIMULATOR, race.raceId, 'L');
    }
    if (race.status === 'L') {
      await moveOdds(race);
      await wait(PHASES_MS.lastCall);
      race = await transitionRace(deps, SIMULATOR, race.raceId, 'C');
    }
    if (race.status === 'C') {
      await wait(PHASES_MS.running);
      // The finish follows the odds with some luck (lower odds, better chance); the tote pays on it.
      const active = race.runners.filter((r) => r.status === 'A');
      const finish: number[][] = [];
      for (const runnerNo of active
        .map((r) => ({
          no: runnerBaseNumber(r.runnerNo),
          score: (r.odds ? Number(r.odds) : 10) * (0.5 + random(1000) / 1000),
        }))
        .sort((a, b) => a.score - b.score)
        .map((r) => r.no)) {
        // Coupled runners (1 and 1A) are one betting interest: it is placed once, where it first finished.
        if (!finish.some((place) => place.includes(runnerNo))) finish.push([runnerNo]);
      }
      await confirmResult(deps, SIMULATOR, race.raceId, { finish });
      await wait(PHASES_MS.result);
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      try {
        const eventId = await currentEventId();
        const next = (await racesOfEvent(deps.db, eventId)).find((r) => r.status !== 'D' && r.status !== 'X');
        if (next) await runRace(next);
      } catch (error) {
        if (stopped) return;
        // An operator moved the race first (the state machine refused ours): carry on with the card as it is.
        if (!(error instanceof AppError)) options.log.error({ err: error }, 'simulator step failed');
        await wait(1_000);
      }
    }
  }

  void loop();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
