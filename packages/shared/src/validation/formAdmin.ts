import { z } from 'zod';
import { MAX_RACES_PER_EVENT } from '../racing/schedule.ts';
import { MAX_ROW_ID } from './ids.ts';

/**
 * The back office's horses, jockeys and trainers (decision 053): their forms, the type-ahead, the merge of a
 * horse entered twice, a runner's change of jockey with its reason, and the card import (CSV). Every text the
 * server refuses with and the form shows is here, once.
 */
export const FormAdminMessages = {
  nameRequired: 'Please enter the name (at most 60 characters).',
  sex: 'Pick the sex: colt, filly, gelding, horse, mare or rig.',
  foalingYear: 'Enter the foaling year, e.g. 2021.',
  colour: 'Enter the colour, e.g. Bay (at most 30 characters).',
  optionalText: 'At most 60 characters.',
  ownerRequired: 'Please enter the owner (at most 60 characters).',
  trainerRequired: 'Pick the trainer.',
  licenceNo: 'Enter the licence number: 2 to 20 letters, digits or dashes.',
  horseNameTaken: 'Another horse already has this name: horse names are unique.',
  licenceTaken: 'Another record already has this licence number.',
  horseNotFound: 'Horse not found.',
  jockeyNotFound: 'Jockey not found.',
  trainerNotFound: 'Trainer not found.',
  pickHorse: 'Pick the horse from the list.',
  pickJockey: 'Pick the jockey from the list.',
  mergeIntoItself: 'A horse cannot be merged into itself: pick the other record.',
  reasonRequired: 'Give the reason for the change (at most 200 characters).',
  sameJockey: 'This jockey already rides the runner.',
  importEmpty: 'The file is empty: export the card again with its header line.',
  importTooLarge: 'The file is larger than 200 KB: split the card into smaller files.',
  importNoRows: 'The file has its header but no rows.',
  importTooManyRows: 'The file has more than 2,000 rows: split the card into smaller files.',
} as const;

/** C colt, F filly, G gelding, H horse (entire), M mare, R rig (decision 053). */
export const HORSE_SEXES = ['C', 'F', 'G', 'H', 'M', 'R'] as const;
export type HorseSex = (typeof HORSE_SEXES)[number];
export const HORSE_SEX_NAMES: Record<HorseSex, string> = {
  C: 'Colt',
  F: 'Filly',
  G: 'Gelding',
  H: 'Horse',
  M: 'Mare',
  R: 'Rig',
};

export const FIRST_FOALING_YEAR = 1990;

const requiredName = z
  .string(FormAdminMessages.nameRequired)
  .trim()
  .min(1, FormAdminMessages.nameRequired)
  .max(60, FormAdminMessages.nameRequired);

/** An optional text: empty means none (null). */
const optionalText = z
  .string(FormAdminMessages.optionalText)
  .trim()
  .max(60, FormAdminMessages.optionalText)
  .transform((text) => (text === '' ? null : text));

const licenceNo = z
  .string(FormAdminMessages.licenceNo)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{1,19}$/, FormAdminMessages.licenceNo);

/** A horse as the back office enters it: everything the issue lists, sire and dam optional. */
export const horseInputSchema = z.strictObject({
  name: requiredName,
  sex: z.enum(HORSE_SEXES, FormAdminMessages.sex),
  foalingYear: z
    .number(FormAdminMessages.foalingYear)
    .int(FormAdminMessages.foalingYear)
    .min(FIRST_FOALING_YEAR, FormAdminMessages.foalingYear)
    .max(2100, FormAdminMessages.foalingYear),
  colour: z.string(FormAdminMessages.colour).trim().min(1, FormAdminMessages.colour).max(30, FormAdminMessages.colour),
  sire: optionalText,
  dam: optionalText,
  owner: z
    .string(FormAdminMessages.ownerRequired)
    .trim()
    .min(1, FormAdminMessages.ownerRequired)
    .max(60, FormAdminMessages.ownerRequired),
  trainerId: z
    .number(FormAdminMessages.trainerRequired)
    .int()
    .positive(FormAdminMessages.trainerRequired)
    .max(MAX_ROW_ID, FormAdminMessages.trainerRequired),
});
export type HorseInput = z.input<typeof horseInputSchema>;

/** A jockey or a trainer: their name and licence number. */
export const personInputSchema = z.strictObject({ name: requiredName, licenceNo });
export type PersonInput = z.input<typeof personInputSchema>;

export const horseMergeInputSchema = z.strictObject({
  /** The record entered twice: its runs move to the kept horse, and it is removed. */
  duplicateId: z
    .number(FormAdminMessages.pickHorse)
    .int()
    .positive(FormAdminMessages.pickHorse)
    .max(MAX_ROW_ID, FormAdminMessages.pickHorse),
});

