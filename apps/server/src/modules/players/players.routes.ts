import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlayerMessages, UserOperations } from '@karera/shared';
import { schemaOf } from '../../lib/operations.ts';
import { currentOwnPlayer, currentPlayer, requirePlayer } from '../../plugins/player-auth.ts';
import { changePassword, getProfile, updateProfile } from './profile.service.ts';

const tags = ['user'];

/** The signed-in player's own profile: read it, change it (a new mobile number is confirmed by code), change the password. */
export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.post(
    UserOperations.getProfile.path,
    { schema: schemaOf(UserOperations.getProfile, tags), preValidation: requirePlayer },
    async (request) => getProfile(db, currentPlayer(request).playerId),
  );

  app.post(
    UserOperations.updateProfile.path,
    { schema: schemaOf(UserOperations.updateProfile, tags), preValidation: requirePlayer },
    async (request) => {
      const { firstName, lastName, email, mobileNo } = request.body;
      return updateProfile(
        db,
        app.sms,
        currentOwnPlayer(request),
        { firstName, lastName, email, mobileNo },
        request.ip,
      );
    },
  );

  app.post(
    UserOperations.changePassword.path,
    { schema: schemaOf(UserOperations.changePassword, tags), preValidation: requirePlayer },
    async (request) => {
      await changePassword(
        db,
        currentOwnPlayer(request),
        request.body.currentPassword,
        request.body.newPassword,
        request.ip,
      );
      return { statusCode: 200 as const, statusMessage: PlayerMessages.passwordUpdated };
    },
  );
};
