import type { Kysely } from 'kysely';
import {
  addCalendarDays,
  FORM_PAGE_SIZE,
  FormMessages,
  horseForm,
  manilaDateOf,
  runnerBaseNumber,
  STRIKE_RATE_DAYS,
  strikeRate,
  type HorsePageResponse,
  type HorseRun,
  type RideLine,
  type RidesPageResponse,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { kilogramsText } from './form.service.ts';
import {
  figuresOfHorse,
  findHorse,
  findPerson,
  racesWithReplay,
  recordOf,
  ridesInWindow,
  runsPage,
  winDividends,
  type RunPageRow,
} from './pages.repo.ts';

type Db = Kysely<Database>;

/** Hundredths of a length as lengths with two decimals: 125 -> "1.25". */
function lengthsText(hundredths: number): string {
  return `${Math.trunc(hundredths / 100)}.${String(Math.abs(hundredths % 100)).padStart(2, '0')}`;
}

/** Centavos per 1.00 as the dividend's text: 350 -> "3.50". */
function dividendText(centavos: number): string {
  return `${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

/** One more row than the page shows: whether there is a next page, without counting them all. */
async function pageOf(
  db: Db,
  by: 'horse_id' | 'jockey_id' | 'trainer_id',
  id: number,
  page: number,
  withDividends = false,
) {
  const rows = await runsPage(db, by, id, (page - 1) * FORM_PAGE_SIZE, FORM_PAGE_SIZE + 1);
  const shown = rows.slice(0, FORM_PAGE_SIZE);
  // The replays and, for a horse's page, the Win dividends of its wins: at once.
  const won = withDividends
    ? shown.filter((row) => row.outcome === 'finished' && row.position === 1).map((row) => row.race_id)
    : [];
  const [replays, dividends] = await Promise.all([
    racesWithReplay(db, [...new Set(shown.map((row) => row.race_id))]),
    winDividends(db, [...new Set(won)]),
  ]);
  return { shown, replays, dividends, hasMore: rows.length > FORM_PAGE_SIZE };
}

function lineOf(row: RunPageRow, replays: ReadonlySet<number>) {
  return {
    raceId: row.race_id,
    raceNo: row.race_no,
    raceDate: row.race_date,
    track: row.track,
    distanceM: row.distance_m,
    raceClass: row.race_class,
    outcome: row.outcome,
    position: row.position,
    fieldSize: row.field_size,
    // A race replays once it is over: a recorded demo run is drawn again from its plan, and an operator's race
    // shows its replay video.
    hasReplay: row.race_status === 'D' && (replays.has(row.race_id) || Boolean(row.replay_url)),
    runnerNo: row.runner_no,
  };
}

/**
 * A horse's page: its record, its career figures to today (Manila) and one page of its runs, latest first,
 * each with the jockey and weight as carded and the Win dividend when it won.
 */
export async function horsePage(db: Db, horseId: number, page: number, now = new Date()): Promise<HorsePageResponse> {
  // The record and its runs at once (one round trip fewer on PostgreSQL's pool); an unknown horse has no runs.
  const [horse, runs, { shown, replays, dividends, hasMore }] = await Promise.all([
    findHorse(db, horseId),
    figuresOfHorse(db, horseId),
    pageOf(db, 'horse_id', horseId, page, true),
  ]);
  if (!horse) throw notFound(FormMessages.horseNotFound);
  const asOf = manilaDateOf(now);
  const form = horseForm(runs, { asOf, track: '', distanceM: null });
  return {
    statusCode: 200,
    horse: {
      id: horse.id,
      name: horse.name,
      sex: horse.sex,
      foalingYear: horse.foaling_year,
      colour: horse.colour,
      sire: horse.sire,
      dam: horse.dam,
      owner: horse.owner,
      trainerId: horse.trainer_id,
      trainerName: horse.trainer_name,
    },
    asOf,
    career: form.career,
    lastFinishes: form.lastFinishes,
    daysSinceLastRun: form.daysSinceLastRun,
    firstStarter: form.firstStarter,
    runs: shown.map((row): HorseRun => {
      const dividend =
        row.outcome === 'finished' && row.position === 1
          ? dividends.get(`${row.race_id}|${runnerBaseNumber(row.runner_no)}`)
          : undefined;
      return {
        ...lineOf(row, replays),
        marginLengths: row.margin_hundredths === null ? null : lengthsText(row.margin_hundredths),
        jockeyId: row.jockey_id,
        jockeyName: row.jockey_name,
        weightKg: row.weight_kg_tenths === null ? null : kilogramsText(row.weight_kg_tenths),
        winDividend: dividend === undefined ? null : dividendText(dividend),
      };
    }),
    page,
    pageSize: FORM_PAGE_SIZE,
    hasMore,
  };
}

/**
 * A jockey's page (`jockey_id`) or a trainer's (`trainer_id`, the runners they trained at the time): the
 * record over every ride, wins out of rides in the 30 days to today (Manila) and one page of rides.
 */
export async function ridesPage(
  db: Db,
  who: 'jockey' | 'trainer',
  id: number,
  page: number,
  now = new Date(),
): Promise<RidesPageResponse> {
  const person = await findPerson(db, who === 'jockey' ? 'jockeys' : 'trainers', id);
  if (!person) throw notFound(who === 'jockey' ? FormMessages.jockeyNotFound : FormMessages.trainerNotFound);
  const by = who === 'jockey' ? 'jockey_id' : 'trainer_id';
  const asOf = manilaDateOf(now);
  const [career, recent, { shown, replays, hasMore }] = await Promise.all([
    recordOf(db, by, id),
    ridesInWindow(db, by, id, addCalendarDays(asOf, -(STRIKE_RATE_DAYS - 1)), asOf),
    pageOf(db, by, id, page),
  ]);
  return {
    statusCode: 200,
    person: { id: person.id, name: person.name, licenceNo: person.licence_no },
    asOf,
    last30Days: strikeRate(
      recent.map((ride) => ({ outcome: ride.outcome, position: ride.position, raceDate: ride.race_date })),
      asOf,
    ),
    career,
    rides: shown.map((row): RideLine => ({
      ...lineOf(row, replays),
      horseId: row.horse_id,
      horseName: row.horse_name,
      jockeyName: row.jockey_name,
    })),
    page,
    pageSize: FORM_PAGE_SIZE,
    hasMore,
  };
}
