import { z } from 'zod';
import { MAX_ID } from '../params.ts';
import { RACE_STATUSES } from '../../racing/status.ts';
import { lazySchema } from '../../validation/lazySchema.ts';

/** What a player can follow in their blackbook. */
export const FOLLOW_KINDS = ['horse', 'jockey', 'trainer'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** A blackbook note is at most this many characters. */
export const BLACKBOOK_NOTE_MAX = 200;

export const BlackbookMessages = {
  noteTooLong: `A note is at most ${BLACKBOOK_NOTE_MAX} characters.`,
  kind: 'Choose a horse, a jockey or a trainer to follow.',
  subjectNotFound: 'That horse, jockey or trainer is not on record.',
  followed: 'Added to your blackbook.',
  noteSaved: 'Note saved.',
  unfollowed: 'Removed from your blackbook.',
  notFollowed: 'That is not in your blackbook.',
  replayNotFound: 'This race has no replay.',
} as const;

const kindSchema = lazySchema(() => z.enum(FOLLOW_KINDS, BlackbookMessages.kind));
const subjectId = lazySchema(() => z.number().int().min(1).max(MAX_ID));

/**
 * Follow a horse, jockey or trainer, or change the note of one followed (the player is the session's, never
 * a field). An empty or absent note is no note.
 */
export const blackbookFollowSchema = lazySchema(() =>
  z.strictObject({
    kind: kindSchema,
    id: subjectId,
    note: z.string().trim().max(BLACKBOOK_NOTE_MAX, BlackbookMessages.noteTooLong).optional(),
  }),
);
export type BlackbookFollowInput = z.input<typeof blackbookFollowSchema>;

export const blackbookUnfollowSchema = lazySchema(() => z.strictObject({ kind: kindSchema, id: subjectId }));

/** One followed horse, jockey or trainer. */
export const blackbookEntrySchema = lazySchema(() =>
  z.object({
    kind: kindSchema,
    id: z.number().int(),
    name: z.string(),
    note: z.string().nullable(),
    /** ISO 8601 UTC. */
    followedAt: z.string(),
  }),
);
export type BlackbookEntry = z.output<typeof blackbookEntrySchema>;

/** A followed runner in one of today's races (Manila): why it is followed, and the race to bet on. */
export const followedRunnerSchema = lazySchema(() =>
  z.object({
    runnerId: z.number().int(),
    runnerNo: z.string(),
    horseName: z.string(),
    jockeyName: z.string(),
    trainerName: z.string().nullable(),
    runnerStatus: z.enum(['A', 'S']),
    /** What the player follows of this runner: its horse, its jockey, its trainer. */
    followedFor: z.array(kindSchema),
    raceId: z.number().int(),
    raceNo: z.number().int(),
    raceStatus: z.enum(RACE_STATUSES),
    /** Post time, ISO 8601 UTC. */
    postTime: z.string(),
    eventId: z.number().int(),
    eventName: z.string(),
  }),
);
export type FollowedRunner = z.output<typeof followedRunnerSchema>;

export const blackbookResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    follows: z.array(blackbookEntrySchema),
    /** The Manila race day of `today`, YYYY-MM-DD. */
    today: z.string(),
    /** Followed runners in today's races, by post time. */
    followedToday: z.array(followedRunnerSchema),
  }),
);
export type BlackbookResponse = z.output<typeof blackbookResponseSchema>;

export const blackbookChangeResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    statusMessage: z.string(),
    follows: z.array(blackbookEntrySchema),
  }),
);

/** A race's runners as the blackbook sees them: each runner's records and what of it the player follows. */
export const raceFollowsResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    raceId: z.number().int(),
    runners: z.array(
      z.object({
        runnerId: z.number().int(),
        horseId: z.number().int().nullable(),
        jockeyId: z.number().int().nullable(),
        trainerId: z.number().int().nullable(),
        followedFor: z.array(kindSchema),
      }),
    ),
  }),
);
export type RaceFollowsResponse = z.output<typeof raceFollowsResponseSchema>;

/** The recorded run of a finished race, to draw again; and the operator's replay video when there is one. */
export const raceReplayResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    raceId: z.number().int(),
    raceNo: z.number().int(),
    eventId: z.number().int(),
    eventName: z.string(),
    raceDate: z.string(),
    /** The drawn run (demo races); null for an operator's race. */
    run: z
      .object({
        durationMs: z.number().int(),
        seed: z.number().int(),
        order: z.array(z.string()),
      })
      .nullable(),
    /** An HLS address from the allowed stream hosts, or null. */
    videoUrl: z.string().nullable(),
    runners: z.array(
      z.object({
        id: z.number().int(),
        runnerNo: z.string(),
        horseName: z.string(),
        jockeyName: z.string(),
        status: z.enum(['A', 'S']),
        finishPosition: z.number().int().nullable(),
      }),
    ),
  }),
);
export type RaceReplayResponse = z.output<typeof raceReplayResponseSchema>;

/** The races of a race day that can be replayed (finished, with a recorded run or a replay video). */
export const eventReplaysResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    eventId: z.number().int(),
    races: z.array(z.object({ raceId: z.number().int(), raceNo: z.number().int() })),
  }),
);
export type EventReplaysResponse = z.output<typeof eventReplaysResponseSchema>;
