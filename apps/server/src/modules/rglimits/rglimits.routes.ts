import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ResponsibleGamingAdminOperations, ResponsibleGamingOperations, RgMessages } from '@karera/shared';
import { schemaOf } from '../../lib/operations.ts';
import { currentOwnPlayer, currentPlayer, requirePlayer } from '../../plugins/player-auth.ts';
import { currentStaff, requireStaff } from '../../plugins/staff-auth.ts';
import {
  cancelBreak,
  listExclusions,
  operatorExclude,
  operatorLift,
  playerStatus,
  playerStatusForStaff,
  setLimit,
  setRealityCheck,
  sinceSignIn,
  startBreak,
} from './rglimits.service.ts';

const PAGE_SIZE = 25;

/** Responsible gaming (issue 22, decision 034): the player's limits and breaks, and exclusions in the back office. */
export const responsibleGamingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['responsible-gaming'];
  const player = ResponsibleGamingOperations;
  const status = async (playerId: number, statusMessage?: string) => ({
    statusCode: 200 as const,
    ...(statusMessage ? { statusMessage } : {}),
    ...(await playerStatus(db, playerId)),
  });

  app.post(
    player.status.path,
    { schema: schemaOf(player.status, tags), preValidation: requirePlayer },
    async (request) => status(currentPlayer(request).playerId),
  );
  // Limits and breaks are the player's own decisions: a session staff opened to help cannot make them.
  app.post(
    player.setLimit.path,
    { schema: schemaOf(player.setLimit, tags), preValidation: requirePlayer },
    async (request) => {
      const { playerId } = currentOwnPlayer(request);
      const message = await setLimit(
        db,
        { type: 'player', id: playerId, ip: request.ip },
        request.body.kind,
        request.body.amount,
      );
      return status(playerId, message);
    },
  );
  app.post(
    player.startBreak.path,
    { schema: schemaOf(player.startBreak, tags), preValidation: requirePlayer },
    async (request) => {
      const { playerId } = currentOwnPlayer(request);
      await startBreak(db, { type: 'player', id: playerId, ip: request.ip }, request.body.period);
      return status(playerId, RgMessages.breakStarted);
    },
  );
  app.post(
    player.cancelBreak.path,
    { schema: schemaOf(player.cancelBreak, tags), preValidation: requirePlayer },
    async (request) => {
      const { playerId } = currentOwnPlayer(request);
      await cancelBreak(db, { type: 'player', id: playerId, ip: request.ip });
      return status(playerId, RgMessages.cancelPending);
    },
  );
  app.post(
    player.setRealityCheck.path,
    { schema: schemaOf(player.setRealityCheck, tags), preValidation: requirePlayer },
    async (request) => {
      const { playerId } = currentOwnPlayer(request);
      await setRealityCheck(db, playerId, request.body.minutes);
      return status(playerId);
    },
  );

  app.post(
    player.sinceSignIn.path,
    { schema: schemaOf(player.sinceSignIn, tags), preValidation: requirePlayer },
    async (request) => {
      const session = currentPlayer(request);
      return { statusCode: 200 as const, ...(await sinceSignIn(db, session.playerId, session.sessionId)) };
    },
  );

  const staff = ResponsibleGamingAdminOperations;
  const staffTags = ['backoffice'];
  const admin = requireStaff('admin');
  app.get(
    staff.exclusions.path,
    { schema: schemaOf(staff.exclusions, staffTags), preValidation: admin },
    async (request) => {
      const { page, active } = request.query;
      const result = await listExclusions(db, {
        active: active === undefined ? undefined : active === '1',
        page,
        pageSize: PAGE_SIZE,
      });
      return { statusCode: 200 as const, ...result, page, pageSize: PAGE_SIZE };
    },
  );
  app.get(
    staff.playerStatus.path,
    { schema: schemaOf(staff.playerStatus, staffTags), preValidation: admin },
    async (request) => ({
      statusCode: 200 as const,
      ...(await playerStatusForStaff(db, request.params.id)),
    }),
  );
  app.post(
    staff.exclude.path,
    { schema: schemaOf(staff.exclude, staffTags), preValidation: admin },
    async (request) => {
      await operatorExclude(db, currentStaff(request), request.params.id, request.body.reason, request.ip);
      return { statusCode: 200 as const, statusMessage: 'The player is excluded.' };
    },
  );
  app.post(staff.lift.path, { schema: schemaOf(staff.lift, staffTags), preValidation: admin }, async (request) => {
    await operatorLift(db, currentStaff(request), request.params.id, request.body.reason, request.ip);
    return { statusCode: 200 as const, statusMessage: "The operator's exclusion is lifted." };
  });
};
