import { Worker } from 'node:worker_threads';
import type webpush from 'web-push';
import { requestDetails } from './push-aes128gcm.mjs';

export interface EncryptedPush {
  headers: Record<string, string | number>;
  body: Buffer;
}

export interface PushEncryptionRequest {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  payload: string;
  options: { TTL: number; urgency: webpush.Urgency; headers: Record<string, string> };
}

/**
 * Encrypts a push message for one browser (RFC 8291, aes128gcm) and gives its request headers and body. Both
 * encryptors use push-aes128gcm.mjs (node:crypto; web-push signs the VAPID token and its encrypt is the
 * reference the push API test and bench:notify's naive peer use).
 */
export interface PushEncryptor {
  encrypt(request: PushEncryptionRequest): Promise<EncryptedPush>;
  close(): Promise<void>;
}

/** On the calling thread: for tests and light loads. */
export function inlineEncryptor(): PushEncryptor {
  return {
    encrypt: (request) => {
      try {
        return Promise.resolve(requestDetails(request));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    close: () => Promise.resolve(),
  };
}

function toHeaders(headers: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string' || typeof value === 'number') out[name] = value;
  }
  return out;
}

function toBuffer(body: unknown): Buffer {
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return Buffer.alloc(0);
}

interface WorkerReply {
  id: number;
  headers?: Record<string, unknown>;
  body?: Uint8Array;
  error?: string;
}

/**
 * A few threads that encrypt in parallel. Requests are gathered into small batches per thread (one message
 * between threads per batch, not per push), handed round-robin; a thread that dies fails its pending
 * requests and is replaced on the next request.
 */
export function threadedEncryptor(threads: number, batchSize = 64): PushEncryptor {
  interface Slot {
    worker: Worker | null;
    queue: { id: number; request: PushEncryptionRequest }[];
    pending: Map<number, { resolve: (value: EncryptedPush) => void; reject: (error: Error) => void }>;
    scheduled: boolean;
  }
  const slots: Slot[] = Array.from({ length: Math.max(1, threads) }, () => ({
    worker: null,
    queue: [],
    pending: new Map(),
    scheduled: false,
  }));
  let next = 0;
  let nextId = 1;
  let closed = false;

  const start = (slot: Slot): Worker => {
    const worker = new Worker(new URL('./push-encrypt.worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (replies: WorkerReply[]) => {
      for (const reply of replies) {
        const waiting = slot.pending.get(reply.id);
        if (!waiting) continue;
        slot.pending.delete(reply.id);
        if (reply.error !== undefined || !reply.headers || !reply.body) {
          waiting.reject(new Error(reply.error ?? 'push encryption failed'));
        } else {
          waiting.resolve({ headers: toHeaders(reply.headers), body: toBuffer(reply.body) });
        }
      }
    });
    const fail = (error: Error) => {
      slot.worker = null;
      for (const waiting of slot.pending.values()) waiting.reject(error);
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('push encryption thread stopped')));
    return worker;
  };

  const flush = (slot: Slot) => {
    slot.scheduled = false;
    if (slot.queue.length === 0) return;
    const worker = slot.worker ?? (slot.worker = start(slot));
    while (slot.queue.length > 0) {
      const batch = slot.queue.splice(0, batchSize);
      worker.postMessage(batch.map(({ id, request }) => ({ id, ...request })));
    }
  };

  return {
    encrypt(request) {
      if (closed) return Promise.reject(new Error('push encryption closed'));
      const slot = slots[next++ % slots.length]!;
      const id = nextId++;
      return new Promise<EncryptedPush>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject });
        slot.queue.push({ id, request });
        if (slot.queue.length >= batchSize) flush(slot);
        else if (!slot.scheduled) {
          slot.scheduled = true;
          setImmediate(() => flush(slot));
        }
      });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((slot) => slot.worker?.terminate()));
    },
  };
}
