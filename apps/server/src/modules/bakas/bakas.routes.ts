import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BakasOperations } from '@karera/shared';
import { currentPlayer } from '../sessions/index.ts';
import { currentStaff } from '../staff/index.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import {
  cancelBakas,
  createBakas,
  getBakas,
  joinBakas,
  myGroups,
  placeBakas,
  type BakasNotify,
} from './bakas.service.ts';
import { groupsOfPlayerForStaff, groupsOfRaceForStaff } from './bakas.staff.ts';

/** Group tickets (decision 056), each call scoped by the session's player; staff views by audience. */
export const bakasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bakas'];
  const { create, get, join, cancel, place, mine, raceGroups, playerGroups } = BakasOperations;
  // After each commit that changes a group: its watchers' sockets hear the shares sold (every instance).
  const notify: BakasNotify = (change) => void app.events.emit('bakas.shares', change);
  registerOperation(app, create, { tags }, async (request) =>
    createBakas(app.db, app.hooks, currentPlayer(request).playerId, request.body, notify),
  );
  registerOperation(app, get, { tags }, async (request) =>
    getBakas(app.db, currentPlayer(request).playerId, request.body.code),
  );
  registerOperation(app, join, { tags }, async (request) =>
    joinBakas(app.db, app.hooks, currentPlayer(request).playerId, request.body, notify),
  );
  registerOperation(app, cancel, { tags }, async (request) =>
    cancelBakas(app.db, currentPlayer(request).playerId, request.body, notify),
  );
  registerOperation(app, place, { tags }, async (request) =>
    placeBakas(app.db, currentPlayer(request).playerId, request.body, notify),
  );
  registerOperation(app, mine, { tags }, async (request) => myGroups(app.db, currentPlayer(request).playerId));
  registerOperation(app, raceGroups, { tags }, async (request) =>
    groupsOfRaceForStaff(app.db, currentStaff(request), Number(request.params.raceId)),
  );
  registerOperation(app, playerGroups, { tags }, async (request) =>
    groupsOfPlayerForStaff(app.db, currentStaff(request), Number(request.params.playerId)),
  );
};
