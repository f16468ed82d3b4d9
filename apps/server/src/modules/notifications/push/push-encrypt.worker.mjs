// Encrypts web push messages (RFC 8291, aes128gcm) with the web-push library, off the server's thread: each
// message costs an ECDH key pair and agreement, which at a race start's tens of thousands of followers is
// most of the work. Messages: { id, subscription, payload, options } -> { id, headers, body } | { id, error }.
import { parentPort } from 'node:worker_threads';
import webpush from 'web-push';

parentPort.on('message', (jobs) => {
  parentPort.postMessage(
    jobs.map(({ id, subscription, payload, options }) => {
      try {
        const details = webpush.generateRequestDetails(subscription, payload, options);
        return { id, headers: details.headers, body: details.body };
      } catch (error) {
        return { id, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
});
