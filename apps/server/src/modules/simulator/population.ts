import type { Kysely, Transaction } from 'kysely';
import { addCalendarDays, type Race } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { seeded } from './crowd-model.ts';
import { DemoWork, lockDemoWork } from './demoLock.ts';
import {
  REST_DAYS,
  TRACK_CONDITIONS,
  driftedAbility,
  horseNames,
  jockeyNames,
  levelOfClass,
  newHorseTraits,
  newJockeySkill,
  randomInt,
  runRace,
  trainerNames,
  type Candidate,
  type HorseTraits,
  type Random,
  type RatedStart,
} from './population-model.ts';

/**
 * The demo's living population in the database (decision 053): its horses, jockeys and trainers are
 * ordinary records (what players and operators read); what only the simulator knows (ability, best
 * distance, class, rest) is in demo_horse_traits and demo_jockey_traits.
 */

type Db = Kysely<Database>;

const MILLI = 1000;
const SEXES = ['C', 'F', 'G', 'G', 'H', 'M'] as const;
const COLOURS = ['Bay', 'Bay', 'Chestnut', 'Brown', 'Grey', 'Black', 'Dark Bay'] as const;
const OWNERS = ['Stable Uno', 'Hacienda Lucia', 'Tagaytay Farm', 'Rancho Verde', 'Kuwadra ni Juan', 'Bukid Stables'];
const SIRES = ['Kidlat Prince', 'Ilustrado', 'Manila Gold', 'Sierra Madre', 'Dakilang Hari', 'Star of Luzon'];

export interface PopulationHorse extends Candidate {
  name: string;
  traits: HorseTraits;
}

export interface PopulationJockey {
  id: number;
  name: string;
  skill: number;
}

export interface Population {
  horses: PopulationHorse[];
  jockeys: PopulationJockey[];
}

const inChunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Entered by name unless one of that name exists (the first). */
async function idsByName(db: Db, table: 'jockeys' | 'trainers', names: readonly string[], now: string) {
  const found = await db.selectFrom(table).select(['id', 'name']).where('name', 'in', names).orderBy('id').execute();
  const ids = new Map<string, number>();
  for (const row of found) if (!ids.has(row.name)) ids.set(row.name, row.id);
  const prefix = table === 'jockeys' ? 'DJ' : 'DT';
  const missing = names
    .map((name, index) => ({ name, index }))
    .filter(({ name }) => !ids.has(name))
    .map(({ name, index }) => ({
      name,
      licence_no: `${prefix}-${String(index + 1).padStart(4, '0')}`,
      created_at: now,
      updated_at: now,
    }));
  if (missing.length > 0) {
    await db.insertInto(table).values(missing).execute();
    const made = await db
      .selectFrom(table)
      .select(['id', 'name'])
      .where(
        'licence_no',
        'in',
        missing.map((row) => row.licence_no),
      )
      .execute();
    for (const row of made) ids.set(row.name, row.id);
  }
  return ids;
}

/**
 * Makes the population if there is none yet: trainers, jockeys and horses with their records filled in,
 * and their hidden traits. Horses already entered by name (earlier demo cards) join it. Answers whether it
 * made it.
 */
