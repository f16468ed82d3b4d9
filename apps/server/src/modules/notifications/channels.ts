/**
 * The channels the notification dispatcher delivers through (decision 055). A channel gets one notice for one
 * player, already rendered in both languages, and says what became of it. The dispatcher claims a delivery row
 * before calling `deliver` and records the outcome after, so a channel never sees the same notice twice unless
 * it answered `retry`.
 */

/** The channels a notice can go to. */
export type ChannelName = 'inbox' | 'push' | 'sms';
export const CHANNEL_NAMES: readonly ChannelName[] = ['inbox', 'push', 'sms'];

/** The languages a notice is rendered in. */
export type NoticeLanguage = 'en' | 'fil';

/** A notice's text in one language. */
export interface NoticeText {
  title: string;
  body: string;
}

/** One notice, as a channel receives it. */
export interface Notice {
  /** The notice's id (a UUID); also the push payload's and the inbox row's id. */
  id: string;
  playerId: string;
  /** The notice's kind (packages/shared/src/notifications/kinds.ts, `NotificationKind`). */
  kind: string;
  /** The texts in both languages; `language` is the one the player reads. */
  texts: Record<NoticeLanguage, NoticeText>;
  language: NoticeLanguage;
  /** The screen the notice opens (a path on the player site, e.g. /history/TICKET, /payment, /race/ID). */
  linkPath: string;
  /** Urgent notices ignore quiet hours and ask push services for high urgency. */
  urgent: boolean;
  /** Marketing notices (promos) are never sent to a player on a break or opted out. */
  marketing: boolean;
  /** When the notice was raised (ISO 8601). */
  createdAt: string;
  /** Seconds after which a late delivery is pointless (push TTL); undefined: the channel's default. */
  ttlSeconds?: number;
}

/**
 * What became of one delivery.
 * - `delivered`: done; never sent again.
 * - `retry`: nothing reached the player (e.g. a 5xx or a refused connection before sending); try again
 *   after `afterMs` (or the dispatcher's backoff).
 * - `skipped`: nothing to send (e.g. no push subscription, SMS not wanted because push exists); final.
 * - `gone`: the destination no longer exists (a push subscription answered 404/410); the channel removed it;
 *   final for this notice.
 * - `failed`: will never work (bad request); final.
 */
export type DeliveryResult =
  | { outcome: 'delivered'; detail?: string }
  | { outcome: 'retry'; detail: string; afterMs?: number }
  | { outcome: 'skipped'; detail: string }
  | { outcome: 'gone'; detail: string }
  | { outcome: 'failed'; detail: string };

/** What the dispatcher hands a channel with each notice. */
export interface DeliveryContext {
  /** This delivery's attempt number, from 1. */
  attempt: number;
  /** Aborted when the dispatcher stops (the instance lost the lead or shuts down). */
  signal: AbortSignal;
}

/**
 * A channel. `deliver` must not throw for an expected failure (answer `retry` or `failed`); a throw counts as
 * an unknown outcome (see `atMostOnce`).
 */
export interface NotificationChannel {
  name: ChannelName;
  /**
   * True when a send whose outcome is unknown (the process died or threw mid-send) must not be resent: a
   * second push or SMS is worse than a missed one. False when delivering twice is harmless (the inbox:
   * delivery is idempotent by notice id).
   */
  atMostOnce: boolean;
  /** How many deliveries this channel takes at once (default 1: one after the other). */
  concurrency?: number;
  deliver(notice: Notice, ctx: DeliveryContext): Promise<DeliveryResult>;
  /**
   * Optional: a whole claimed batch at once (the inbox writes it in one statement); one result per notice, in
   * order. When present the dispatcher calls it instead of `deliver`.
   */
  deliverBatch?(notices: readonly Notice[], ctx: DeliveryContext): Promise<DeliveryResult[]>;
  /**
   * Optional: notices due within the next minutes, handed over ahead (once each, on the leader) so the channel can
   * do its costly work before they are due (push: the encryption). It must send nothing: the notices are claimed
   * and delivered as any other when due. What it keeps may be dropped after `keepUntil` (epoch ms).
   */
  prepare?(notices: readonly Notice[], keepUntil: number): Promise<void>;
}

/** Where channels are registered; the dispatcher delivers only to registered channels. */
export interface ChannelRegistry {
  register(channel: NotificationChannel): void;
  get(name: ChannelName): NotificationChannel | undefined;
  list(): readonly NotificationChannel[];
}

export function createChannelRegistry(): ChannelRegistry {
  const channels = new Map<ChannelName, NotificationChannel>();
  return {
    register(channel) {
      if (channels.has(channel.name)) throw new Error(`Notification channel ${channel.name} registered twice.`);
      channels.set(channel.name, channel);
    },
    get: (name) => channels.get(name),
    list: () => [...channels.values()],
  };
}
