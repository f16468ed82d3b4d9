import { sql, type Kysely, type Transaction } from 'kysely';
import { checkCardImport, manilaDate, type CardImportResponse, type ImportError, type ImportRow } from '@karera/shared';
import type { Database } from '../../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../audit/index.ts';
import { recordRaceResults, type RunnerResultInput } from '../form.service.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Thrown inside the import's transaction so that a file with errors writes nothing. */
class ImportRefused extends Error {
  constructor(readonly errors: ImportError[]) {
    super('import refused');
  }
}

const lower = (text: string) => text.toLowerCase();
const dayKey = (date: string, track: string) => `${date}|${lower(track)}`;
const raceKeyOf = (row: ImportRow) => `${dayKey(row.date, row.track)}|${row.raceNo}`;
const manilaToday = (now: Date) => {
  const { year, month, day } = manilaDate(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** The rows of each race, in file order, keyed by day, track and race number. */
function racesOf(rows: readonly ImportRow[]): Map<string, ImportRow[]> {
  const races = new Map<string, ImportRow[]>();
  for (const row of rows) {
    const key = raceKeyOf(row);
    const list = races.get(key);
    if (list) list.push(row);
    else races.set(key, [row]);
  }
  return races;
}

async function findDay(db: Db | Trx, date: string, track: string) {
  return db
    .selectFrom('game_events')
    .select(['id', 'name'])
    .where('race_date', '=', date)
    .where(sql<boolean>`lower(arena) = ${lower(track)}`)
    .orderBy('id')
    .executeTakeFirst();
}

async function findRaceOfDay(db: Db | Trx, eventId: number, raceNo: number) {
  return db
    .selectFrom('races')
    .select(['id', 'status'])
    .where('event_id', '=', eventId)
    .where('race_no', '=', raceNo)
    .executeTakeFirst();
}

/** What the database says against a clean file: card races already carded, past races that disagree. */
async function databaseErrors(db: Db, rows: readonly ImportRow[], today: string): Promise<ImportError[]> {
  const errors: ImportError[] = [];
  for (const row of rows) {
    if (row.type === 'form' && row.date >= today) {
      errors.push({ line: row.line, message: `A past run must be before today, ${today}.` });
    }
  }
  for (const raceRows of racesOf(rows).values()) {
    const [head] = raceRows;
    if (!head) continue;
    const day = await findDay(db, head.date, head.track);
    const race = day ? await findRaceOfDay(db, day.id, head.raceNo) : undefined;
    if (!day || !race) continue;
    const what = `race ${head.raceNo} at ${head.track} on ${head.date}`;
    if (head.type === 'card') {
      errors.push({
        line: head.line,
        message: `The card of ${day.name} already has ${what}: change it there, or leave it out of the file.`,
      });
      continue;
    }
    if (race.status !== 'D') {
      errors.push({
        line: head.line,
        message: `${what} is on a card that has not finished: its form comes from its official result.`,
      });
      continue;
    }
    // A race the tote ran and resulted (its pools settled on that result) is never rewritten by a file.
    const resulted = await db
      .selectFrom('race_results')
      .select('race_id')
      .where('race_id', '=', race.id)
      .executeTakeFirst();
    if (resulted) {
      errors.push({
        line: head.line,
        message: `${what} has an official result here: its form comes from that result.`,
      });
      continue;
    }
    const carded = await db
      .selectFrom('runners')
      .leftJoin('horses', 'horses.id', 'runners.horse_id')
      .select(['runners.runner_no', 'runners.horse_name', 'horses.name as horse'])
      .where('runners.race_id', '=', race.id)
      .execute();
    for (const row of raceRows) {
      const same = carded.find((runner) => runner.runner_no === row.runnerNo);
      const name = same ? (same.horse ?? same.horse_name) : null;
      if (name !== null && lower(name) !== lower(row.horse)) {
        errors.push({ line: row.line, message: `Runner ${row.runnerNo} of ${what} is ${name}, not ${row.horse}.` });
      }
      const other = carded.find(
        (runner) => runner.runner_no !== row.runnerNo && lower(runner.horse ?? runner.horse_name) === lower(row.horse),
      );
      if (other) {
        errors.push({ line: row.line, message: `${row.horse} ran in ${what} as runner ${other.runner_no}.` });
      }
    }
  }
  return errors;
}

/** Finds records by name (any case), entering the missing ones with their name. */
class Records {
  readonly horses = new Map<string, { id: number; name: string }>();
  readonly jockeys = new Map<string, { id: number; name: string }>();
  readonly trainers = new Map<string, number>();
  horsesCreated = 0;

  constructor(
    private readonly trx: Trx,
    private readonly now: string,
  ) {}

  async horse(name: string): Promise<{ id: number; name: string }> {
    const known = this.horses.get(lower(name));
    if (known) return known;
    const found = await this.trx
      .selectFrom('horses')
      .select(['id', 'name'])
      .where(sql<boolean>`lower(name) = ${lower(name)}`)
      .orderBy('id')
      .executeTakeFirst();
    const horse =
      found ??
      (await this.trx
        .insertInto('horses')
        .values({ name, created_at: this.now, updated_at: this.now })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow());
    if (!found) this.horsesCreated += 1;
    this.horses.set(lower(name), horse);
    return horse;
  }

  async jockey(name: string): Promise<{ id: number; name: string }> {
    const known = this.jockeys.get(lower(name));
    if (known) return known;
    const found = await this.trx
      .selectFrom('jockeys')
      .select(['id', 'name'])
      .where(sql<boolean>`lower(name) = ${lower(name)}`)
      .orderBy('id')
      .executeTakeFirst();
    const jockey =
      found ??
      (await this.trx
        .insertInto('jockeys')
        .values({ name, licence_no: null, created_at: this.now, updated_at: this.now })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow());
    this.jockeys.set(lower(name), jockey);
    return jockey;
  }

  async trainer(name: string): Promise<number> {
    const known = this.trainers.get(lower(name));
    if (known !== undefined) return known;
    const found = await this.trx
      .selectFrom('trainers')
      .select('id')
      .where(sql<boolean>`lower(name) = ${lower(name)}`)
      .orderBy('id')
      .executeTakeFirst();
    const id =
      found?.id ??
      (
        await this.trx
          .insertInto('trainers')
          .values({ name, licence_no: null, created_at: this.now, updated_at: this.now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    this.trainers.set(lower(name), id);
    return id;
  }
}

async function findOrCreateDay(trx: Trx, row: ImportRow, createdBy: string, now: string): Promise<number> {
  const day = await findDay(trx, row.date, row.track);
  if (day) return day.id;
  const made = await trx
    .insertInto('game_events')
    .values({
      name: `${row.track} ${row.date}`,
      arena: row.track,
      stream_url: '',
      race_date: row.date,
      enabled_bet_types: '[]',
      created_by: createdBy,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return made.id;
}

const runnerColumns = (row: ImportRow) => ({
  weight_kg_tenths: row.weightKgTenths,
  gate: row.gate,
  rating: row.rating,
  equipment: JSON.stringify(row.equipment),
});

/**
 * Imports a card with its runners and their past form (README "Importing a card"): the whole file is checked
 * first, every error answered with its line, and nothing is written unless the whole file is clean; then the
 * card and the past runs are written in one transaction, past results through recordRaceResults so that the
 * form guide counts them.
 */
export async function importCard(
  db: Db,
  actor: AuditActor,
  csv: string,
  now: Date = new Date(),
): Promise<CardImportResponse> {
  const check = checkCardImport(csv);
  if (!check.ok) return { statusCode: 200, imported: false, errors: check.errors };
  const { rows } = check;
  const errors = await databaseErrors(db, rows, manilaToday(now));
  if (errors.length > 0) return { statusCode: 200, imported: false, errors };
  const stamp = now.toISOString();
  const createdBy = actor.type === 'staff' ? `staff:${actor.id}` : actor.type;
  try {
    return await db.transaction().execute(async (trx) => {
      const records = new Records(trx, stamp);
      const races = racesOf(rows);
      let eventId: number | null = null;
      let cardRaces = 0;
      let cardRunners = 0;
      let pastRuns = 0;
      for (const raceRows of races.values()) {
        const [head] = raceRows;
        if (!head) continue;
        const dayId = await findOrCreateDay(trx, head, createdBy, stamp);
        // A card checked against the database before may have gained the race since: one more look, inside.
        const existing = await findRaceOfDay(trx, dayId, head.raceNo);
        if (head.type === 'card') {
          if (existing)
            throw new ImportRefused([{ line: head.line, message: `Race ${head.raceNo} is already carded.` }]);
          eventId = dayId;
          const race = await trx
            .insertInto('races')
            .values({
              event_id: dayId,
              race_no: head.raceNo,
              status: 'A',
              start_time: new Date(`${head.date}T${head.postTime ?? '12:00'}:00+08:00`).toISOString(),
              enabled_bet_types: '[]',
              distance_m: head.distanceM,
              race_class: head.raceClass,
              updated_at: stamp,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          cardRaces += 1;
          for (const row of raceRows) {
            const horse = await records.horse(row.horse);
            const jockey = await records.jockey(row.jockey);
            if (row.trainer) {
              const trainerId = await records.trainer(row.trainer);
              await trx
                .updateTable('horses')
                .set({ trainer_id: trainerId, updated_at: stamp })
                .where('id', '=', horse.id)
                .execute();
            }
            await trx
              .insertInto('runners')
              .values({
                race_id: race.id,
                runner_no: row.runnerNo,
                horse_name: horse.name,
                jockey_name: jockey.name,
                horse_id: horse.id,
                jockey_id: jockey.id,
                status: 'A',
                odds: null,
                finish_position: null,
                ...runnerColumns(row),
              })
              .execute();
            cardRunners += 1;
          }
          continue;
        }
        // A past race: history only (finished, no pools), its runners, then its official results.
        const raceId =
          existing?.id ??
          (
            await trx
              .insertInto('races')
              .values({
                event_id: dayId,
                race_no: head.raceNo,
                status: 'D',
                start_time: new Date(
                  `${head.date}T${String(11 + head.raceNo).padStart(2, '0')}:00:00+08:00`,
                ).toISOString(),
                enabled_bet_types: '[]',
                distance_m: head.distanceM,
                race_class: head.raceClass,
                updated_at: stamp,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        const carded = new Set(
          (await trx.selectFrom('runners').select('runner_no').where('race_id', '=', raceId).execute()).map(
            (runner) => runner.runner_no,
          ),
        );
        for (const row of raceRows) {
          const horse = await records.horse(row.horse);
          const jockey = await records.jockey(row.jockey);
          if (carded.has(row.runnerNo)) {
            await trx
              .updateTable('runners')
              .set({
                jockey_name: jockey.name,
                jockey_id: jockey.id,
                status: row.outcome === 'scratched' ? 'S' : 'A',
                finish_position: row.position,
                ...runnerColumns(row),
              })
              .where('race_id', '=', raceId)
              .where('runner_no', '=', row.runnerNo)
              .execute();
          } else {
            await trx
              .insertInto('runners')
              .values({
                race_id: raceId,
                runner_no: row.runnerNo,
                horse_name: horse.name,
                jockey_name: jockey.name,
                horse_id: horse.id,
                jockey_id: jockey.id,
                status: row.outcome === 'scratched' ? 'S' : 'A',
                odds: null,
                finish_position: row.position,
                ...runnerColumns(row),
              })
              .execute();
          }
          pastRuns += 1;
        }
        // The race's results: those stored before, with this file's rows over them (a corrected run).
        const stored = await trx
          .selectFrom('runner_results')
          .innerJoin('runners', 'runners.id', 'runner_results.runner_id')
          .select([
            'runners.runner_no',
            'runner_results.outcome',
            'runner_results.position',
            'runner_results.margin_hundredths',
            'runner_results.time_ms',
          ])
          .where('runner_results.race_id', '=', raceId)
          .execute();
        const results = new Map<string, RunnerResultInput>(
          stored.map((row) => [
            row.runner_no,
            {
              runnerNo: row.runner_no,
              outcome: row.outcome,
              position: row.position,
              marginHundredths: row.margin_hundredths,
              timeMs: row.time_ms,
            },
          ]),
        );
        for (const row of raceRows) {
          results.set(row.runnerNo, {
            runnerNo: row.runnerNo,
            outcome: row.outcome ?? 'finished',
            position: row.position,
            marginHundredths: row.marginHundredths,
            timeMs: null,
          });
        }
        const going = raceRows.find((row) => row.going !== null)?.going ?? null;
        await recordRaceResults(trx, raceId, [...results.values()], { trackCondition: going, now: stamp });
      }
      const summary = {
        eventId,
        races: cardRaces,
        runners: cardRunners,
        pastRuns,
        horsesCreated: records.horsesCreated,
      };
      await recordAudit(trx, actor, {
        action: 'form.card_imported',
        ...(eventId === null ? {} : { targetType: 'event', targetId: eventId }),
        details: { ...summary, lines: rows.length },
      });
      return { statusCode: 200 as const, imported: true as const, ...summary };
    });
  } catch (error) {
    if (error instanceof ImportRefused) return { statusCode: 200, imported: false, errors: error.errors };
    throw error;
  }
}
