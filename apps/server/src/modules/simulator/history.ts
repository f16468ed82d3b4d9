import type { Kysely } from 'kysely';
import { addCalendarDays } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { rebuildFormTallies } from '../form/index.ts';
import { DemoWork, lockDemoWork } from './demoLock.ts';
import { ARENAS } from './names.ts';
import { loadPopulation, writeTraits, type PopulationHorse } from './population.ts';
import {
  CLASS_LEVELS,
  DISTANCES,
  REST_DAYS,
  TRACK_CONDITIONS,
  classOf,
  driftedAbility,
  drawField,
  handicapRating,
  randomInt,
  runRace,
  shuffle,
  weightTenths,
  type Random,
  type RatedStart,
} from './population-model.ts';

/**
 * Six months of the population's past race days (issue 34 §2, decision 053), written once in bulk when the
 * database has no race history yet, so that form guides are full from the first minute. History only: the
 * days, races, runners, official results and recorded runs (for replays), and no pools, tickets or ledger
 * entries. A restart finds the history and writes nothing.
 */

type Db = Kysely<Database>;

export const HISTORY_DAYS = 182;
/** A race day every this many days, at the tracks in turn. */
const DAYS_BETWEEN = 3;
const RACES_PER_DAY = 6;
/** Chance that a carded runner is scratched. */
const SCRATCH_CHANCE = 0.04;
const CHUNK = 400;
/** Who made the past race days (the simulator's name on a card it makes is 'simulator'). */
const HISTORY_AUTHOR = 'simulator:history';

interface PastRace {
  eventKey: number;
  raceNo: number;
  postIso: string;
  distanceM: number;
  classLevel: number;
  runners: {
    runnerNo: string;
    horse: PopulationHorse;
    jockeyId: number;
    jockeyName: string;
    weightKgTenths: number;
    gate: number;
    rating: number;
    scratched: boolean;
    position: number | null;
    marginHundredths: number | null;
    timeMs: number | null;
  }[];
  seed: number;
}

interface PastDay {
  key: number;
  raceDate: string;
  arena: (typeof ARENAS)[number];
  trackCondition: string;
  races: PastRace[];
}

/** The past days, run by the population's model in memory; the population's traits move as they run. */
export function planHistory(
  population: { horses: PopulationHorse[]; jockeys: { id: number; name: string; skill: number }[] },
  today: string,
  random: Random,
): PastDay[] {
  const days: PastDay[] = [];
  const starts = new Map<number, RatedStart[]>();
  const byId = new Map(population.horses.map((horse) => [horse.id, horse]));
  for (const horse of population.horses) horse.restedOn = addCalendarDays(today, -HISTORY_DAYS);
  for (let back = HISTORY_DAYS; back >= 1; back -= DAYS_BETWEEN) {
    const raceDate = addCalendarDays(today, -back);
    const day: PastDay = {
      key: days.length,
      raceDate,
      arena: ARENAS[days.length % ARENAS.length] as (typeof ARENAS)[number],
      trackCondition: TRACK_CONDITIONS[randomInt(random, TRACK_CONDITIONS.length)] ?? 'Good',
      races: [],
    };
    const taken = new Set<number>();
    for (let raceNo = 1; raceNo <= RACES_PER_DAY; raceNo += 1) {
      const classLevel = CLASS_LEVELS[randomInt(random, CLASS_LEVELS.length)] ?? 3;
      const distanceM = DISTANCES[randomInt(random, DISTANCES.length)] ?? 1200;
      const rested = population.horses.filter((horse) => horse.restedOn <= raceDate);
      const ids = drawField(rested, { classLevel, raceDate, size: 8 + randomInt(random, 5), taken }, random);
      if (ids.length < 5) continue;
      const field = ids.map((id) => byId.get(id)).filter((horse): horse is PopulationHorse => horse !== undefined);
      const ratings = field.map((horse) => handicapRating(starts.get(horse.id) ?? [], horse.classLevel));
      const mean = ratings.reduce((a, b) => a + b, 0) / ratings.length;
      const jockeys = shuffle(population.jockeys, random);
      const gates = shuffle(
        field.map((_, index) => index + 1),
        random,
      );
      const runners = field.map((horse, index) => {
        taken.add(horse.id);
        const jockey = jockeys[index % jockeys.length];
        return {
          runnerNo: String(index + 1),
          horse,
          jockeyId: jockey?.id ?? 0,
          jockeyName: jockey?.name ?? '',
          weightKgTenths: weightTenths(ratings[index] ?? mean, mean, random),
          gate: gates[index] ?? index + 1,
          rating: ratings[index] ?? Math.round(mean),
          scratched: random() < SCRATCH_CHANCE,
          position: null as number | null,
          marginHundredths: null as number | null,
          timeMs: null as number | null,
        };
      });
      const running = runners.filter((runner) => !runner.scratched);
      const skillOf = new Map(population.jockeys.map((jockey) => [jockey.id, jockey.skill]));
      const order = runRace(
        running.map((runner) => ({
          key: runner.runnerNo,
          traits: runner.horse.traits,
          jockeySkill: skillOf.get(runner.jockeyId) ?? 0,
        })),
        distanceM,
        random,
      );
      const byNo = new Map(runners.map((runner) => [runner.runnerNo, runner]));
      order.forEach((line, index) => {
        const runner = byNo.get(line.key);
        if (!runner) return;
        runner.position = index + 1;
        runner.marginHundredths = line.marginHundredths;
        runner.timeMs = line.timeMs;
        const list = starts.get(runner.horse.id) ?? [];
        list.push({
          position: index + 1,
          fieldSize: running.length,
          classLevel,
          marginHundredths: line.marginHundredths,
        });
        starts.set(runner.horse.id, list.slice(-4));
      });
      for (const runner of runners) {
        const horse = runner.horse;
        horse.restedOn = addCalendarDays(
          raceDate,
          runner.scratched ? 7 : REST_DAYS.min + randomInt(random, REST_DAYS.max - REST_DAYS.min + 1),
        );
        if (!runner.scratched)
          horse.traits = { ...horse.traits, ability: driftedAbility(horse.traits.ability, random) };
      }
      // 14:00 Manila for the first race, half an hour apart.
      const postIso = new Date(Date.parse(`${raceDate}T06:00:00Z`) + (raceNo - 1) * 30 * 60_000).toISOString();
      day.races.push({
        eventKey: day.key,
        raceNo,
        postIso,
        distanceM,
        classLevel,
        runners,
        seed: randomInt(random, 2 ** 31),
      });
    }
    days.push(day);
  }
  return days;
}

const inChunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Writes the population's six months of history when the database has none (no official result stored
 * yet, and the population made). Answers the races written (0 when there was history already).
 */
export async function seedHistory(db: Db, random: Random, today: string, now: string): Promise<number> {
  const history = await db.selectFrom('runner_results').select('runner_id').limit(1).executeTakeFirst();
  if (history) return 0;
  const population = await loadPopulation(db);
  if (population.horses.length === 0) return 0;
  const days = planHistory(population, today, random);
  const trainerOf = new Map(
    (
      await db
        .selectFrom('horses')
        .select(['id', 'trainer_id'])
        .where(
          'id',
          'in',
          population.horses.map((h) => h.id),
        )
        .execute()
    ).map((row) => [row.id, row.trainer_id]),
  );
  let written = 0;
  await db.transaction().execute(async (trx) => {
    // Read again under the lock: two leaders never both seed.
    await lockDemoWork(trx, DemoWork.history);
    if (await trx.selectFrom('runner_results').select('runner_id').limit(1).executeTakeFirst()) return;
    await trx
      .insertInto('game_events')
      .values(
        days.map((day) => ({
          name: `${day.arena.name} Race Day`,
          arena: day.arena.place,
          stream_url: '',
          race_date: day.raceDate,
          enabled_bet_types: '[]',
          created_by: HISTORY_AUTHOR,
          created_at: now,
        })),
      )
      .execute();
    const eventRows = await trx
      .selectFrom('game_events')
      .select(['id', 'race_date'])
      .where('created_by', '=', HISTORY_AUTHOR)
      .where(
        'race_date',
        'in',
        days.map((day) => day.raceDate),
      )
      .execute();
    const eventOfDate = new Map(eventRows.map((row) => [row.race_date, row.id]));
    const eventIds = new Map(days.map((day) => [day.key, eventOfDate.get(day.raceDate) ?? 0]));
    const races = days.flatMap((day) => day.races.map((race) => ({ day, race })));
    for (const chunk of inChunks(races, CHUNK)) {
      await trx
        .insertInto('races')
        .values(
          chunk.map(({ day, race }) => ({
            event_id: eventIds.get(day.key) ?? 0,
            race_no: race.raceNo,
            status: 'D' as const,
            start_time: race.postIso,
            enabled_bet_types: '[]',
            opened_at: null,
            updated_at: now,
            distance_m: race.distanceM,
            race_class: classOf(race.classLevel),
          })),
        )
        .execute();
    }
    const raceRows = await trx
      .selectFrom('races')
      .select(['id', 'event_id', 'race_no'])
      .where('event_id', 'in', [...eventIds.values()])
      .execute();
    const raceIdOf = new Map(raceRows.map((row) => [`${row.event_id}:${row.race_no}`, row.id]));
    const idOf = ({ day, race }: { day: PastDay; race: PastRace }) =>
      raceIdOf.get(`${eventIds.get(day.key) ?? 0}:${race.raceNo}`) ?? 0;
    const runnerLines = races.flatMap((entry) => entry.race.runners.map((runner) => ({ ...entry, runner })));
    for (const chunk of inChunks(runnerLines, CHUNK)) {
      await trx
        .insertInto('runners')
        .values(
          chunk.map((line) => ({
            race_id: idOf(line),
            runner_no: line.runner.runnerNo,
            horse_name: line.runner.horse.name,
            jockey_name: line.runner.jockeyName,
            horse_id: line.runner.horse.id,
            jockey_id: line.runner.jockeyId,
            status: line.runner.scratched ? ('S' as const) : ('A' as const),
            odds: null,
            finish_position: line.runner.position,
            weight_kg_tenths: line.runner.weightKgTenths,
            gate: line.runner.gate,
            rating: line.runner.rating,
          })),
        )
        .execute();
    }
    const raceIds = [...raceIdOf.values()];
    const runnerIdOf = new Map<string, number>();
    for (const chunk of inChunks(raceIds, CHUNK)) {
      const rows = await trx
        .selectFrom('runners')
        .select(['id', 'race_id', 'runner_no'])
        .where('race_id', 'in', chunk)
        .execute();
      for (const row of rows) runnerIdOf.set(`${row.race_id}:${row.runner_no}`, row.id);
    }
    for (const chunk of inChunks(races, CHUNK)) {
      await trx
        .insertInto('race_results')
        .values(
          chunk.map((entry) => {
            const order = [...entry.race.runners]
              .filter((runner) => runner.position !== null)
              .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
            return {
              race_id: idOf(entry),
              finish: JSON.stringify(order.map((runner) => [Number(runner.runnerNo)])),
              official_dividends: '[]',
              confirmed_by: 'system',
              confirmed_at: new Date(Date.parse(entry.race.postIso) + 120_000).toISOString(),
            };
          }),
        )
        .execute();
      await trx
        .insertInto('demo_race_runs')
        .values(
          chunk.map((entry) => ({
            race_id: idOf(entry),
            started_at: entry.race.postIso,
            duration_ms: 36_000,
            seed: entry.race.seed,
            runner_order: [...entry.race.runners]
              .filter((runner) => runner.position !== null)
              .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
              .map((runner) => runner.runnerNo)
              .join(','),
          })),
        )
        .execute();
    }
    for (const chunk of inChunks(runnerLines, CHUNK)) {
      await trx
        .insertInto('runner_results')
        .values(
          chunk.map((line) => {
            const raceId = idOf(line);
            const fieldSize = line.race.runners.filter((runner) => !runner.scratched).length;
            return {
              runner_id: runnerIdOf.get(`${raceId}:${line.runner.runnerNo}`) ?? 0,
              race_id: raceId,
              horse_id: line.runner.horse.id,
              jockey_id: line.runner.jockeyId,
              trainer_id: trainerOf.get(line.runner.horse.id) ?? null,
              race_date: line.day.raceDate,
              track: line.day.arena.place,
              outcome: line.runner.scratched ? ('scratched' as const) : ('finished' as const),
              position: line.runner.position,
              margin_hundredths: line.runner.marginHundredths,
              time_ms: line.runner.timeMs,
              track_condition: line.day.trackCondition,
              distance_m: line.race.distanceM,
              race_class: classOf(line.race.classLevel),
              field_size: fieldSize,
              created_at: now,
            };
          }),
        )
        .execute();
    }
    // The form guide's tallies count the history, as they count every result (decision 053).
    await rebuildFormTallies(trx);
    // The population as the history left it: rested, its abilities drifted.
    await writeTraits(trx, population.horses);
    written = races.length;
  });
  return written;
}
