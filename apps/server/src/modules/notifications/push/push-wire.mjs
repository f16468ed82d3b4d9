// The push channel's wire: encrypts a message for its browser (push-aes128gcm.mjs) and posts it to the browser's
// push service over kept-alive connections. It runs on the push threads (push-thread.worker.mjs, one per core),
// so that neither the encryption nor Node's HTTP client takes the server's own thread at a race start. Plain
// JavaScript, so that the threads load it without a compiler.
//
// A message due later can be prepared: its body encrypted ahead and kept here until it is sent (or its time to
// be kept runs out). Sending looks for a prepared body of the same key, endpoint, keys and payload, and encrypts
// afresh otherwise, so a preparation never changes what is sent, only when its cost is paid.
import http from 'node:http';
import https from 'node:https';
import { encryptPayload } from './push-aes128gcm.mjs';

/** Errors raised before a request could be written: nothing reached the push service. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Prepared bodies kept at most: a few race starts' worth; beyond it the oldest are dropped (sent unprepared). */
const PREPARED_KEPT = 300_000;

/**
 * @param {{ maxSockets?: number, timeoutMs?: number }} options
 */
export function createWire(options = {}) {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 128 };
  const httpsAgent = new https.Agent(agentOptions);
  const httpAgent = new http.Agent(agentOptions);
  const timeoutMs = options.timeoutMs ?? 15_000;
  /** key -> { endpoint, p256dh, auth, payload, body, keepUntil } */
  const prepared = new Map();
  let nextSweep = 0;

  const sweep = (now) => {
    if (now < nextSweep && prepared.size < PREPARED_KEPT) return;
    nextSweep = now + 10_000;
    for (const [key, entry] of prepared) if (entry.keepUntil <= now) prepared.delete(key);
    // Insertion order: the first keys are the oldest preparations.
    for (const key of prepared.keys()) {
      if (prepared.size < PREPARED_KEPT) break;
      prepared.delete(key);
    }
  };

  /** The body prepared for this very message, or null. */
  const takePrepared = (job) => {
    const entry = prepared.get(job.key);
    if (!entry) return null;
    prepared.delete(job.key);
    const same =
      entry.endpoint === job.endpoint &&
      entry.p256dh === job.p256dh &&
      entry.auth === job.auth &&
      entry.payload === job.payload &&
      entry.keepUntil > Date.now();
    return same ? entry.body : null;
  };

  const post = (job, body, prepared) =>
    new Promise((resolve) => {
      const url = new URL(job.endpoint);
      const secure = url.protocol === 'https:';
      let settled = false;
      const settle = (reply) => {
        if (settled) return;
        settled = true;
        resolve(reply);
      };
      const request = (secure ? https : http).request(
        url,
        {
          method: 'POST',
          agent: secure ? httpsAgent : httpAgent,
          timeout: timeoutMs,
          headers: {
            TTL: job.ttl,
            Authorization: job.authorization,
            'Content-Length': body.length,
            'Content-Type': 'application/octet-stream',
            'Content-Encoding': 'aes128gcm',
            Urgency: job.urgency,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            const retryAfter = response.headers['retry-after'];
            settle({ key: job.key, status: response.statusCode ?? 0, retryAfter, prepared });
          });
          response.on('error', (error) => settle({ key: job.key, error: error.message, notSent: false }));
        },
      );
      request.on('timeout', () => {
        request.destroy();
        settle({ key: job.key, error: 'push service timed out', notSent: false });
      });
      // Only a connection never made is known not to have reached the push service (a retry); any other failure
      // may have delivered the message (an unknown outcome: at most once, never sent again).
      request.on('error', (error) =>
        settle({ key: job.key, error: error.message, notSent: NOT_SENT_CODES.has(error.code ?? '') }),
      );
      request.end(body);
    });

  return {
    /** Encrypts a message ahead and keeps its body until `keepUntil` (epoch ms). */
    prepare(job) {
      const now = Date.now();
      sweep(now);
      const body = encryptPayload({ p256dh: job.p256dh, auth: job.auth }, job.payload);
      prepared.set(job.key, {
        endpoint: job.endpoint,
        p256dh: job.p256dh,
        auth: job.auth,
        payload: job.payload,
        body,
        keepUntil: job.keepUntil,
      });
    },
    /** Posts one message (the prepared body when there is one); resolves with the push service's answer. */
    async send(job) {
      let body = takePrepared(job);
      const prepared = body !== null;
      if (!body) {
        try {
          body = encryptPayload({ p256dh: job.p256dh, auth: job.auth }, job.payload);
        } catch (error) {
          // Keys no browser could have (the subscription was checked when stored): refused for good.
          return { key: job.key, error: error instanceof Error ? error.message : String(error), refused: true };
        }
      }
      return post(job, body, prepared);
    },
    preparedCount: () => prepared.size,
    close() {
      prepared.clear();
      httpsAgent.destroy();
      httpAgent.destroy();
    },
  };
}
