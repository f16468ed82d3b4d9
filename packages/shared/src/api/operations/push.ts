import { Audiences, defineOperations } from '../contract.ts';
import {
  pushChangeResponseSchema,
  pushKeyResponseSchema,
  pushSubscribeSchema,
  pushUnsubscribeSchema,
} from '../schemas/push.ts';

/** Web push (issue 35 §2): the server's VAPID key, and the current browser's subscription of the session's player. */
export const PushOperations = defineOperations({
  key: {
    method: 'GET',
    path: '/api/push/key',
    audience: Audiences.public,
    summary: "The server's VAPID public key, for a browser to subscribe to web push with",
    response: pushKeyResponseSchema,
  },
  subscribe: {
    method: 'POST',
    path: '/api/push/subscribe',
    audience: Audiences.player,
    summary:
      "Subscribes this browser to the player's notifications (a browser subscribed by another player moves over)",
    body: pushSubscribeSchema,
    response: pushChangeResponseSchema,
  },
  unsubscribe: {
    method: 'POST',
    path: '/api/push/unsubscribe',
    audience: Audiences.player,
    summary: "Stops push notifications to this browser (only the player's own subscription)",
    body: pushUnsubscribeSchema,
    response: pushChangeResponseSchema,
  },
});

/** The push calls, for callers: built from the operations, so each path is written once. */
export const PushRoutes = {
  key: PushOperations.key.path,
  subscribe: PushOperations.subscribe.path,
  unsubscribe: PushOperations.unsubscribe.path,
} as const;
