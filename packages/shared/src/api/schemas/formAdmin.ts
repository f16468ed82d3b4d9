import { z } from 'zod';
import { HORSE_SEXES } from '../../validation/formAdmin.ts';

/** A horse's record as the back office reads it (decision 053): what a back-filled record cannot know is null. */
export const horseRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sex: z.enum(HORSE_SEXES).nullable(),
  foalingYear: z.number().int().nullable(),
  colour: z.string().nullable(),
  sire: z.string().nullable(),
  dam: z.string().nullable(),
  owner: z.string().nullable(),
  trainerId: z.number().int().nullable(),
  trainerName: z.string().nullable(),
});

/** A jockey's or a trainer's record. */
export const personRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  licenceNo: z.string().nullable(),
});

const page = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };

export const horseListResponseSchema = z.object({
  statusCode: z.literal(200),
  horses: z.array(horseRecordSchema),
  ...page,
});
export const horseResponseSchema = z.object({ statusCode: z.literal(200), horse: horseRecordSchema });
export const horseMergeResponseSchema = z.object({
  statusCode: z.literal(200),
  /** The kept horse, with the duplicate's runs. */
  horse: horseRecordSchema,
  movedRunners: z.number().int(),
  movedResults: z.number().int(),
});
export const personListResponseSchema = z.object({
  statusCode: z.literal(200),
  people: z.array(personRecordSchema),
  ...page,
});
export const personResponseSchema = z.object({ statusCode: z.literal(200), person: personRecordSchema });

/** A runner's changes of jockey, oldest first, each with its reason, who and when. */
export const jockeyChangeSchema = z.object({
  fromJockeyName: z.string().nullable(),
  toJockeyName: z.string(),
  reason: z.string(),
  /** 'staff:<id>', 'simulator' or 'import'. */
  changedBy: z.string(),
  changedAt: z.string(),
});
export const jockeyChangeResponseSchema = z.object({
  statusCode: z.literal(200),
  runnerId: z.number().int(),
  raceId: z.number().int(),
  jockeyId: z.number().int(),
  jockeyName: z.string(),
  changes: z.array(jockeyChangeSchema),
});

export const importErrorSchema = z.object({ line: z.number().int(), message: z.string() });

/**
 * A card import's answer: the line-numbered errors of a file that is not clean (nothing was imported), or
 * what the clean file added.
 */
export const cardImportResponseSchema = z.discriminatedUnion('imported', [
  z.object({ statusCode: z.literal(200), imported: z.literal(false), errors: z.array(importErrorSchema) }),
  z.object({
    statusCode: z.literal(200),
    imported: z.literal(true),
    /** The card's race day; null for a file of past runs only. */
    eventId: z.number().int().nullable(),
    races: z.number().int(),
    runners: z.number().int(),
    pastRuns: z.number().int(),
    horsesCreated: z.number().int(),
  }),
]);

export type HorseRecord = z.output<typeof horseRecordSchema>;
export type PersonRecord = z.output<typeof personRecordSchema>;
export type JockeyChange = z.output<typeof jockeyChangeSchema>;
export type CardImportResponse = z.output<typeof cardImportResponseSchema>;
