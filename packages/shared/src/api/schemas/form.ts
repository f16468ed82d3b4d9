import { z } from 'zod';

/** Starts, wins, seconds and thirds (form/figures.ts FormRecord): places are the seconds and thirds. */
export const formRecordSchema = z.object({
  starts: z.number().int(),
  wins: z.number().int(),
  seconds: z.number().int(),
  thirds: z.number().int(),
  places: z.number().int(),
});

/** Wins out of rides in the last 30 days (the race day included). */
export const strikeRateSchema = z.object({ wins: z.number().int(), rides: z.number().int() });

/** One runner's line of a race's form guide (decision 053). */
export const formGuideRunnerSchema = z.object({
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
});

export const formGuideResponseSchema = z.object({
  statusCode: z.literal(200),
  raceId: z.number().int(),
  /** The Manila race day the figures are counted to, YYYY-MM-DD. */
  asOf: z.string(),
  track: z.string(),
  distanceM: z.number().int().nullable(),
  raceClass: z.string().nullable(),
  runners: z.array(formGuideRunnerSchema),
});

export type FormGuideRunner = z.output<typeof formGuideRunnerSchema>;
export type FormGuideResponse = z.output<typeof formGuideResponseSchema>;
