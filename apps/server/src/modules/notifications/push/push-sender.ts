import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushTarget } from './subscriptions.ts';
import type { VapidKeys } from './vapid.ts';
import { inlineEncryptor, type PushEncryptor } from './push-encryption.ts';

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
  | { kind: 'sent'; status: number }
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
  send(target: PushTarget, payload: string, options: PushMessageOptions): Promise<PushOutcome>;
  close(): Promise<void>;
}

export interface PushSenderOptions {
  keys: () => Promise<VapidKeys>;
  subject: string;
  encryptor?: PushEncryptor;
  /** Connections kept per push service host. */
  maxSockets?: number;
  timeoutMs?: number;
}

/** Errors raised before a request could be written: nothing reached the push service. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Sends web push messages with the web-push library's encryption (RFC 8291, aes128gcm) and VAPID
 * (RFC 8292). The VAPID token is signed once per push service origin and reused while valid, and
 * connections to each push service are kept alive: a race start sends tens of thousands at once.
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const encryptor = options.encryptor ?? inlineEncryptor();
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 128 };
  const httpsAgent = new https.Agent(agentOptions);
  const httpAgent = new http.Agent(agentOptions);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const tokens = new Map<string, { authorization: string; renewAt: number }>();

  const authorizationFor = async (audience: string): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const cached = tokens.get(audience);
    if (cached && cached.renewAt > now) return cached.authorization;
    const keys = await options.keys();
    const expiration = now + VAPID_TOKEN_SECONDS;
    const headers = webpush.getVapidHeaders(
      audience,
      options.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expiration,
    );
    tokens.set(audience, { authorization: headers.Authorization, renewAt: expiration - VAPID_RENEW_BEFORE_SECONDS });
    return headers.Authorization;
  };

  const post = (url: URL, headers: Record<string, string | number>, body: Buffer) =>
    new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
      const secure = url.protocol === 'https:';
      const request = (secure ? https : http).request(
        url,
        { method: 'POST', headers, agent: secure ? httpsAgent : httpAgent, timeout: timeoutMs },
        (response) => {
          response.resume();
          response.on('end', () => {
            const retryAfter = response.headers['retry-after'];
            resolve({ status: response.statusCode ?? 0, retryAfter });
          });
          response.on('error', reject);
        },
      );
      let written = false;
      request.on('timeout', () => request.destroy(new PushOutcomeUnknown('push service timed out')));
      request.on('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? '';
        reject(
          !written || NOT_SENT_CODES.has(code)
            ? Object.assign(error, { notSent: NOT_SENT_CODES.has(code) })
            : error instanceof PushOutcomeUnknown
              ? error
              : new PushOutcomeUnknown(error.message),
        );
      });
      request.end(body, () => {
        written = true;
      });
    });

  return {
    async send(target, payload, messageOptions) {
      const url = new URL(target.endpoint);
      const authorization = await authorizationFor(url.origin);
      const encrypted = await encryptor.encrypt({
        subscription: { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        options: {
          TTL: messageOptions.ttlSeconds,
          urgency: messageOptions.urgency,
          headers: { Authorization: authorization },
        },
      });
      let answer: { status: number; retryAfter: string | undefined };
      try {
        answer = await post(url, encrypted.headers, encrypted.body);
      } catch (error) {
        if (error instanceof Error && 'notSent' in error && error.notSent === true) {
          return { kind: 'retry', status: null, detail: error.message };
        }
        throw error instanceof PushOutcomeUnknown ? error : new PushOutcomeUnknown(String(error));
      }
      return outcomeOf(answer.status, answer.retryAfter);
    },
    async close() {
      httpsAgent.destroy();
      httpAgent.destroy();
      await encryptor.close();
    },
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
