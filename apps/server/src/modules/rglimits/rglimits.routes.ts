import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ResponsibleGamingAdminOperations, ResponsibleGamingOperations, RgMessages } from '@karera/shared';
import { currentOwnPlayer, currentPlayer } from '../sessions/index.ts';
import { currentStaff } from '../staff/index.ts';
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
import { registerOperation } from '../../lib/register-operation.ts';

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

  registerOperation(app, player.status, { tags }, async (request) => status(currentPlayer(request).playerId));
  // Limits and breaks are the player's own decisions: a session staff opened to help cannot make them.
  registerOperation(app, player.setLimit, { tags }, async (request) => {
    const { playerId } = currentOwnPlayer(request);
    const message = await setLimit(
      db,
      { type: 'player', id: playerId, ip: request.ip },
      request.body.kind,
      request.body.amount,
    );
    return status(playerId, message);
  });
  registerOperation(app, player.startBreak, { tags }, async (request) => {
    const { playerId } = currentOwnPlayer(request);
    await startBreak(db, { type: 'player', id: playerId, ip: request.ip }, request.body.period);
    return status(playerId, RgMessages.breakStarted);
  });
  registerOperation(app, player.cancelBreak, { tags }, async (request) => {
    const { playerId } = currentOwnPlayer(request);
    await cancelBreak(db, { type: 'player', id: playerId, ip: request.ip });
    return status(playerId, RgMessages.cancelPending);
  });
  registerOperation(app, player.setRealityCheck, { tags }, async (request) => {
    const { playerId } = currentOwnPlayer(request);
    await setRealityCheck(db, playerId, request.body.minutes);
    return status(playerId);
  });

  registerOperation(app, player.sinceSignIn, { tags }, async (request) => {
    const session = currentPlayer(request);
    return { statusCode: 200 as const, ...(await sinceSignIn(db, session.playerId, session.sessionId)) };
  });

  const staff = ResponsibleGamingAdminOperations;
  const staffTags = ['backoffice'];
  registerOperation(app, staff.exclusions, { tags: staffTags }, async (request) => {
    const { page, active } = request.query;
    const result = await listExclusions(db, {
      active: active === undefined ? undefined : active === '1',
      page,
      pageSize: PAGE_SIZE,
    });
    return { statusCode: 200 as const, ...result, page, pageSize: PAGE_SIZE };
  });
  registerOperation(app, staff.playerStatus, { tags: staffTags }, async (request) => ({
    statusCode: 200 as const,
    ...(await playerStatusForStaff(db, request.params.id)),
  }));
  registerOperation(app, staff.exclude, { tags: staffTags }, async (request) => {
    await operatorExclude(db, currentStaff(request), request.params.id, request.body.reason, request.ip);
    return { statusCode: 200 as const, statusMessage: 'The player is excluded.' };
  });
  registerOperation(app, staff.lift, { tags: staffTags }, async (request) => {
    await operatorLift(db, currentStaff(request), request.params.id, request.body.reason, request.ip);
    return { statusCode: 200 as const, statusMessage: "The operator's exclusion is lifted." };
  });
};
