// A push thread (one per core): encrypts web push messages (RFC 8291, aes128gcm: an ECDH key pair and agreement
// each, most of a race start's work) and posts them to the push services, off the server's thread.
// In:  { send?: WireJob[], prepare?: WirePreparation[], batch?: number } (push-wire.d.mts).
// Out: { replies: WireReply[] } (the answers of the sends finished since the last one), or { prepared: batch } once a
// message's preparations are done (the server prepares a batch at a time, so sends never queue behind many).
import { parentPort } from 'node:worker_threads';
import { createWire } from './push-wire.mjs';

const wire = createWire();
let replies = [];
let flushing = false;

const flush = () => {
  flushing = false;
  const out = replies;
  replies = [];
  if (out.length > 0) parentPort.postMessage({ replies: out });
};

const answer = (reply) => {
  replies.push(reply);
  if (!flushing) {
    flushing = true;
    setImmediate(flush);
  }
};

parentPort.on('message', ({ send = [], prepare = [], batch }) => {
  for (const job of send) void wire.send(job).then(answer);
  for (const job of prepare) {
    try {
      wire.prepare(job);
    } catch {
      // Keys that cannot be encrypted for: the send will say so.
    }
  }
  if (batch !== undefined) parentPort.postMessage({ prepared: batch });
});
