/*
 * `node bench/push-encrypt.mjs [N]`: the CPU one web push message's encryption (RFC 8291, aes128gcm) costs, the
 * server's (push-aes128gcm.mjs) beside web-push's and two other ways with node:crypto, in the same run, three
 * rounds. Each way draws a new ECDH key pair for every message; 2,000 browsers' keys are cycled through.
 */
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { requestDetails } from '../apps/server/src/modules/notifications/push/push-aes128gcm.mjs';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const webpush = require('web-push');
const N = Number(process.argv[2] ?? 4000);
const browsers = Array.from({ length: 2000 }, () => {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
});
const payload = JSON.stringify({
  id: crypto.randomUUID(),
  title: 'Bagyo runs soon',
  body: 'Race 5 starts in 10 minutes.',
  path: '/live?race=5',
  kind: 'race.starting',
});
const options = { TTL: 600, urgency: 'high', headers: { Authorization: 'vapid t=x, k=y' } };
const endpoint = 'http://127.0.0.1:1/push';

const SPKI_P256 = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');
const keyObjects = new Map();
const hmac = (key, ...data) => {
  const mac = crypto.createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
};
/** The same body from a shared secret (as push-aes128gcm.mjs), for the two other ways below. */
function seal(uaPublic, auth, serverPublic, secret) {
  const ikm = hmac(hmac(auth, secret), Buffer.from('WebPush: info\0'), uaPublic, serverPublic, Buffer.from([1]));
  const salt = crypto.randomBytes(16);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(0, 12);
  const cipher = crypto.createCipheriv('aes-128-gcm', cek, nonce);
  const header = Buffer.alloc(21);
  salt.copy(header);
  header.writeUInt32BE(4096, 16);
  header[20] = 65;
  return Buffer.concat([
    header,
    serverPublic,
    cipher.update(payload),
    cipher.update(Buffer.from([2])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
}

const ways = [
  [
    'web-push generateRequestDetails',
    (b) => webpush.generateRequestDetails({ endpoint, keys: b }, payload, { ...options, contentEncoding: 'aes128gcm' }),
  ],
  [
    'server: push-aes128gcm (one ECDH object a thread)',
    (b) => requestDetails({ subscription: { endpoint, keys: b }, payload, options }),
  ],
  [
    'a new ECDH object a message, keys decoded each time',
    (b) => {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const ua = Buffer.from(b.p256dh, 'base64url');
      return seal(ua, Buffer.from(b.auth, 'base64url'), ecdh.getPublicKey(), ecdh.computeSecret(ua));
    },
  ],
  [
    'KeyObjects: diffieHellman, browser key imported once',
    (b) => {
      let browser = keyObjects.get(b.p256dh);
      if (!browser) {
        const raw = Buffer.from(b.p256dh, 'base64url');
        const key = crypto.createPublicKey({ key: Buffer.concat([SPKI_P256, raw]), format: 'der', type: 'spki' });
        browser = { raw, key, auth: Buffer.from(b.auth, 'base64url') };
        keyObjects.set(b.p256dh, browser);
      }
      const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const serverPublic = Buffer.concat([
        Buffer.from([4]),
        Buffer.from(jwk.x, 'base64url'),
        Buffer.from(jwk.y, 'base64url'),
      ]);
      return seal(
        browser.raw,
        browser.auth,
        serverPublic,
        crypto.diffieHellman({ privateKey, publicKey: browser.key }),
      );
    },
  ],
];
console.log(`Node ${process.version}, OpenSSL ${process.versions.openssl}; ${N} messages a way a round`);
for (let round = 1; round <= 3; round++) {
  for (const [name, encrypt] of ways) {
    for (let i = 0; i < 500; i++) encrypt(browsers[i]);
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < N; i++) encrypt(browsers[i % browsers.length]);
    const wall = performance.now() - start;
    const used = process.cpuUsage(cpu);
    console.log(
      `round ${round}  ${name.padEnd(52)} ${((used.user + used.system) / N).toFixed(0).padStart(4)} µs CPU a message (${((wall / N) * 1000).toFixed(0)} µs wall)`,
    );
  }
}
