import type { Kysely } from 'kysely';
import {
  NOTIFICATION_CHANNELS,
  isNotificationKind,
  renderNotice,
  type NotificationStatsResponse,
  type StaffPlayerNoticesResponse,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';

/** A player's latest notices with every channel's delivery and attempts (back office player page). */
export async function playerNoticesForStaff(
  db: Kysely<Database>,
  playerId: number,
  limit = 50,
): Promise<StaffPlayerNoticesResponse['notices']> {
  const notices = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'created_at', 'read_at'])
    .where('player_id', '=', playerId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  if (notices.length === 0) return [];
  const deliveries = await db
    .selectFrom('notification_deliveries')
    .select(['id', 'notice_id', 'channel', 'status', 'attempts', 'due_at', 'last_error', 'delivered_at'])
    .where(
      'notice_id',
      'in',
      notices.map((n) => n.id),
    )
    .orderBy('id')
    .execute();
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .selectFrom('notification_attempts')
          .select(['delivery_id', 'attempt', 'started_at', 'outcome', 'detail'])
          .where(
            'delivery_id',
            'in',
            deliveries.map((d) => d.id),
          )
          .orderBy('id')
          .execute();
  return notices.map((n) => ({
    id: n.id,
    kind: n.kind,
    title: isNotificationKind(n.kind)
      ? renderNotice(n.kind, JSON.parse(n.params) as Record<string, string | number>, 'en').title
      : n.kind,
    createdAt: n.created_at,
    readAt: n.read_at,
    deliveries: deliveries
      .filter((d) => d.notice_id === n.id)
      .map((d) => ({
        channel: d.channel,
        status: d.status,
        attempts: d.attempts,
        dueAt: d.due_at,
        lastError: d.last_error,
        deliveredAt: d.delivered_at,
        tries: attempts
          .filter((a) => a.delivery_id === d.id)
          .map((a) => ({ attempt: a.attempt, startedAt: a.started_at, outcome: a.outcome, detail: a.detail })),
      })),
  }));
}

/** Deliveries per channel updated in the last 24 hours: delivered, still pending, failed, other. */
export async function deliveryStats(
  db: Kysely<Database>,
  nowMs = Date.now(),
): Promise<Omit<NotificationStatsResponse, 'statusCode'>> {
  const since = new Date(nowMs - 24 * 60 * 60 * 1000).toISOString();
  const rows = await db
    .selectFrom('notification_deliveries')
    .select(['channel', 'status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('updated_at', '>=', since)
    .groupBy(['channel', 'status'])
    .execute();
  const channels = NOTIFICATION_CHANNELS.map((channel) => {
    const of = rows.filter((r) => r.channel === channel);
    const sum = (statuses: readonly string[]) =>
      of.filter((r) => statuses.includes(r.status)).reduce((total, r) => total + Number(r.count), 0);
    return {
      channel,
      delivered: sum(['delivered']),
      pending: sum(['pending', 'sending']),
      failed: sum(['failed', 'unknown', 'gone']),
      other: sum(['skipped', 'suppressed', 'expired']),
    };
  });
  return { since, channels };
}
