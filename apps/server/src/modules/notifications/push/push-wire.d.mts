/** Types of push-wire.mjs (plain JavaScript, so that the push threads load it without a compiler). */

/** One message for one browser: its subscription, the clear payload and the request's own headers. */
export interface WireJob {
  /** Unique per notice and browser: a prepared body is found by it. */
  key: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  ttl: number;
  urgency: string;
  /** The VAPID header (RFC 8292), signed once per push service origin. */
  authorization: string;
}

/** A message to encrypt ahead, kept until `keepUntil` (epoch ms). */
export interface WirePreparation {
  key: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  keepUntil: number;
}

/**
 * The push service's answer, or why there is none: `notSent` when no connection was made (nothing reached it),
 * `refused` when the message could not be encrypted for the browser's keys.
 */
export type WireReply =
  | {
      key: string;
      status: number;
      retryAfter: string | undefined;
      /** Sent with the body prepared ahead. */ prepared: boolean;
    }
  | { key: string; error: string; notSent?: boolean; refused?: boolean };

export interface Wire {
  prepare(job: WirePreparation): void;
  send(job: WireJob): Promise<WireReply>;
  preparedCount(): number;
  close(): void;
}

export declare function createWire(options?: { maxSockets?: number; timeoutMs?: number }): Wire;
