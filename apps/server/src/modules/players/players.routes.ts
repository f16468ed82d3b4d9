import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlayerMessages, UserOperations } from '@karera/shared';
import { currentOwnPlayer, currentPlayer } from '../sessions/index.ts';
import { changePassword, getProfile, updateProfile } from './profile.service.ts';
import { registerOperation } from '../../lib/register-operation.ts';

const tags = ['user'];

/** The signed-in player's own profile: read it, change it (a new mobile number is confirmed by code), change the password. */
export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerOperation(app, UserOperations.getProfile, { tags }, async (request) =>
    getProfile(db, currentPlayer(request).playerId),
  );

  registerOperation(app, UserOperations.updateProfile, { tags }, async (request) => {
    const { firstName, lastName, email, mobileNo } = request.body;
    return updateProfile(db, app.sms, currentOwnPlayer(request), { firstName, lastName, email, mobileNo }, request.ip);
  });

  registerOperation(app, UserOperations.changePassword, { tags }, async (request) => {
    await changePassword(
      db,
      currentOwnPlayer(request),
      request.body.currentPassword,
      request.body.newPassword,
      request.ip,
    );
    return { statusCode: 200 as const, statusMessage: PlayerMessages.passwordUpdated };
  });
};