export const jockeyChangeInputSchema = z.strictObject({
  jockeyId: z
    .number(FormAdminMessages.pickJockey)
    .int()
    .positive(FormAdminMessages.pickJockey)
    .max(MAX_ROW_ID, FormAdminMessages.pickJockey),
  reason: z
    .string(FormAdminMessages.reasonRequired)
    .trim()
    .min(1, FormAdminMessages.reasonRequired)
    .max(200, FormAdminMessages.reasonRequired),
});
export type JockeyChangeInput = z.input<typeof jockeyChangeInputSchema>;

/** The largest card file the import reads (characters of CSV text). */
export const MAX_IMPORT_CHARS = 200_000;
export const MAX_IMPORT_ROWS = 2_000;

export const cardImportInputSchema = z.strictObject({
  csv: z.string(FormAdminMessages.importEmpty).max(MAX_IMPORT_CHARS, FormAdminMessages.importTooLarge),
});

// ---------------------------------------------------------------------------------------------------------
// The card import's CSV format (README "Importing a card"; docs/samples/card-import.csv).

/** The header line, exactly: one row per card runner (`card`) or per past run of a horse (`form`). */
export const CARD_IMPORT_COLUMNS = [
  'type',
  'date',
  'track',
  'race',
  'post_time',
  'distance_m',
  'class',
  'runner',
  'horse',
  'jockey',
  'trainer',
  'weight_kg',
  'gate',
  'rating',
  'equipment',
  'finish',
  'margin',
  'going',
] as const;
export type CardImportColumn = (typeof CARD_IMPORT_COLUMNS)[number];

/** One error of a file, by its line (1 is the header). */
export interface ImportError {
  line: number;
  message: string;
}

/** A past run's outcome as the file writes it: a position, or S scratched, D disqualified, F did not finish. */
export type ImportOutcome = 'finished' | 'scratched' | 'disqualified' | 'didNotFinish';

/** A row read and checked. */
export interface ImportRow {
  line: number;
  type: 'card' | 'form';
  date: string;
  track: string;
  raceNo: number;
  /** HH:MM Manila time, card rows. */
  postTime: string | null;
  distanceM: number | null;
  raceClass: string | null;
  runnerNo: string;
  horse: string;
  jockey: string;
  trainer: string | null;
  weightKgTenths: number | null;
  gate: number | null;
  rating: number | null;
  equipment: string[];
  outcome: ImportOutcome | null;
  position: number | null;
  marginHundredths: number | null;
  going: string | null;
}

export type CardImportCheck = { ok: true; rows: ImportRow[] } | { ok: false; errors: ImportError[] };

