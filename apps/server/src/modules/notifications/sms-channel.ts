import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_KINDS, isNotificationKind } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { SmsDeliveryError, type SmsSender } from '../sms/index.ts';
import type { DeliveryResult, Notice, NotificationChannel } from './channels.ts';
import { hasPushSubscription } from './push/subscriptions.ts';

/** What the SMS outbox calls a notice's text. */
export const NOTICE_SMS_PURPOSE = 'notice';

/** Notice texts a player receives by SMS at most, per hour and per day (every kind together). */
export const NOTICE_SMS_LIMITS = { perHour: 3, perDay: 10 } as const;

/** An SMS is one text: the notice's title and body, cut to what two segments carry. */
const SMS_MAX_CHARS = 300;

export function smsTextOf(notice: Pick<Notice, 'texts' | 'language'>): string {
  const { title, body } = notice.texts[notice.language];
  const text = `Karera: ${title}. ${body}`;
  return text.length <= SMS_MAX_CHARS ? text : `${text.slice(0, SMS_MAX_CHARS - 1)}…`;
}

export interface SmsChannelDeps {
  db: Kysely<Database>;
  sms: SmsSender;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * The SMS channel (issue 35 §2): only for the kinds a player must not miss (those whose channels include
 * SMS: payment and identity decisions), only when the player has no browser subscribed to push, and at
 * most NOTICE_SMS_LIMITS per player (the inbox keeps every notice). At-most-once: a text the gateway may
 * have taken is never sent again.
 */
export function createSmsChannel(deps: SmsChannelDeps): NotificationChannel {
  const { db, sms, log } = deps;
  const now = deps.now ?? Date.now;
  return {
    name: 'sms',
    atMostOnce: true,
    concurrency: 4,
    async deliver(notice): Promise<DeliveryResult> {
      if (!isNotificationKind(notice.kind) || !NOTIFICATION_KINDS[notice.kind].channels.includes('sms')) {
        return { outcome: 'skipped', detail: 'this kind is not sent by SMS' };
      }
      const playerId = Number(notice.playerId);
      if (await hasPushSubscription(db, playerId)) {
        return { outcome: 'skipped', detail: 'the player receives push notifications' };
      }
      const player = await db.selectFrom('players').select('mobile_no').where('id', '=', playerId).executeTakeFirst();
      if (!player) return { outcome: 'failed', detail: 'no such player' };
      const sentSince = async (ms: number) => {
        const row = await db
          .selectFrom('sms_outbox')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('mobile_no', '=', player.mobile_no)
          .where('purpose', '=', NOTICE_SMS_PURPOSE)
          .where('status', '!=', 'failed')
          .where('created_at', '>=', new Date(now() - ms).toISOString())
          .executeTakeFirstOrThrow();
        return Number(row.count);
      };
      if (
        (await sentSince(60 * 60 * 1000)) >= NOTICE_SMS_LIMITS.perHour ||
        (await sentSince(24 * 60 * 60 * 1000)) >= NOTICE_SMS_LIMITS.perDay
      ) {
        log.info({ notice: notice.id, player: playerId }, 'notice SMS over the per-player limit: not sent');
        return { outcome: 'skipped', detail: 'SMS limit for this player reached' };
      }
      try {
        await sms.send({ mobileNo: player.mobile_no, text: smsTextOf(notice), purpose: NOTICE_SMS_PURPOSE });
      } catch (error) {
        // The gateway answered and refused it: nothing was sent, a later try may work. No answer at all (0:
        // a timeout, a dropped connection) may have been sent: an unknown outcome, never sent again.
        if (error instanceof SmsDeliveryError && !error.message.endsWith(' 0')) {
          return { outcome: 'retry', detail: error.message };
        }
        throw error;
      }
      return { outcome: 'delivered' };
    },
  };
}
