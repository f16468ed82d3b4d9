import { Worker } from 'node:worker_threads';
import { createWire, type WireJob, type WirePreparation, type WireReply } from './push-wire.mjs';

/**
 * Where push messages are encrypted and posted (push-wire.mjs): on the server's thread (tests, light loads) or on
 * threads of their own, one per core (production: at a race start each follower's message costs an ECDH agreement
 * and an HTTP request, which would otherwise take the thread that answers the players).
 */
export interface PushWireClient {
  /**
   * Encrypts a message ahead of its send; resolves once done (or dropped: a send without its preparation encrypts
   * then), so that a caller preparing thousands goes at the threads' pace and sends never wait behind them all.
   */
  prepare(job: WirePreparation): Promise<void>;
  send(job: WireJob): Promise<WireReply>;
  close(): Promise<void>;
}

export function inlineWire(options?: { timeoutMs?: number }): PushWireClient {
  const wire = createWire(options);
  return {
    prepare(job) {
      try {
        wire.prepare(job);
      } catch {
        // Keys that cannot be encrypted for: the send will say so.
      }
      return Promise.resolve();
    },
    send: (job) => wire.send(job),
    close: () => {
      wire.close();
      return Promise.resolve();
    },
  };
}

/** A thread for a key: a message's preparation and its send meet on the same thread. */
function shardOf(key: string, threads: number): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
  return Math.abs(hash) % threads;
}

/**
 * `threads` push threads. Messages are gathered into small batches per thread (one message between threads per
 * batch, not per push). A thread that dies answers its pending sends as not known to be sent (at most once) and is
 * replaced on the next message; its prepared bodies are lost, so those messages are encrypted when sent.
 */
export function threadedWire(threads: number, batchSize = 64): PushWireClient {
  interface Slot {
    worker: Worker | null;
    prepare: { job: WirePreparation; done: () => void }[];
    send: WireJob[];
    pending: Map<string, (reply: WireReply) => void>;
    /** Preparation batches on the thread, by number: their callers, told when the thread is done with them. */
    preparing: Map<number, (() => void)[]>;
    scheduled: boolean;
  }
  const slots: Slot[] = Array.from({ length: Math.max(1, threads) }, () => ({
    worker: null,
    prepare: [],
    send: [],
    pending: new Map(),
    preparing: new Map(),
    scheduled: false,
  }));
  let closed = false;
  let nextBatch = 1;

  const start = (slot: Slot): Worker => {
    const worker = new Worker(new URL('./push-thread.worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (message: { replies?: WireReply[]; prepared?: number }) => {
      if (message.prepared !== undefined) {
        for (const done of slot.preparing.get(message.prepared) ?? []) done();
        slot.preparing.delete(message.prepared);
      }
      for (const reply of message.replies ?? []) {
        const waiting = slot.pending.get(reply.key);
        if (!waiting) continue;
        slot.pending.delete(reply.key);
        waiting(reply);
      }
    });
    const fail = (error: Error) => {
      if (slot.worker === worker) slot.worker = null;
      for (const [key, waiting] of slot.pending) waiting({ key, error: `push thread stopped: ${error.message}` });
      slot.pending.clear();
      for (const batch of slot.preparing.values()) for (const done of batch) done();
      slot.preparing.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('exited')));
    return worker;
  };

  const flush = (slot: Slot) => {
    slot.scheduled = false;
    if (slot.send.length === 0 && slot.prepare.length === 0) return;
    const worker = slot.worker ?? (slot.worker = start(slot));
    while (slot.send.length > 0) worker.postMessage({ send: slot.send.splice(0, batchSize) });
    while (slot.prepare.length > 0) {
      const chunk = slot.prepare.splice(0, batchSize);
      const batch = nextBatch++;
      slot.preparing.set(
        batch,
        chunk.map((p) => p.done),
      );
      worker.postMessage({ prepare: chunk.map((p) => p.job), batch });
    }
  };

  const queue = (slot: Slot) => {
    if (slot.send.length + slot.prepare.length >= batchSize) flush(slot);
    else if (!slot.scheduled) {
      slot.scheduled = true;
      setImmediate(() => flush(slot));
    }
  };

  return {
    prepare(job) {
      if (closed) return Promise.resolve();
      const slot = slots[shardOf(job.key, slots.length)]!;
      return new Promise<void>((done) => {
        slot.prepare.push({ job, done });
        queue(slot);
      });
    },
    send(job) {
      if (closed) return Promise.resolve({ key: job.key, error: 'push threads closed', notSent: true });
      const slot = slots[shardOf(job.key, slots.length)]!;
      return new Promise<WireReply>((resolve) => {
        // A key is sent once at a time (one delivery of one notice to one browser).
        slot.pending.set(job.key, resolve);
        slot.send.push(job);
        queue(slot);
      });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((slot) => slot.worker?.terminate()));
    },
  };
}
