import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationMessages, NotificationOperations as ops } from '@karera/shared';
import { registerOperation } from '../../lib/register-operation.ts';
import { currentOwnPlayer, currentPlayer } from '../sessions/index.ts';
import { inboxPage, markRead, unreadCount } from './inbox.ts';
import { preferencesView, savePreferences } from './preferences.ts';
import { deliveryStats, playerNoticesForStaff } from './staff.ts';

/**
 * The inbox and notification settings: every player call is the session's player's own (no call names a player;
 * bodies are strict). The back office's views are admins'.
 */
export function notificationRoutes(inboxChanged: (playerIds: readonly number[]) => void): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['notifications'];
    const { db } = app;
    registerOperation(app, ops.inbox, { tags }, async (request) => ({
      statusCode: 200 as const,
      ...(await inboxPage(db, currentPlayer(request).playerId, request.query.page ?? 1)),
    }));
    registerOperation(app, ops.unread, { tags }, async (request) => ({
      statusCode: 200 as const,
      unread: await unreadCount(db, currentPlayer(request).playerId),
    }));
    registerOperation(app, ops.markRead, { tags }, async (request) => {
      const { playerId } = currentOwnPlayer(request);
      await markRead(db, playerId, request.body.ids);
      inboxChanged([playerId]);
      return { statusCode: 200 as const, unread: await unreadCount(db, playerId) };
    });
    registerOperation(app, ops.markAllRead, { tags }, async (request) => {
      const { playerId } = currentOwnPlayer(request);
      await markRead(db, playerId, 'all');
      inboxChanged([playerId]);
      return { statusCode: 200 as const, unread: await unreadCount(db, playerId) };
    });
    registerOperation(app, ops.preferences, { tags }, async (request) => ({
      statusCode: 200 as const,
      ...(await preferencesView(db, currentPlayer(request).playerId)),
    }));
    registerOperation(app, ops.savePreferences, { tags }, async (request) => {
      const { playerId } = currentOwnPlayer(request);
      await savePreferences(db, playerId, request.body);
      return {
        statusCode: 200 as const,
        statusMessage: NotificationMessages.saved,
        ...(await preferencesView(db, playerId)),
      };
    });
    registerOperation(app, ops.staffPlayerNotices, { tags }, async (request) => ({
      statusCode: 200 as const,
      notices: await playerNoticesForStaff(db, request.params.playerId),
    }));
    registerOperation(app, ops.stats, { tags }, async () => ({
      statusCode: 200 as const,
      ...(await deliveryStats(db)),
    }));
  };
}
