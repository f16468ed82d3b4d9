import { sql, type Kysely } from 'kysely';
import {
  FormAdminMessages,
  isRaceLocked,
  RacingMessages,
  type HorseRecord,
  type JockeyChange,
  type JockeyChangeInput,
  type PersonRecord,
  type horseInputSchema,
  type personInputSchema,
} from '@karera/shared';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { isUniqueViolation } from '../../../lib/idempotency.ts';
import { nowIso } from '../../../lib/time.ts';
import { recordAudit, type AuditActor } from '../../audit/index.ts';
import { findOrCreateHorse, findOrCreateJockey, horsesWithTrainer } from '../form.repo.ts';
import { rebuildHorseTallies } from '../form-tallies.ts';

type Db = Kysely<Database>;
type HorseValues = z.output<typeof horseInputSchema>;
type PersonValues = z.output<typeof personInputSchema>;
export type People = 'jockeys' | 'trainers';

export const PAGE_SIZE = 20;

/** A LIKE pattern matching texts that start with `prefix` (its % _ and \ taken literally), lower case. */
export function prefixPattern(prefix: string): string {
  return `${prefix.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

const startsWith = (prefix: string) => sql<boolean>`lower(name) like ${prefixPattern(prefix)} escape '\\'`;

type HorseRow = Awaited<ReturnType<ReturnType<typeof horsesWithTrainer>['executeTakeFirstOrThrow']>>;

const horseOf = (row: HorseRow): HorseRecord => ({
  id: row.id,
  name: row.name,
  sex: row.sex,
  foalingYear: row.foaling_year,
  colour: row.colour,
  sire: row.sire,
  dam: row.dam,
  owner: row.owner,
  trainerId: row.trainer_id,
  trainerName: row.trainer_name,
});

export async function searchHorses(db: Db, q: string | undefined, page: number) {
  const prefix = q?.trim() ?? '';
  const filtered = prefix === '' ? db.selectFrom('horses') : db.selectFrom('horses').where(startsWith(prefix));
  const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let rows = horsesWithTrainer(db);
  if (prefix !== '') rows = rows.where(sql<boolean>`lower(horses.name) like ${prefixPattern(prefix)} escape '\\'`);
  const horses = await rows
    .orderBy(sql`lower(horses.name)`)
    .orderBy('horses.id')
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return { horses: horses.map(horseOf), total: Number(total), page, pageSize: PAGE_SIZE };
}

export async function findHorse(db: Db, id: number): Promise<HorseRecord> {
  const row = await horsesWithTrainer(db).where('horses.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(FormAdminMessages.horseNotFound);
  return horseOf(row);
}

async function assertTrainer(db: Db, trainerId: number): Promise<void> {
  const found = await db.selectFrom('trainers').select('id').where('id', '=', trainerId).executeTakeFirst();
  if (!found) throw badRequest(FormAdminMessages.trainerRequired, { trainerId: FormAdminMessages.trainerRequired });
}

/** Horse names are unique, and two spellings differing only in case are one name. */
async function assertHorseNameFree(db: Db, name: string, exceptId: number | null): Promise<void> {
  let query = db
    .selectFrom('horses')
    .select('id')
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) {
    throw badRequest(FormAdminMessages.horseNameTaken, { name: FormAdminMessages.horseNameTaken });
  }
}

const horseColumns = (input: HorseValues) => ({
  name: input.name,
  sex: input.sex,
  foaling_year: input.foalingYear,
  colour: input.colour,
  sire: input.sire,
  dam: input.dam,
  owner: input.owner,
  trainer_id: input.trainerId,
});

function refusedHorseName(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw badRequest(FormAdminMessages.horseNameTaken, { name: FormAdminMessages.horseNameTaken });
  }
  throw error;
}

export async function createHorse(db: Db, actor: AuditActor, input: HorseValues): Promise<HorseRecord> {
  await assertHorseNameFree(db, input.name, null);
  await assertTrainer(db, input.trainerId);
  const now = nowIso();
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto('horses')
        .values({ ...horseColumns(input), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: 'form.horse_created',
        targetType: 'horse',
        targetId: row.id,
        details: { ...input },
      });
      return row.id;
    })
    .catch(refusedHorseName);
  return findHorse(db, id);
}

export async function updateHorse(db: Db, actor: AuditActor, id: number, input: HorseValues): Promise<HorseRecord> {
  const before = await findHorse(db, id);
  await assertHorseNameFree(db, input.name, id);
  await assertTrainer(db, input.trainerId);
  await db
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable('horses')
        .set({ ...horseColumns(input), updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, actor, {
        action: 'form.horse_updated',
        targetType: 'horse',
        targetId: id,
        details: { before, after: input },
      });
    })
    .catch(refusedHorseName);
  return findHorse(db, id);
}

/**
 * Merges a horse entered twice (decision 053): the duplicate's runners and official results move to the kept
 * horse (and its followers in the blackbook), what the kept record does not know is taken from the duplicate,
 * and the duplicate is removed, in one audited transaction. The runners keep the names they were carded with.
 */
export async function mergeHorse(db: Db, actor: AuditActor, keptId: number, duplicateId: number) {
  if (keptId === duplicateId) {
    throw badRequest(FormAdminMessages.mergeIntoItself, { duplicateId: FormAdminMessages.mergeIntoItself });
  }
  const kept = await findHorse(db, keptId);
  const duplicate = await findHorse(db, duplicateId);
  const moved = await db.transaction().execute(async (trx) => {
    const runners = await trx
      .updateTable('runners')
      .set({ horse_id: keptId })
      .where('horse_id', '=', duplicateId)
      .executeTakeFirst();
    const results = await trx
      .updateTable('runner_results')
      .set({ horse_id: keptId })
      .where('horse_id', '=', duplicateId)
      .executeTakeFirst();
    await trx
      .updateTable('horses')
      .set({
        sex: kept.sex ?? duplicate.sex,
        foaling_year: kept.foalingYear ?? duplicate.foalingYear,
        colour: kept.colour ?? duplicate.colour,
        sire: kept.sire ?? duplicate.sire,
        dam: kept.dam ?? duplicate.dam,
        owner: kept.owner ?? duplicate.owner,
        trainer_id: kept.trainerId ?? duplicate.trainerId,
        updated_at: nowIso(),
      })
      .where('id', '=', keptId)
      .execute();
    // Players following the duplicate follow the kept horse (once each: a player following both keeps one).
    await trx
      .deleteFrom('blackbook_follows')
      .where('kind', '=', 'horse')
      .where('subject_id', '=', duplicateId)
      .where('player_id', 'in', (eb) =>
        eb
          .selectFrom('blackbook_follows as kept')
          .select('kept.player_id')
          .where('kept.kind', '=', 'horse')
          .where('kept.subject_id', '=', keptId),
      )
      .execute();
    await trx
      .updateTable('blackbook_follows')
      .set({ subject_id: keptId })
      .where('kind', '=', 'horse')
      .where('subject_id', '=', duplicateId)
      .execute();
    // A demo horse's hidden traits (the simulator's): the kept horse keeps its own, else takes the duplicate's.
    const keptTraits = await trx
      .selectFrom('demo_horse_traits')
      .select('horse_id')
      .where('horse_id', '=', keptId)
      .executeTakeFirst();
    if (keptTraits) await trx.deleteFrom('demo_horse_traits').where('horse_id', '=', duplicateId).execute();
    else
      await trx
        .updateTable('demo_horse_traits')
        .set({ horse_id: keptId })
        .where('horse_id', '=', duplicateId)
        .execute();
    // The kept horse's summary and records now count the duplicate's runs; the duplicate has none left.
    await rebuildHorseTallies(trx, [keptId, duplicateId]);
    await trx.deleteFrom('horses').where('id', '=', duplicateId).execute();
    const counts = { movedRunners: Number(runners.numUpdatedRows), movedResults: Number(results.numUpdatedRows) };
    await recordAudit(trx, actor, {
      action: 'form.horse_merged',
      targetType: 'horse',
      targetId: keptId,
      details: { keptName: kept.name, duplicateId, duplicateName: duplicate.name, ...counts },
    });
    return counts;
  });
  return { horse: await findHorse(db, keptId), ...moved };
}

const personOf = (row: { id: number; name: string; licence_no: string | null }): PersonRecord => ({
  id: row.id,
  name: row.name,
  licenceNo: row.licence_no,
});

export async function searchPeople(db: Db, table: People, q: string | undefined, page: number) {
  const prefix = q?.trim() ?? '';
  let query = db.selectFrom(table);
  if (prefix !== '') query = query.where(startsWith(prefix));
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['id', 'name', 'licence_no'])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return { people: rows.map(personOf), total: Number(total), page, pageSize: PAGE_SIZE };
}

const notFoundOf = (table: People) =>
  table === 'jockeys' ? FormAdminMessages.jockeyNotFound : FormAdminMessages.trainerNotFound;
const singular = (table: People) => (table === 'jockeys' ? 'jockey' : 'trainer');

function refusedLicence(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw badRequest(FormAdminMessages.licenceTaken, { licenceNo: FormAdminMessages.licenceTaken });
  }
  throw error;
}

async function findPerson(db: Db, table: People, id: number): Promise<PersonRecord> {
  const row = await db.selectFrom(table).select(['id', 'name', 'licence_no']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(notFoundOf(table));
  return personOf(row);
}

export async function createPerson(db: Db, actor: AuditActor, table: People, input: PersonValues) {
  const now = nowIso();
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto(table)
        .values({ name: input.name, licence_no: input.licenceNo, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: `form.${singular(table)}_created`,
        targetType: singular(table),
        targetId: row.id,
        details: { ...input },
      });
      return row.id;
    })
    .catch(refusedLicence);
  return findPerson(db, table, id);
}

export async function updatePerson(db: Db, actor: AuditActor, table: People, id: number, input: PersonValues) {
  const before = await findPerson(db, table, id);
  await db
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable(table)
        .set({ name: input.name, licence_no: input.licenceNo, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, actor, {
        action: `form.${singular(table)}_updated`,
        targetType: singular(table),
        targetId: id,
        details: { before, after: input },
      });
    })
    .catch(refusedLicence);
  return findPerson(db, table, id);
}

/**
 * The horse and jockey records a runner is carded with, and the names carded: a horse or a jockey picked by
 * type-ahead is that record (its name as the record writes it); typed names are found, or entered with only
 * their name (decision 053).
 */
export async function cardedRecords(
  db: Db,
  input: { horseName?: string | undefined; jockeyName?: string | undefined; horseId?: number; jockeyId?: number },
  now: string = nowIso(),
): Promise<{ horseId?: number; horseName?: string; jockeyId?: number; jockeyName?: string }> {
  const carded: { horseId?: number; horseName?: string; jockeyId?: number; jockeyName?: string } = {};
  if (input.horseId !== undefined) {
    const horse = await db
      .selectFrom('horses')
      .select(['id', 'name'])
      .where('id', '=', input.horseId)
      .executeTakeFirst();
    if (!horse) throw badRequest(FormAdminMessages.pickHorse, { horseName: FormAdminMessages.pickHorse });
    Object.assign(carded, { horseId: horse.id, horseName: horse.name });
  } else if (input.horseName) {
    Object.assign(carded, { horseId: await findOrCreateHorse(db, input.horseName, now), horseName: input.horseName });
  }
  if (input.jockeyId !== undefined) {
    const jockey = await db
      .selectFrom('jockeys')
      .select(['id', 'name'])
      .where('id', '=', input.jockeyId)
      .executeTakeFirst();
    if (!jockey) throw badRequest(FormAdminMessages.pickJockey, { jockeyName: FormAdminMessages.pickJockey });
    Object.assign(carded, { jockeyId: jockey.id, jockeyName: jockey.name });
  } else if (input.jockeyName) {
    Object.assign(carded, {
      jockeyId: await findOrCreateJockey(db, input.jockeyName, now),
      jockeyName: input.jockeyName,
    });
  }
  return carded;
}

async function jockeyChangesOf(db: Db, runnerId: number): Promise<JockeyChange[]> {
  const rows = await db
    .selectFrom('jockey_changes')
    .leftJoin('jockeys as from_jockey', 'from_jockey.id', 'jockey_changes.from_jockey_id')
    .innerJoin('jockeys as to_jockey', 'to_jockey.id', 'jockey_changes.to_jockey_id')
    .select([
      'from_jockey.name as from_name',
      'to_jockey.name as to_name',
      'jockey_changes.reason',
      'jockey_changes.changed_by',
      'jockey_changes.changed_at',
    ])
    .where('jockey_changes.runner_id', '=', runnerId)
    .orderBy('jockey_changes.id')
    .execute();
  return rows.map((row) => ({
    fromJockeyName: row.from_name,
    toJockeyName: row.to_name,
    reason: row.reason,
    changedBy: row.changed_by,
    changedAt: row.changed_at,
  }));
}

/**
 * A runner's change of jockey (decision 053): the card shows the new jockey, and the change is kept with its
 * reason, who made it and when, in one audited transaction. Refused once betting has closed.
 */
export async function changeJockey(db: Db, actor: AuditActor, runnerId: number, input: JockeyChangeInput) {
  const runner = await db
    .selectFrom('runners')
    .innerJoin('races', 'races.id', 'runners.race_id')
    .select(['runners.id', 'runners.race_id', 'runners.jockey_id', 'runners.jockey_name', 'races.status'])
    .where('runners.id', '=', runnerId)
    .executeTakeFirst();
  if (!runner) throw notFound(RacingMessages.runnerNotFound);
  if (isRaceLocked(runner.status)) throw conflict(RacingMessages.raceLocked);
  const jockey = await db
    .selectFrom('jockeys')
    .select(['id', 'name'])
    .where('id', '=', input.jockeyId)
    .executeTakeFirst();
  if (!jockey) throw badRequest(FormAdminMessages.pickJockey, { jockeyId: FormAdminMessages.pickJockey });
  if (jockey.id === runner.jockey_id) {
    throw badRequest(FormAdminMessages.sameJockey, { jockeyId: FormAdminMessages.sameJockey });
  }
  const changedBy = actor.type === 'staff' ? `staff:${actor.id}` : actor.type;
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('runners')
      .set({ jockey_id: jockey.id, jockey_name: jockey.name })
      .where('id', '=', runnerId)
      // Unchanged since read: two operators changing the same runner do not both write a change.
      .where((eb) => (runner.jockey_id === null ? eb('jockey_id', 'is', null) : eb('jockey_id', '=', runner.jockey_id)))
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw conflict(FormAdminMessages.sameJockey);
    await trx
      .insertInto('jockey_changes')
      .values({
        runner_id: runnerId,
        from_jockey_id: runner.jockey_id,
        to_jockey_id: jockey.id,
        reason: input.reason,
        changed_by: changedBy,
        changed_at: nowIso(),
      })
      .execute();
    await recordAudit(trx, actor, {
      action: 'racing.jockey_changed',
      targetType: 'runner',
      targetId: runnerId,
      details: {
        raceId: runner.race_id,
        from: runner.jockey_name,
        fromJockeyId: runner.jockey_id,
        to: jockey.name,
        toJockeyId: jockey.id,
        reason: input.reason,
      },
    });
  });
  return {
    runnerId,
    raceId: runner.race_id,
    jockeyId: jockey.id,
    jockeyName: jockey.name,
    changes: await jockeyChangesOf(db, runnerId),
  };
}
