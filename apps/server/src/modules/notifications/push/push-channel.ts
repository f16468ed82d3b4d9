import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type webpush from 'web-push';
import type { PushPayload } from '@karera/shared';
import type { Database } from '../../../db/schema.ts';
import type { DeliveryResult, Notice, NotificationChannel } from '../channels.ts';
import { PushOutcomeUnknown, type PushOutcome, type PushSender } from './push-sender.ts';
import { removeGoneSubscription, subscriptionsOf, subscriptionsOfPlayers, type PushTarget } from './subscriptions.ts';

/** How long a push service keeps a message for an offline browser when the kind does not say. */
const DEFAULT_TTL_SECONDS = { urgent: 24 * 60 * 60, normal: 12 * 60 * 60, marketing: 4 * 60 * 60 };

/** Urgency (RFC 8030 §5.3) from the kind: money and identity decisions high, promos low. */
export function urgencyOf(notice: Pick<Notice, 'urgent' | 'marketing' | 'kind'>): webpush.Urgency {
  if (notice.urgent || notice.kind === 'race.starting') return 'high';
  return notice.marketing ? 'low' : 'normal';
}

/** Seconds left for the message to be worth showing: the kind's lifetime less the time already waited. */
export function ttlOf(
  notice: Pick<Notice, 'urgent' | 'marketing' | 'createdAt' | 'ttlSeconds'>,
  now = Date.now(),
): number {
  const lifetime =
    notice.ttlSeconds ??
    (notice.urgent
      ? DEFAULT_TTL_SECONDS.urgent
      : notice.marketing
        ? DEFAULT_TTL_SECONDS.marketing
        : DEFAULT_TTL_SECONDS.normal);
  const waited = Math.max(0, Math.floor((now - Date.parse(notice.createdAt)) / 1000));
  return lifetime - waited;
}

/** The payload the service worker shows, in the language the browser subscribed in. */
export function pushPayloadOf(notice: Notice, target: Pick<PushTarget, 'language'>): PushPayload {
  const text = notice.texts[target.language];
  return { id: notice.id, title: text.title, body: text.body, path: notice.linkPath, kind: notice.kind };
}

export interface PushChannelDeps {
  db: Kysely<Database>;
  sender: PushSender;
  log: FastifyBaseLogger;
  /**
   * Messages in flight at once. A whole claimed batch by default: the push threads queue what their connections
   * cannot take yet, and keep posting while this thread is busy with the database (a claim, the inbox's writes).
   */
  concurrency?: number;
}

/**
 * The web push channel: one encrypted message to each of the player's subscribed browsers. Push is
 * at-most-once: a message the push service may have taken is never sent again (a second alert is worse
 * than a missed one; the inbox keeps every notice). A subscription answered 404 or 410 is removed.
 */
export function createPushChannel(deps: PushChannelDeps): NotificationChannel {
  const { db, sender, log } = deps;
  const concurrency = deps.concurrency ?? 2_048;

  /** One notice to each of its player's browsers (looked up already). */
  const sendTo = async (notice: Notice, targets: readonly PushTarget[]): Promise<DeliveryResult> => {
    const ttlSeconds = ttlOf(notice);
    if (ttlSeconds <= 0) return { outcome: 'skipped', detail: 'expired before it could be sent' };
    if (targets.length === 0) return { outcome: 'skipped', detail: 'no push subscription' };
    const urgency = urgencyOf(notice);
    const outcomes: PushOutcome[] = [];
    let unknown: PushOutcomeUnknown | null = null;
    for (const target of targets) {
      try {
        const outcome = await sender.send(
          target,
          JSON.stringify(pushPayloadOf(notice, target)),
          { ttlSeconds, urgency },
          messageKey(notice, target),
        );
        if (outcome.kind === 'gone') await removeGoneSubscription(db, target.id);
        outcomes.push(outcome);
      } catch (error) {
        if (!(error instanceof PushOutcomeUnknown)) throw error;
        unknown = error;
        log.warn({ notice: notice.id, subscription: target.id, err: error }, 'push outcome unknown');
      }
    }
    return resultOf(outcomes, targets.length, unknown);
  };

  return {
    name: 'push',
    atMostOnce: true,
    concurrency,
    /**
     * Notices due soon (a race start's alerts, raised ahead): each browser's message is encrypted now, so that at
     * the due moment only the posting is left. Nothing is sent or recorded; a browser subscribed after this is
     * encrypted for when sent.
     */
    async prepare(notices, keepUntil): Promise<void> {
      const targets = await subscriptionsOfPlayers(
        db,
        notices.map((notice) => Number(notice.playerId)),
      );
      const preparing: Promise<void>[] = [];
      for (const notice of notices) {
        for (const target of targets.get(Number(notice.playerId)) ?? []) {
          const payload = JSON.stringify(pushPayloadOf(notice, target));
          preparing.push(sender.prepare(target, payload, messageKey(notice, target), keepUntil));
        }
      }
      await Promise.all(preparing);
    },
    async deliver(notice): Promise<DeliveryResult> {
      return sendTo(notice, await subscriptionsOf(db, Number(notice.playerId)));
    },
    /**
     * A claimed batch at once: the players' subscriptions in a few queries, then `concurrency` messages in
     * flight. A throw for one notice (an unknown outcome) is that notice's alone: it is answered as
     * `failed` with the reason, never sent again.
     */
    async deliverBatch(notices): Promise<DeliveryResult[]> {
      const targets = await subscriptionsOfPlayers(
        db,
        notices.map((notice) => Number(notice.playerId)),
      );
      const results: DeliveryResult[] = new Array<DeliveryResult>(notices.length);
      let next = 0;
      const lane = async () => {
        while (next < notices.length) {
          const index = next++;
          const notice = notices[index];
          if (!notice) break;
          try {
            results[index] = await sendTo(notice, targets.get(Number(notice.playerId)) ?? []);
          } catch (error) {
            results[index] = { outcome: 'failed', detail: `outcome unknown, not sent again: ${String(error)}` };
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, notices.length) }, lane));
      return results;
    },
  };
}

/** One notice's message to one browser. */
const messageKey = (notice: Pick<Notice, 'id'>, target: Pick<PushTarget, 'id'>) => `${notice.id}:${target.id}`;

/** One result for all the player's browsers: delivered if any took it; a retry only if none may have. */
function resultOf(outcomes: PushOutcome[], targets: number, unknown: PushOutcomeUnknown | null): DeliveryResult {
  const sent = outcomes.filter((o) => o.kind === 'sent').length;
  const gone = outcomes.filter((o) => o.kind === 'gone').length;
  const prepared = outcomes.filter((o) => o.kind === 'sent' && o.prepared).length;
  const summary =
    `${sent} of ${targets} browsers` +
    (prepared > 0 ? `, ${prepared} encrypted ahead` : '') +
    (gone > 0 ? `, ${gone} gone and removed` : '');
  if (sent > 0) return { outcome: 'delivered', detail: summary };
  // A message that may have reached a browser is not sent again (at-most-once): the dispatcher hears of it.
  if (unknown) throw unknown;
  const retry = outcomes.find((o) => o.kind === 'retry');
  if (retry?.kind === 'retry') {
    return {
      outcome: 'retry',
      detail: `${retry.detail}; ${summary}`,
      ...(retry.afterMs !== undefined ? { afterMs: retry.afterMs } : {}),
    };
  }
  if (gone === targets) return { outcome: 'gone', detail: summary };
  const failed = outcomes.find((o) => o.kind === 'failed');
  return { outcome: 'failed', detail: failed?.kind === 'failed' ? `${failed.detail}; ${summary}` : summary };
}
