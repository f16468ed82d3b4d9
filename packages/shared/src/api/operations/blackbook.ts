import { z } from 'zod';
import { Audiences, defineOperations, pathOfOne } from '../contract.ts';
import { idParam } from '../params.ts';
import {
  blackbookChangeResponseSchema,
  blackbookFollowSchema,
  blackbookResponseSchema,
  blackbookUnfollowSchema,
  eventReplaysResponseSchema,
  raceFollowsResponseSchema,
  raceReplayResponseSchema,
} from '../schemas/blackbook.ts';
import { lazySchema } from '../../validation/lazySchema.ts';

/** The player's blackbook (issue 34 §5): always the session's player's own, never one named in the call. */
export const BlackbookOperations = defineOperations({
  list: {
    method: 'GET',
    path: '/api/blackbook',
    audience: Audiences.player,
    summary: "The player's followed horses, jockeys and trainers with their notes, and their runners in today's races",
    response: blackbookResponseSchema,
  },
  follow: {
    method: 'POST',
    path: '/api/blackbook/follow',
    audience: Audiences.player,
    summary: 'Follows a horse, jockey or trainer, or changes the note of one followed',
    body: blackbookFollowSchema,
    response: blackbookChangeResponseSchema,
  },
  unfollow: {
    method: 'POST',
    path: '/api/blackbook/unfollow',
    audience: Audiences.player,
    summary: 'Stops following a horse, jockey or trainer',
    body: blackbookUnfollowSchema,
    response: blackbookChangeResponseSchema,
  },
  raceFollows: {
    method: 'GET',
    path: '/api/blackbook/races/:raceId',
    audience: Audiences.player,
    summary: "A race's runners with their horse, jockey and trainer records, and which of them the player follows",
    params: lazySchema(() => z.strictObject({ raceId: idParam })),
    response: raceFollowsResponseSchema,
  },
});

/** Replays (issue 34 §4): a finished race drawn again from its recorded run, or its replay video. */
export const ReplayOperations = defineOperations({
  raceReplay: {
    method: 'GET',
    path: '/api/game/races/:raceId/replay',
    audience: Audiences.public,
    summary: "A finished race's recorded run (demo races) and replay video address (404 when it has neither)",
    params: lazySchema(() => z.strictObject({ raceId: idParam })),
    response: raceReplayResponseSchema,
  },
  eventReplays: {
    method: 'GET',
    path: '/api/game/events/:eventId/replays',
    audience: Audiences.public,
    summary: 'The races of a race day that can be replayed, for the Replay links of results and tickets',
    params: lazySchema(() => z.strictObject({ eventId: idParam })),
    response: eventReplaysResponseSchema,
  },
});

/** The blackbook and replay calls, for callers: built from the operations, so each path is written once. */
export const BlackbookRoutes = {
  list: BlackbookOperations.list.path,
  follow: BlackbookOperations.follow.path,
  unfollow: BlackbookOperations.unfollow.path,
  raceFollows: pathOfOne(BlackbookOperations.raceFollows), // (raceId)
  raceReplay: pathOfOne(ReplayOperations.raceReplay), // (raceId)
  eventReplays: pathOfOne(ReplayOperations.eventReplays), // (eventId)
} as const;
