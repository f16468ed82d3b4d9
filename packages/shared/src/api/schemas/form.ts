import { z } from 'zod';
import { lazySchema } from '../../validation/lazySchema.ts';

/** Starts, wins, seconds and thirds (form/figures.ts FormRecord): places are the seconds and thirds. */
export const formRecordSchema = lazySchema(() =>
  z.object({
    starts: z.number().int(),
    wins: z.number().int(),
    seconds: z.number().int(),
    thirds: z.number().int(),
    places: z.number().int(),
  }),
);

/** Wins out of rides in the last 30 days (the race day included). */
export const strikeRateSchema = lazySchema(() => z.object({ wins: z.number().int(), rides: z.number().int() }));

/** One runner's line of a race's form guide (decision 053). */
export const formGuideRunnerSchema = lazySchema(() =>
  z.object({
    runnerId: z.number().int(),
    /** As the race card writes it, e.g. "1" or "1A". */
    runnerNo: z.string(),
    horseName: z.string(),
    jockeyName: z.string(),
    status: z.enum(['A', 'S']),
    horseId: z.number().int().nullable(),
    jockeyId: z.number().int().nullable(),
    trainerId: z.number().int().nullable(),
    trainerName: z.string().nullable(),
    /** Weight carried in kilograms with one decimal, e.g. "54.5"; null when not carded. */
    weightKg: z.string().nullable(),
    gate: z.number().int().nullable(),
    rating: z.number().int().nullable(),
    /** Gear codes, e.g. ["B", "TT"]. */
    equipment: z.array(z.string()),
    /** The last five starts, oldest first, latest last: "3-1-5-2-1" ('' for a first starter). */
    lastFinishes: z.string(),
    daysSinceLastRun: z.number().int().nullable(),
    firstStarter: z.boolean(),
    career: formRecordSchema,
    /** Over this race's distance; null when the race's distance is not known. */
    atDistance: formRecordSchema.nullable(),
    /** At this race's track (the race day's arena). */
    atTrack: formRecordSchema,
    jockeyLast30Days: strikeRateSchema.nullable(),
    trainerLast30Days: strikeRateSchema.nullable(),
  }),
);

export const formGuideResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    raceId: z.number().int(),
    /** The Manila race day the figures are counted to, YYYY-MM-DD. */
    asOf: z.string(),
    track: z.string(),
    distanceM: z.number().int().nullable(),
    raceClass: z.string().nullable(),
    runners: z.array(formGuideRunnerSchema),
  }),
);

export type FormGuideRunner = z.output<typeof formGuideRunnerSchema>;
export type FormGuideResponse = z.output<typeof formGuideResponseSchema>;

/** What the horse, jockey and trainer pages answer when the id names no record. */
export const FormMessages = {
  horseNotFound: 'No horse has this id.',
  jockeyNotFound: 'No jockey has this id.',
  trainerNotFound: 'No trainer has this id.',
} as const;

/** Runs or rides per page of a horse, jockey or trainer page. */
export const FORM_PAGE_SIZE = 20;

const runOutcomeSchema = lazySchema(() => z.enum(['finished', 'scratched', 'disqualified', 'didNotFinish']));

/** A past run as a horse, jockey or trainer page lists it, latest first. */
const pastRunLineSchema = lazySchema(() =>
  z.object({
    /** The race, to link its replay. */
    raceId: z.number().int(),
    raceNo: z.number().int(),
    /** The Manila race day, YYYY-MM-DD. */
    raceDate: z.string(),
    track: z.string(),
    distanceM: z.number().int().nullable(),
    raceClass: z.string().nullable(),
    outcome: runOutcomeSchema,
    /** Set exactly when finished (dead heats share it). */
    position: z.number().int().nullable(),
    /** The runners that started. */
    fieldSize: z.number().int(),
    /** Whether the race can be replayed (a recorded demo run). */
    hasReplay: z.boolean(),
  }),
);

export const horseRunSchema = lazySchema(() =>
  pastRunLineSchema.extend({
    runnerNo: z.string(),
    /** Lengths behind the winner with two decimals, e.g. "1.25"; null when not recorded. */
    marginLengths: z.string().nullable(),
    jockeyId: z.number().int().nullable(),
    /** As carded for that race. */
    jockeyName: z.string(),
    weightKg: z.string().nullable(),
    /** The Win dividend for 1.00 when the horse won and the race paid one, e.g. "3.50". */
    winDividend: z.string().nullable(),
  }),
);

export const horsePageResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    horse: z.object({
      id: z.number().int(),
      name: z.string(),
      sex: z.enum(['C', 'F', 'G', 'H', 'M', 'R']).nullable(),
      foalingYear: z.number().int().nullable(),
      colour: z.string().nullable(),
      sire: z.string().nullable(),
      dam: z.string().nullable(),
      owner: z.string().nullable(),
      trainerId: z.number().int().nullable(),
      trainerName: z.string().nullable(),
    }),
    /** Career figures over every start, counted to today (Manila). */
    asOf: z.string(),
    career: formRecordSchema,
    lastFinishes: z.string(),
    daysSinceLastRun: z.number().int().nullable(),
    firstStarter: z.boolean(),
    /** This page of runs, latest first. */
    runs: z.array(horseRunSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  }),
);

export const rideLineSchema = lazySchema(() =>
  pastRunLineSchema.extend({
    runnerNo: z.string(),
    horseId: z.number().int(),
    /** As carded for that race. */
    horseName: z.string(),
    jockeyName: z.string(),
  }),
);

/** A jockey's or a trainer's page: their record and recent rides (a trainer's are the runners they trained). */
export const ridesPageResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    person: z.object({ id: z.number().int(), name: z.string(), licenceNo: z.string().nullable() }),
    asOf: z.string(),
    /** Wins out of rides in the 30 days to today (Manila). */
    last30Days: strikeRateSchema,
    career: formRecordSchema,
    rides: z.array(rideLineSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  }),
);

export type HorseRun = z.output<typeof horseRunSchema>;
export type HorsePageResponse = z.output<typeof horsePageResponseSchema>;
export type RideLine = z.output<typeof rideLineSchema>;
export type RidesPageResponse = z.output<typeof ridesPageResponseSchema>;
