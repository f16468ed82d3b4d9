import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReplayOperations } from '@karera/shared';
import { registerOperation } from '../../lib/register-operation.ts';
import { eventReplays, raceReplay } from './replays.service.ts';

/** Replays (issue 34 §4): a finished race's recorded run and its replay video, for anyone who reads results. */
export const replayRoutes: FastifyPluginAsyncZod = async (app) => {
  registerOperation(app, ReplayOperations.raceReplay, { tags: ['replays'] }, async (request) =>
    raceReplay(app.db, request.params.raceId),
  );
  registerOperation(app, ReplayOperations.eventReplays, { tags: ['replays'] }, async (request) =>
    eventReplays(app.db, request.params.eventId),
  );
};
