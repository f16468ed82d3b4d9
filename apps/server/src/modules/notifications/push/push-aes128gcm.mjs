// A web push message's encryption (RFC 8291 with RFC 8188's aes128gcm content coding) with node:crypto, for the
// encryption threads. It writes what web-push's encrypt writes (the push API test decrypts it with the browser's
// keys), at less cost a message: each browser's keys are decoded once (a race start's followers are alerted again
// at the next race), and one ECDH object per thread draws a new key pair for every message (RFC 8291 §3.1: never
// a key pair used for an earlier message) instead of a new object each time. The P-256 agreement with the
// browser's key is most of what is left (bench:notify).
import crypto from 'node:crypto';

/** RFC 8188 record size; one record holds the whole message. */
const RECORD_SIZE = 4096;
/** RFC 8291 §4: what fits one 4096-byte record after the header, the padding delimiter and the tag. */
export const MAX_PAYLOAD_BYTES = 3993;

const KEY_INFO = Buffer.from('WebPush: info\0', 'latin1');
// HKDF-Expand of 32 bytes or fewer is one HMAC of the info and the counter 1 (RFC 5869 §2.3).
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0\x01', 'latin1');
const COUNTER_1 = Buffer.from([1]);
const LAST_RECORD = Buffer.from([2]);

const ecdh = crypto.createECDH('prime256v1');
const browsers = new Map();
const BROWSERS_KEPT = 200_000;

/** A browser's decoded p256dh key and auth secret, checked as web-push checks them. */
function browserOf(keys) {
  const id = `${keys.p256dh}.${keys.auth}`;
  let browser = browsers.get(id);
  if (browser) return browser;
  const publicKey = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4)
    throw new Error('The subscription p256dh value should be 65 bytes long.');
  if (auth.length < 16) throw new Error('The subscription auth key should be at least 16 bytes long');
  if (browsers.size >= BROWSERS_KEPT) browsers.clear();
  browser = { publicKey, auth };
  browsers.set(id, browser);
  return browser;
}

function hmac(key, ...data) {
  const mac = crypto.createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
}

/** The encrypted body: salt, record size, the server's public key, then the one record (RFC 8188 §2). */
export function encryptPayload(keys, payload) {
  const browser = browserOf(keys);
  const plain = Buffer.from(payload, 'utf8');
  if (plain.length > MAX_PAYLOAD_BYTES) throw new Error(`A push payload holds at most ${MAX_PAYLOAD_BYTES} bytes.`);
  ecdh.generateKeys();
  const serverPublic = ecdh.getPublicKey();
  const secret = ecdh.computeSecret(browser.publicKey);
  // RFC 8291 §3.3-3.4: IKM from the agreement and the auth secret, then the content key and nonce from a new salt.
  const ikm = hmac(hmac(browser.auth, secret), KEY_INFO, browser.publicKey, serverPublic, COUNTER_1);
  const salt = crypto.randomBytes(16);
  const prk = hmac(salt, ikm);
  const cipher = crypto.createCipheriv(
    'aes-128-gcm',
    hmac(prk, CEK_INFO).subarray(0, 16),
    hmac(prk, NONCE_INFO).subarray(0, 12),
  );
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header[20] = serverPublic.length;
  return Buffer.concat([
    header,
    serverPublic,
    cipher.update(plain),
    cipher.update(LAST_RECORD),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
}

/** The request's headers and body, as web-push's generateRequestDetails gives them for aes128gcm. */
export function requestDetails({ subscription, payload, options }) {
  const body = encryptPayload(subscription.keys, payload);
  return {
    headers: {
      TTL: options.TTL,
      ...options.headers,
      'Content-Length': body.length,
      'Content-Type': 'application/octet-stream',
      'Content-Encoding': 'aes128gcm',
      Urgency: options.urgency,
    },
    body,
  };
}