/** The records of a CSV text (RFC 4180: quoted fields, "" inside quotes), each with the line it starts on. */
export function parseCsv(text: string): { records: { line: number; fields: string[] }[]; errors: ImportError[] } {
  const records: { line: number; fields: string[] }[] = [];
  const errors: ImportError[] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let line = 1;
  let i = 0;
  while (i < source.length) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    let broken: string | null = null;
    for (;;) {
      if (source[i] === '"' && field === '') {
        // A quoted field: up to the closing quote; "" is a quote.
        i += 1;
        let closed = false;
        while (i < source.length) {
          const ch = source[i];
          if (ch === '"') {
            if (source[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i += 1;
            closed = true;
            break;
          }
          if (ch === '\n') line += 1;
          field += ch;
          i += 1;
        }
        if (!closed) {
          broken = 'A quoted value is never closed: add the closing quote (").';
          break;
        }
        const next = source[i];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          broken = 'Text follows a closing quote: put the whole value inside the quotes, writing a quote as "".';
        }
      }
      while (i < source.length && source[i] !== ',' && source[i] !== '\n' && source[i] !== '\r') {
        if (source[i] === '"' && broken === null) {
          broken = 'A quote inside a value that does not start with one: quote the whole value, writing a quote as "".';
        }
        field += source[i];
        i += 1;
      }
      fields.push(field);
      field = '';
      if (source[i] === ',') {
        i += 1;
        continue;
      }
      break;
    }
    if (source[i] === '\r') i += 1;
    if (source[i] === '\n') i += 1;
    line += 1;
    if (broken) {
      errors.push({ line: start, message: broken });
      if (broken.startsWith('A quoted value is never closed')) break;
      continue;
    }
    // Blank lines are skipped.
    if (fields.length === 1 && fields[0]?.trim() === '') continue;
    records.push({ line: start, fields });
  }
  return { records, errors };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const RUNNER_NO = /^[1-9]\d?[A-Z]?$/;
const WHOLE = /^\d{1,5}$/;

function validDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function wholeIn(text: string, min: number, max: number): number | null {
  if (!WHOLE.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** "54.5" -> 545 tenths (racing weights go in half kilograms; one decimal read). */
function tenthsOf(text: string): number | null {
  const match = /^(\d{2,3})(?:\.(\d))?$/.exec(text);
  if (!match) return null;
  const tenths = Number(match[1]) * 10 + Number(match[2] ?? 0);
  return tenths >= 300 && tenths <= 800 ? tenths : null;
}

/** "1.25" lengths -> 125 hundredths. */
function hundredthsOf(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Checks one record's values; its errors are pushed, the row answered when it has none. */
function checkRow(line: number, value: (column: CardImportColumn) => string, errors: ImportError[]): ImportRow | null {
  const found: string[] = [];
  const fail = (message: string) => found.push(message);
  const type = value('type').toLowerCase();
  if (type !== 'card' && type !== 'form') fail('type must be card (a runner of the card) or form (a past run).');
  const date = value('date');
  if (!validDate(date)) fail('date must be a real day written YYYY-MM-DD, e.g. 2026-12-05.');
  const track = value('track');
  if (track === '' || track.length > 80) fail('track is required (at most 80 characters).');
  const raceNo = wholeIn(value('race'), 1, MAX_RACES_PER_EVENT);
  if (raceNo === null) fail(`race must be a race number from 1 to ${MAX_RACES_PER_EVENT}.`);
  const postTime = value('post_time');
  if (type === 'card' && !TIME.test(postTime)) fail('post_time is required on a card row, as HH:MM Manila time.');
  const distanceText = value('distance_m');
  const distanceM = distanceText === '' ? null : wholeIn(distanceText, 100, 10_000);
  if (distanceText !== '' && distanceM === null) fail('distance_m must be whole metres from 100 to 10000.');
  const raceClass = value('class');
  if (raceClass.length > 40) fail('class is at most 40 characters.');
  const runnerNo = value('runner').toUpperCase();
  if (!RUNNER_NO.test(runnerNo)) fail('runner must be a runner number 1-99 with an optional letter, e.g. 1 or 1A.');
  const horse = value('horse');
  if (horse === '' || horse.length > 60) fail('horse is required (at most 60 characters).');
  const jockey = value('jockey');
  if (jockey === '' || jockey.length > 60) fail('jockey is required (at most 60 characters).');
  const trainer = value('trainer');
  if (trainer.length > 60) fail('trainer is at most 60 characters.');
  const weightText = value('weight_kg');
  const weightKgTenths = weightText === '' ? null : tenthsOf(weightText);
  if (weightText !== '' && weightKgTenths === null) fail('weight_kg must be kilograms from 30 to 80, e.g. 54.5.');
  const gateText = value('gate');
  const gate = gateText === '' ? null : wholeIn(gateText, 1, 30);
  if (gateText !== '' && gate === null) fail('gate must be a whole number from 1 to 30.');
  const ratingText = value('rating');
  const rating = ratingText === '' ? null : wholeIn(ratingText, 0, 200);
  if (ratingText !== '' && rating === null) fail('rating must be a whole number from 0 to 200.');
  const equipment = value('equipment')
    .toUpperCase()
    .split(/[\s+]+/)
    .filter((code) => code !== '');
  if (equipment.length > 8 || equipment.some((code) => !/^[A-Z]{1,3}$/.test(code))) {
    fail('equipment must be gear codes of 1 to 3 letters separated by spaces or +, e.g. B+TT.');
  }
  const finish = value('finish').toUpperCase();
  let outcome: ImportOutcome | null = null;
  let position: number | null = null;
  if (type === 'card') {
    if (finish !== '' || value('margin') !== '')
      fail('A card row has no finish or margin: write past runs on form rows.');
  } else if (type !== 'form') {
    // An unknown type: its finish is not read.
  } else if (finish === 'S') outcome = 'scratched';
  else if (finish === 'D') outcome = 'disqualified';
  else if (finish === 'F') outcome = 'didNotFinish';
  else {
    position = wholeIn(finish, 1, 30);
    if (position === null)
      fail('finish must be the position (1 to 30), or S scratched, D disqualified, F did not finish.');
    else outcome = 'finished';
  }
  const marginText = value('margin');
  const marginHundredths = marginText === '' ? null : hundredthsOf(marginText);
  if (marginText !== '' && marginHundredths === null) fail('margin must be lengths behind the winner, e.g. 1.25.');
  if (marginText !== '' && type === 'form' && outcome !== null && outcome !== 'finished') {
    fail('margin is given only for a horse that finished.');
  }
  const going = value('going');
  if (going.length > 30) fail('going is at most 30 characters.');
  for (const message of found) errors.push({ line, message });
  if (found.length > 0 || raceNo === null || (type !== 'card' && type !== 'form')) return null;
  return {
    line,
    type,
    date,
    track,
    raceNo,
    postTime: type === 'card' ? postTime : null,
    distanceM,
    raceClass: raceClass === '' ? null : raceClass,
    runnerNo,
    horse,
    jockey,
    trainer: trainer === '' ? null : trainer,
    weightKgTenths,
    gate,
    rating,
    equipment,
    outcome,
    position,
    marginHundredths,
    going: going === '' ? null : going,
  };
}

const raceKey = (row: ImportRow) => `${row.type}|${row.date}|${row.track.toLowerCase()}|${row.raceNo}`;

/** What every row of one race must agree on. */
function checkRaces(rows: readonly ImportRow[], errors: ImportError[]): void {
  const first = new Map<string, ImportRow>();
  const runnerLines = new Map<string, number>();
  const horseLines = new Map<string, number>();
  for (const row of rows) {
    const key = raceKey(row);
    const head = first.get(key);
    const what = `race ${row.raceNo} at ${row.track} on ${row.date}`;
    if (!head) first.set(key, row);
    else {
      if (head.postTime !== row.postTime) {
        errors.push({ line: row.line, message: `post_time differs from line ${head.line} for ${what}.` });
      }
      if (head.distanceM !== row.distanceM) {
        errors.push({ line: row.line, message: `distance_m differs from line ${head.line} for ${what}.` });
      }
      if (head.raceClass !== row.raceClass) {
        errors.push({ line: row.line, message: `class differs from line ${head.line} for ${what}.` });
      }
    }
    const runnerKey = `${key}|${row.runnerNo}`;
    const runnerLine = runnerLines.get(runnerKey);
    if (runnerLine !== undefined) {
      errors.push({ line: row.line, message: `Runner ${row.runnerNo} is already on line ${runnerLine} for ${what}.` });
    } else runnerLines.set(runnerKey, row.line);
    const horseKey = `${key}|${row.horse.toLowerCase()}`;
    const horseLine = horseLines.get(horseKey);
    if (horseLine !== undefined) {
      errors.push({ line: row.line, message: `${row.horse} is already on line ${horseLine} for ${what}.` });
    } else horseLines.set(horseKey, row.line);
  }
}

/**
 * Reads a card file: the header, every row's values, and what rows must agree on (one race day for the card,
 * the same post time, distance and class on every row of a race, each runner number and horse once a race,
 * past runs before the card's day). Every error with its line; rows only when there is none.
 */
export function checkCardImport(text: string): CardImportCheck {
  if (text.trim() === '') return { ok: false, errors: [{ line: 1, message: FormAdminMessages.importEmpty }] };
  const { records, errors } = parseCsv(text);
  const [header, ...data] = records;
  if (!header || header.line !== 1) {
    return { ok: false, errors: errors.length > 0 ? errors : [{ line: 1, message: FormAdminMessages.importEmpty }] };
  }
  const names = header.fields.map((field) => field.trim().toLowerCase());
  if (names.join(',') !== CARD_IMPORT_COLUMNS.join(',')) {
    return {
      ok: false,
      errors: [{ line: 1, message: `The header must be exactly: ${CARD_IMPORT_COLUMNS.join(',')}` }, ...errors],
    };
  }
  if (data.length === 0 && errors.length === 0) {
    return { ok: false, errors: [{ line: 2, message: FormAdminMessages.importNoRows }] };
  }
  if (data.length > MAX_IMPORT_ROWS) {
    return { ok: false, errors: [{ line: MAX_IMPORT_ROWS + 2, message: FormAdminMessages.importTooManyRows }] };
  }
  const rows: ImportRow[] = [];
  for (const record of data) {
    if (record.fields.length !== CARD_IMPORT_COLUMNS.length) {
      errors.push({
        line: record.line,
        message: `This line has ${record.fields.length} values; every line has ${CARD_IMPORT_COLUMNS.length}, as the header.`,
      });
      continue;
    }
    const value = (column: CardImportColumn) => (record.fields[CARD_IMPORT_COLUMNS.indexOf(column)] ?? '').trim();
    const row = checkRow(record.line, value, errors);
    if (row) rows.push(row);
  }
  const card = rows.filter((row) => row.type === 'card');
  const [cardHead] = card;
  if (cardHead) {
    for (const row of card) {
      if (row.date !== cardHead.date || row.track.toLowerCase() !== cardHead.track.toLowerCase()) {
        errors.push({
          line: row.line,
          message: `A file holds one race day's card: line ${cardHead.line} is ${cardHead.track} on ${cardHead.date}.`,
        });
      }
    }
    for (const row of rows) {
      if (row.type === 'form' && row.date >= cardHead.date) {
        errors.push({ line: row.line, message: `A past run must be before the card's day, ${cardHead.date}.` });
      }
    }
  }
  checkRaces(rows, errors);
  if (errors.length > 0) return { ok: false, errors: errors.toSorted((a, b) => a.line - b.line) };
  return { ok: true, rows };
}
