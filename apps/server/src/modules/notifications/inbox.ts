import type { Kysely } from 'kysely';
import { INBOX_PAGE_SIZE, isNotificationKind, renderNotice, type InboxListResponse } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import type { DeliveryResult, NotificationChannel } from './channels.ts';

const IN_LIST = 900;

/**
 * The inbox channel: delivering a notice makes it visible in the player's inbox (one statement for a whole
 * batch), then tells the player's open screens their unread count. Delivering twice changes nothing, so a
 * claim lost mid-send is simply delivered again.
 */
export function createInboxChannel(deps: {
  db: Kysely<Database>;
  /** After the notices are visible: these players' bells should show their new count. */
  inboxChanged: (playerIds: readonly number[]) => void;
  now?: () => number;
}): NotificationChannel {
  const now = deps.now ?? Date.now;
  const deliverBatch = async (notices: readonly { id: string; playerId: string }[]): Promise<DeliveryResult[]> => {
    const at = new Date(now()).toISOString();
    const ids = notices.map((n) => n.id);
    for (let i = 0; i < ids.length; i += IN_LIST) {
      await deps.db
        .updateTable('notifications')
        .set({ inboxed_at: at })
        .where('id', 'in', ids.slice(i, i + IN_LIST))
        .where('inboxed_at', 'is', null)
        .execute();
    }
    deps.inboxChanged([...new Set(notices.map((n) => Number(n.playerId)))]);
    return notices.map(() => ({ outcome: 'delivered' }));
  };
  return {
    name: 'inbox',
    atMostOnce: false,
    deliver: async (notice) => (await deliverBatch([notice]))[0] ?? { outcome: 'delivered' },
    deliverBatch,
  };
}

/** Unread inbox notices of these players. */
export async function unreadCounts(db: Kysely<Database>, playerIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (let i = 0; i < playerIds.length; i += IN_LIST) {
    const rows = await db
      .selectFrom('notifications')
      .select(['player_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('player_id', 'in', playerIds.slice(i, i + IN_LIST))
      .where('inboxed_at', 'is not', null)
      .where('read_at', 'is', null)
      .groupBy('player_id')
      .execute();
    for (const row of rows) counts.set(row.player_id, Number(row.count));
  }
  for (const id of playerIds) if (!counts.has(id)) counts.set(id, 0);
  return counts;
}

export async function unreadCount(db: Kysely<Database>, playerId: number): Promise<number> {
  return (await unreadCounts(db, [playerId])).get(playerId) ?? 0;
}

/** A page of the player's inbox, newest first. */
export async function inboxPage(
  db: Kysely<Database>,
  playerId: number,
  page: number,
): Promise<Omit<InboxListResponse, 'statusCode'>> {
  const base = db.selectFrom('notifications').where('player_id', '=', playerId).where('inboxed_at', 'is not', null);
  const rows = await base
    .select(['id', 'kind', 'params', 'link_path', 'created_at', 'read_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(INBOX_PAGE_SIZE)
    .offset((page - 1) * INBOX_PAGE_SIZE)
    .execute();
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const notices = rows.flatMap((row) => {
    if (!isNotificationKind(row.kind)) return [];
    const params = JSON.parse(row.params) as Record<string, string | number>;
    return [
      {
        id: row.id,
        kind: row.kind,
        en: renderNotice(row.kind, params, 'en'),
        fil: renderNotice(row.kind, params, 'fil'),
        linkPath: row.link_path,
        createdAt: row.created_at,
        read: row.read_at !== null,
      },
    ];
  });
  return {
    notices,
    unread: await unreadCount(db, playerId),
    total: Number(count),
    page,
    pageSize: INBOX_PAGE_SIZE,
  };
}

/** Marks the player's notices read (only their own: others' ids change nothing). */
export async function markRead(db: Kysely<Database>, playerId: number, ids: readonly string[] | 'all'): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: new Date().toISOString() })
    .where('player_id', '=', playerId)
    .where('read_at', 'is', null)
    .where('inboxed_at', 'is not', null);
  if (ids !== 'all') query = query.where('id', 'in', ids);
  await query.execute();
}
