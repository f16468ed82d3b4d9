import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PromoAdminOperations, PromoOperations } from '@karera/shared';
import { schemaOf } from '../../lib/operations.ts';
import { currentOwnPlayer, currentPlayer, requirePlayer } from '../../plugins/player-auth.ts';
import { currentStaff, requireStaff } from '../../plugins/staff-auth.ts';
import {
  claimPromo,
  listBackofficePromos,
  listPromos,
  promoDetail,
  promoHistory,
  savePromo,
  setPromoActive,
} from './promos.service.ts';

export const promoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const playerTags = ['promo'];

  app.post(
    PromoOperations.list.path,
    { schema: schemaOf(PromoOperations.list, playerTags), preValidation: requirePlayer },
    async (request) => ({
      statusCode: 200 as const,
      promos: await listPromos(db, currentPlayer(request).playerId),
    }),
  );
  app.post(
    PromoOperations.history.path,
    { schema: schemaOf(PromoOperations.history, playerTags), preValidation: requirePlayer },
    async (request) => ({
      statusCode: 200 as const,
      promos: await promoHistory(db, currentPlayer(request).playerId),
    }),
  );
  app.post(
    PromoOperations.claim.path,
    {
      schema: schemaOf(PromoOperations.claim, playerTags),
      preValidation: requirePlayer,
      // Claims are few by nature: a guessing run at codes is not.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      // A session staff opened with a login link cannot claim (decision 045): a claim moves money.
      const { playerId } = currentOwnPlayer(request);
      const { answer, replayed, reward } = await claimPromo(db, playerId, request.body);
      // After the commit: other modules may react; the player's open pages read the balance again.
      if (!replayed) {
        void app.events.emit('promo.claimed', { playerId, promoCode: answer.promoCode, reward });
        if (reward > 0) void app.events.emit('wallet.changed', { playerId, cause: 'promo' });
      }
      return answer;
    },
  );

  // Back office: admins define promos; every change audited.
  const tags = ['backoffice promos'];
  const admin = requireStaff('admin');
  const actorOf = (request: Parameters<typeof currentStaff>[0]) => ({
    type: 'staff' as const,
    id: currentStaff(request).id,
    ip: request.ip,
  });
  const ops = PromoAdminOperations;
  app.get(ops.list.path, { schema: schemaOf(ops.list, tags), preHandler: admin }, async () => ({
    statusCode: 200 as const,
    promos: await listBackofficePromos(db),
  }));
  app.post(ops.create.path, { schema: schemaOf(ops.create, tags), preHandler: admin }, async (request) =>
    savePromo(db, actorOf(request), null, request.body),
  );
  app.get(ops.detail.path, { schema: schemaOf(ops.detail, tags), preHandler: admin }, async (request) =>
    promoDetail(db, request.params.id),
  );
  app.post(ops.update.path, { schema: schemaOf(ops.update, tags), preHandler: admin }, async (request) =>
    savePromo(db, actorOf(request), request.params.id, request.body),
  );
  app.post(ops.setActive.path, { schema: schemaOf(ops.setActive, tags), preHandler: admin }, async (request) =>
    setPromoActive(db, actorOf(request), request.params.id, request.body.active),
  );
};
