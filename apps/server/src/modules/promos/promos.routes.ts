import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PromoAdminOperations, PromoOperations } from '@karera/shared';
import { currentOwnPlayer, currentPlayer } from '../sessions/index.ts';
import { currentStaff } from '../staff/index.ts';
import {
  claimPromoAndTell,
  listBackofficePromos,
  listPromos,
  promoDetail,
  promoHistory,
  savePromo,
  setPromoActive,
} from './promos.service.ts';
import { registerOperation } from '../../lib/register-operation.ts';

export const promoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const playerTags = ['promo'];

  registerOperation(app, PromoOperations.list, { tags: playerTags }, async (request) => ({
    statusCode: 200 as const,
    promos: await listPromos(db, currentPlayer(request).playerId),
  }));
  registerOperation(app, PromoOperations.history, { tags: playerTags }, async (request) => ({
    statusCode: 200 as const,
    promos: await promoHistory(db, currentPlayer(request).playerId),
  }));
  registerOperation(
    app,
    PromoOperations.claim,
    {
      tags: playerTags, // Claims are few by nature: a guessing run at codes is not.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      // A session staff opened with a login link cannot claim (decision 045): a claim moves money.
      const { playerId } = currentOwnPlayer(request);
      return claimPromoAndTell({ db, events: app.events }, playerId, request.body);
    },
  );

  // Back office: admins define promos; every change audited.
  const tags = ['backoffice promos'];
  const actorOf = (request: Parameters<typeof currentStaff>[0]) => ({
    type: 'staff' as const,
    id: currentStaff(request).id,
    ip: request.ip,
  });
  const ops = PromoAdminOperations;
  registerOperation(app, ops.list, { tags }, async () => ({
    statusCode: 200 as const,
    promos: await listBackofficePromos(db),
  }));
  registerOperation(app, ops.create, { tags }, async (request) => savePromo(db, actorOf(request), null, request.body));
  registerOperation(app, ops.detail, { tags }, async (request) => promoDetail(db, request.params.id));
  registerOperation(app, ops.update, { tags }, async (request) =>
    savePromo(db, actorOf(request), request.params.id, request.body),
  );
  registerOperation(app, ops.setActive, { tags }, async (request) =>
    setPromoActive(db, actorOf(request), request.params.id, request.body.active),
  );
};
