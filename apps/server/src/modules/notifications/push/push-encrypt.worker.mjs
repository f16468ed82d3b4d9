// Encrypts web push messages (RFC 8291, aes128gcm) off the server's thread: each message costs an ECDH key pair
// and agreement, which at a race start's tens of thousands of followers is most of the work.
// Messages: [{ id, subscription, payload, options }] -> [{ id, headers, body } | { id, error }].
import { parentPort } from 'node:worker_threads';
import { requestDetails } from './push-aes128gcm.mjs';

parentPort.on('message', (jobs) => {
  parentPort.postMessage(
    jobs.map((job) => {
      try {
        return { id: job.id, ...requestDetails(job) };
      } catch (error) {
        return { id: job.id, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
});
