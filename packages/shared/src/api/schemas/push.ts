import { z } from 'zod';

/** The longest push service address a subscription may name (real ones are under 600 characters). */
export const PUSH_ENDPOINT_MAX = 1024;

export const PushMessages = {
  endpoint: 'A push subscription needs the https address of a push service.',
  keys: "A push subscription needs the browser's P-256 key and auth secret.",
  subscribed: 'Notifications are on for this browser.',
  unsubscribed: 'Notifications are off for this browser.',
} as const;

/** Base64url without padding, as browsers give push keys. */
const base64url = (bytes: number) => {
  const length = Math.ceil((bytes * 4) / 3);
  return z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), PushMessages.keys);
};

/** Loopback hosts: only a test server accepts a push service there. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** scheme://host[:port] then a path or query; no credentials (no @), no fragment, no spaces. */
const ENDPOINT = /^(https?):\/\/([^/?#@\s]+)([/?][^#\s]*)?$/;

/** The host of an address's authority, without its port, in lower case. */
function hostOf(authority: string): string {
  const host = authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.split(':')[0];
  return (host ?? '').toLowerCase();
}

/**
 * A push service's address: https, or http on a loopback host (a test's local push service, which the
 * server accepts only in tests). No credentials and no fragment.
 */
export const pushEndpointSchema = z
  .string()
  .max(PUSH_ENDPOINT_MAX, PushMessages.endpoint)
  .refine((value) => {
    const parts = ENDPOINT.exec(value);
    if (!parts) return false;
    const [, scheme, authority = ''] = parts;
    return scheme === 'https' || isLoopbackHost(hostOf(authority));
  }, PushMessages.endpoint);

/**
 * The current browser's subscription, as `PushSubscription.toJSON()` gives it, plus the site's language
 * (its notifications are written in it). The player is the session's, never a field.
 */
export const pushSubscribeSchema = z.strictObject({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.strictObject({
    /** The browser's uncompressed P-256 public key: 65 bytes. */
    p256dh: base64url(65),
    /** The auth secret: 16 bytes. */
    auth: base64url(16),
  }),
  language: z.enum(['en', 'fil']),
});
export type PushSubscribeInput = z.input<typeof pushSubscribeSchema>;

export const pushUnsubscribeSchema = z.strictObject({ endpoint: pushEndpointSchema });

export const pushKeyResponseSchema = z.object({
  statusCode: z.literal(200),
  /** The server's VAPID public key (base64url), the `applicationServerKey` to subscribe with. */
  publicKey: z.string(),
});
export type PushKeyResponse = z.output<typeof pushKeyResponseSchema>;

export const pushChangeResponseSchema = z.object({
  statusCode: z.literal(200),
  statusMessage: z.string(),
});
export type PushChangeResponse = z.output<typeof pushChangeResponseSchema>;

/** What a push message carries to the service worker (encrypted for the browser, RFC 8291). */
export const pushPayloadSchema = z.object({
  /** The notice's id. */
  id: z.string(),
  title: z.string(),
  body: z.string(),
  /** The screen the notification opens: a path on the player site. */
  path: z.string().startsWith('/'),
  kind: z.string(),
});
export type PushPayload = z.output<typeof pushPayloadSchema>;
