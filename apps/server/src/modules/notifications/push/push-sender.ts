import webpush from 'web-push';
import type { PushTarget } from './subscriptions.ts';
import type { VapidKeys } from './vapid.ts';
import { inlineWire, type PushWireClient } from './push-threads.ts';

/** How long a VAPID token is signed for (RFC 8292 allows at most 24 h); it is reused until an hour before. */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;
const VAPID_RENEW_BEFORE_SECONDS = 60 * 60;

/**
 * What became of one push message.
 * - `sent`: the push service accepted it (2xx).
 * - `gone`: the subscription no longer exists (404, 410): remove it.
 * - `retry`: nothing was delivered and a later try may work (429, 5xx, a connection never made).
 * - `failed`: the push service refused it for good (other 4xx).
 */
export type PushOutcome =
  | { kind: 'sent'; status: number; /** Encrypted ahead of its due time. */ prepared?: boolean }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status: number | null; detail: string; afterMs?: number }
  | { kind: 'failed'; status: number; detail: string };

/** A send whose outcome is unknown: the message may have reached the push service (at-most-once: no resend). */
export class PushOutcomeUnknown extends Error {
  override name = 'PushOutcomeUnknown';
}

export interface PushMessageOptions {
  /** Seconds the push service keeps the message for an offline browser. */
  ttlSeconds: number;
  urgency: webpush.Urgency;
}

export interface PushSender {
  /** Sends one message; `key` names this notice's message to this browser (a preparation is found by it). */
  send(target: PushTarget, payload: string, options: PushMessageOptions, key: string): Promise<PushOutcome>;
  /** Encrypts a message due later, kept until `keepUntil` (epoch ms) for the send of the same key. */
  prepare(target: PushTarget, payload: string, key: string, keepUntil: number): Promise<void>;
  close(): Promise<void>;
}

export interface PushSenderOptions {
  keys: () => Promise<VapidKeys>;
  subject: string;
  /** Where messages are encrypted and posted: the push threads in production, this thread by default. */
  wire?: PushWireClient;
}

/**
 * Sends web push messages with RFC 8291 encryption (aes128gcm) and a VAPID token (RFC 8292) signed by web-push
 * once per push service origin and reused while valid. The wire (push-wire.mjs) encrypts and posts over kept-alive
 * connections to each push service: a race start sends tens of thousands at once.
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const wire = options.wire ?? inlineWire();
  // One token per push service origin, signed once: the first message to an origin is one of thousands sent at
  // once, so the signing is shared as a promise, not repeated by every message that finds no token yet.
  const tokens = new Map<string, { authorization: Promise<string>; renewAt: number }>();

  const sign = async (audience: string, expiration: number): Promise<string> => {
    const keys = await options.keys();
    return webpush.getVapidHeaders(audience, options.subject, keys.publicKey, keys.privateKey, 'aes128gcm', expiration)
      .Authorization;
  };

  const authorizationFor = (audience: string): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const cached = tokens.get(audience);
    if (cached && cached.renewAt > now) return cached.authorization;
    const expiration = now + VAPID_TOKEN_SECONDS;
    const authorization = sign(audience, expiration);
    tokens.set(audience, { authorization, renewAt: expiration - VAPID_RENEW_BEFORE_SECONDS });
    // A failed signing (the keys unreadable) is not kept: the next message tries again.
    authorization.catch(() => {
      if (tokens.get(audience)?.authorization === authorization) tokens.delete(audience);
    });
    return authorization;
  };

  return {
    async send(target, payload, messageOptions, key) {
      const authorization = await authorizationFor(new URL(target.endpoint).origin);
      const reply = await wire.send({
        key,
        endpoint: target.endpoint,
        p256dh: target.p256dh,
        auth: target.auth,
        payload,
        ttl: messageOptions.ttlSeconds,
        urgency: messageOptions.urgency,
        authorization,
      });
      if ('status' in reply) {
        const outcome = outcomeOf(reply.status, reply.retryAfter);
        return outcome.kind === 'sent' && reply.prepared ? { ...outcome, prepared: true } : outcome;
      }
      if (reply.refused) return { kind: 'failed', status: 0, detail: reply.error };
      if (reply.notSent) return { kind: 'retry', status: null, detail: reply.error };
      throw new PushOutcomeUnknown(reply.error);
    },
    prepare(target, payload, key, keepUntil) {
      return wire.prepare({
        key,
        endpoint: target.endpoint,
        p256dh: target.p256dh,
        auth: target.auth,
        payload,
        keepUntil,
      });
    },
    close: () => wire.close(),
  };
}

function outcomeOf(status: number, retryAfter: string | undefined): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) {
    const seconds = retryAfter !== undefined && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
    return {
      kind: 'retry',
      status,
      detail: `push service answered ${status}`,
      ...(seconds !== undefined ? { afterMs: seconds * 1000 } : {}),
    };
  }
  return { kind: 'failed', status, detail: `push service answered ${status}` };
}