export async function ensurePopulation(db: Db, random: Random, today: string, now: string): Promise<boolean> {
  const made = (executor: Db | Transaction<Database>) =>
    executor.selectFrom('demo_horse_traits').select('horse_id').limit(1).executeTakeFirst();
  if (await made(db)) return false;
  return db.transaction().execute(async (trx) => {
    // Read again under the lock: another simulator may have made it meanwhile.
    await lockDemoWork(trx, DemoWork.population);
    if (await made(trx)) return false;
    const trainerIds = [...(await idsByName(trx, 'trainers', trainerNames(), now)).values()];
    const jockeys = await idsByName(trx, 'jockeys', jockeyNames(), now);
    const names = horseNames();
    const horses = names.map((name) => ({
      name,
      sex: SEXES[randomInt(random, SEXES.length)] ?? 'G',
      foaling_year: 2019 + randomInt(random, 5),
      colour: COLOURS[randomInt(random, COLOURS.length)] ?? 'Bay',
      sire: SIRES[randomInt(random, SIRES.length)] ?? null,
      dam: null,
      owner: OWNERS[randomInt(random, OWNERS.length)] ?? null,
      trainer_id: trainerIds[randomInt(random, trainerIds.length)] ?? null,
      created_at: now,
      updated_at: now,
    }));
    for (const chunk of inChunks(horses, 200)) {
      await trx
        .insertInto('horses')
        .values(chunk)
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    const rows = await trx
      .selectFrom('horses')
      .select(['id', 'name', 'trainer_id'])
      .where('name', 'in', names)
      .execute();
    for (const row of rows) {
      // A horse entered by name before (an earlier demo card) gets a trainer.
      if (row.trainer_id === null) {
        await trx
          .updateTable('horses')
          .set({ trainer_id: trainerIds[randomInt(random, trainerIds.length)] ?? null })
          .where('id', '=', row.id)
          .execute();
      }
    }
    const traits = rows.map((row) => {
      const horse = newHorseTraits(random);
      return {
        horse_id: row.id,
        ability_milli: Math.round(horse.ability * MILLI),
        best_distance_m: horse.bestDistanceM,
        class_level: horse.classLevel,
        rested_on: today,
      };
    });
    for (const chunk of inChunks(traits, 200)) await trx.insertInto('demo_horse_traits').values(chunk).execute();
    await trx
      .insertInto('demo_jockey_traits')
      .values(
        [...jockeys.values()].map((id) => ({ jockey_id: id, skill_milli: Math.round(newJockeySkill(random) * MILLI) })),
      )
      .onConflict((oc) => oc.column('jockey_id').doNothing())
      .execute();
    return true;
  });
}

export async function loadPopulation(db: Db): Promise<Population> {
  const horses = await db
    .selectFrom('demo_horse_traits')
    .innerJoin('horses', 'horses.id', 'demo_horse_traits.horse_id')
    .select(['horses.id', 'horses.name', 'ability_milli', 'best_distance_m', 'class_level', 'rested_on'])
    .orderBy('horses.id')
    .execute();
  const jockeys = await db
    .selectFrom('demo_jockey_traits')
    .innerJoin('jockeys', 'jockeys.id', 'demo_jockey_traits.jockey_id')
    .select(['jockeys.id', 'jockeys.name', 'skill_milli'])
    .orderBy('jockeys.id')
    .execute();
  return {
    horses: horses.map((row) => ({
      id: row.id,
      name: row.name,
      classLevel: row.class_level,
      restedOn: row.rested_on,
      traits: {
        ability: row.ability_milli / MILLI,
        bestDistanceM: row.best_distance_m,
        classLevel: row.class_level,
      },
    })),
    jockeys: jockeys.map((row) => ({ id: row.id, name: row.name, skill: row.skill_milli / MILLI })),
  };
}

/** Each horse's last four starts before `beforeDay`, latest last, as the handicapper reads them. */
export async function recentStarts(
  db: Db,
  horseIds: readonly number[],
  beforeDay: string,
): Promise<Map<number, RatedStart[]>> {
  const starts = new Map<number, RatedStart[]>();
  if (horseIds.length === 0) return starts;
  const rows = await db
    .selectFrom('runner_results')
    .select(['horse_id', 'position', 'field_size', 'race_class', 'margin_hundredths', 'outcome'])
    .where('horse_id', 'in', horseIds)
    .where('race_date', '<', beforeDay)
    .where('outcome', '<>', 'scratched')
    .orderBy('race_date')
    .orderBy('runner_id')
    .execute();
  for (const row of rows) {
    const list = starts.get(row.horse_id) ?? [];
    list.push({
      // A start without a place (disqualified, did not finish) reads as last.
      position: row.position ?? row.field_size,
      fieldSize: row.field_size,
      classLevel: levelOfClass(row.race_class),
      marginHundredths: row.margin_hundredths,
    });
    starts.set(row.horse_id, list.slice(-4));
  }
  return starts;
}

/**
 * After a card is made: its horses rest two to four weeks from the race day, and their abilities drift a
 * little. The population's traits are written back whole (a few statements, whatever the field sizes).
 */
export async function markCarded(
  db: Db,
  population: readonly PopulationHorse[],
  carded: ReadonlySet<number>,
  raceDate: string,
  random: Random,
): Promise<void> {
  for (const horse of population) {
    if (!carded.has(horse.id)) continue;
    horse.restedOn = addCalendarDays(raceDate, REST_DAYS.min + randomInt(random, REST_DAYS.max - REST_DAYS.min + 1));
    horse.traits = { ...horse.traits, ability: driftedAbility(horse.traits.ability, random) };
  }
  await writeTraits(db, population);
}

/** The population's horse traits as they stand now, replacing those stored. */
export async function writeTraits(db: Db, population: readonly PopulationHorse[]): Promise<void> {
  const rows = population.map((horse) => ({
    horse_id: horse.id,
    ability_milli: Math.round(horse.traits.ability * MILLI),
    best_distance_m: horse.traits.bestDistanceM,
    class_level: horse.classLevel,
    rested_on: horse.restedOn,
  }));
  const write = async (trx: Db) => {
    await trx.deleteFrom('demo_horse_traits').execute();
    for (const chunk of inChunks(rows, 400)) await trx.insertInto('demo_horse_traits').values(chunk).execute();
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}

/**
 * A race's finishing order from the population's traits: ability, fit to the distance and the jockey, plus
 * luck. A runner outside the population (an operator's horse on a demo card) runs as an average horse at
 * its best distance.
 */
export async function populationRunOrder(db: Db, race: Race, random: Random): Promise<string[]> {
  const running = race.runners.filter((runner) => runner.status === 'A');
  if (running.length === 0) return [];
  const rows = await db
    .selectFrom('runners')
    .innerJoin('races', 'races.id', 'runners.race_id')
    .leftJoin('demo_horse_traits', 'demo_horse_traits.horse_id', 'runners.horse_id')
    .leftJoin('demo_jockey_traits', 'demo_jockey_traits.jockey_id', 'runners.jockey_id')
    .select([
      'runners.runner_no',
      'races.distance_m',
      'demo_horse_traits.ability_milli',
      'demo_horse_traits.best_distance_m',
      'demo_horse_traits.class_level',
      'demo_jockey_traits.skill_milli',
    ])
    .where('runners.race_id', '=', race.raceId)
    .execute();
  const byNo = new Map(rows.map((row) => [row.runner_no, row]));
  const distanceM = rows[0]?.distance_m ?? 1200;
  const field = running.map((runner) => {
    const row = byNo.get(runner.runnerNo);
    return {
      key: runner.runnerNo,
      traits: {
        ability: (row?.ability_milli ?? 0) / MILLI,
        bestDistanceM: row?.best_distance_m ?? distanceM,
        classLevel: row?.class_level ?? 3,
      },
      jockeySkill: (row?.skill_milli ?? 0) / MILLI,
    };
  });
  return runRace(field, distanceM, random).map((line) => line.key);
}

/** The going of a race day: the same for every race of the card. */
export const trackConditionOf = (eventId: number) =>
  TRACK_CONDITIONS[Math.floor(seeded(eventId * 7919)() * TRACK_CONDITIONS.length)] ?? 'Good';

/**
 * What the drawn race shows beyond its order: lengths behind the winner and times, decided by the run's
 * seed (every server reads the same), the winner's time from the distance.
 */
export function runDetails(
  order: readonly string[],
  seed: number,
  distanceM: number | null,
): { runnerNo: string; marginHundredths: number; timeMs: number }[] {
  const random = seeded(seed);
  const winnerMs = Math.round(((distanceM ?? 1200) / (16.2 + random() * 0.8)) * 1000);
  let lengths = 0;
  return order.map((runnerNo, index) => {
    if (index > 0) lengths += 0.05 + 2.2 * random() ** 2;
    return { runnerNo, marginHundredths: Math.round(lengths * 100), timeMs: winnerMs + Math.round(lengths * 170) };
  });
}
