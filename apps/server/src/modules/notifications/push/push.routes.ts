import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PushMessages, PushOperations, isLoopbackHost } from '@karera/shared';
import { registerOperation } from '../../../lib/register-operation.ts';
import { badRequest } from '../../../lib/errors.ts';
import { currentOwnPlayer } from '../../sessions/index.ts';
import { removeSubscription, saveSubscription } from './subscriptions.ts';
import { vapidKeysOf } from './vapid.ts';

/**
 * The push services browsers subscribe with (Chrome and Android, Firefox, Edge, Safari). The server posts
 * to whatever address a subscription names, so only these are taken: an address of the player's choosing
 * would make the server a messenger to any host, inside the network too.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /\.notify\.windows\.com$/,
  /(^|\.)push\.apple\.com$/,
];

export function isAcceptedPushEndpoint(endpoint: string, loopbackAllowed: boolean): boolean {
  const url = new URL(endpoint);
  if (isLoopbackHost(url.hostname)) return loopbackAllowed;
  return url.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}

/**
 * Web push subscriptions (issue 35 §2): the VAPID key is public; subscribing and unsubscribing are the
 * session's player's own browser (strict bodies: a player id in one is refused, not read). A session staff
 * opened for a player cannot subscribe: the player's notices would go to the staff member's browser.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const { db, config } = app;
  registerOperation(app, PushOperations.key, { tags }, async () => {
    const keys = await vapidKeysOf(db, config.push.vapidKeys);
    return { statusCode: 200 as const, publicKey: keys.publicKey };
  });
  registerOperation(app, PushOperations.subscribe, { tags }, async (request) => {
    const { playerId } = currentOwnPlayer(request);
    if (!isAcceptedPushEndpoint(request.body.endpoint, config.push.loopbackEndpoints)) {
      throw badRequest(PushMessages.endpoint);
    }
    await saveSubscription(db, playerId, request.body);
    return { statusCode: 200 as const, statusMessage: PushMessages.subscribed };
  });
  registerOperation(app, PushOperations.unsubscribe, { tags }, async (request) => {
    const { playerId } = currentOwnPlayer(request);
    await removeSubscription(db, playerId, request.body.endpoint);
    return { statusCode: 200 as const, statusMessage: PushMessages.unsubscribed };
  });
};
