import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  promoActiveSchema,
  PromoBackofficeRoutes,
  promoDefinitionSchema,
  PromoOperations,
  type BackofficePromoDetailResponse,
  type BackofficePromoListResponse,
} from '@karera/shared';
import { idParam } from '../../lib/params.ts';
import { schemaOf } from '../../lib/operations.ts';
import { currentPlayer, requirePlayer } from '../../plugins/player-auth.ts';
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

const idParams = z.strictObject({
  id: idParam,
});

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
      const { playerId } = currentPlayer(request);
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
  app.get(
    PromoBackofficeRoutes.promos,
    { schema: { tags }, preHandler: admin },
    async (): Promise<BackofficePromoListResponse> => ({ statusCode: 200, promos: await listBackofficePromos(db) }),
  );
  app.post(
    PromoBackofficeRoutes.promos,
    { schema: { tags, body: promoDefinitionSchema }, preHandler: admin },
    async (request) => ({ statusCode: 200 as const, promo: await savePromo(db, actorOf(request), null, request.body) }),
  );
  app.get(
    '/api/backoffice/promos/:id',
    { schema: { tags, params: idParams }, preHandler: admin },
    async (request): Promise<BackofficePromoDetailResponse> => promoDetail(db, request.params.id),
  );
  app.post(
    '/api/backoffice/promos/:id',
    { schema: { tags, params: idParams, body: promoDefinitionSchema }, preHandler: admin },
    async (request) => ({
      statusCode: 200 as const,
      promo: await savePromo(db, actorOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/api/backoffice/promos/:id/active',
    { schema: { tags, params: idParams, body: promoActiveSchema }, preHandler: admin },
    async (request) => ({
      statusCode: 200 as const,
      promo: await setPromoActive(db, actorOf(request), request.params.id, request.body.active),
    }),
  );
};
