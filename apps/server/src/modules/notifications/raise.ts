import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { NOTIFICATION_KINDS, channelEnabled, type NotificationKind, type NotificationParams } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { isPlayerExcluded } from '../rglimits/index.ts';
import { preferencesOf, DEFAULT_PREFERENCES } from './preferences.ts';

/** A notice of one kind to raise. */
interface NoticeRequestOf<K extends NotificationKind> {
  playerId: number;
  kind: K;
  params: NotificationParams<K>;
  /** The screen it opens. */
  linkPath: string;
  /** Unique per notice: raising the same key again writes nothing (a retried batch, a second scan). */
  dedupeKey: string;
  /** Not delivered before this (ISO); now when absent. */
  dueAt?: string;
}

/** A notice to raise: its kind's parameters, checked. */
export type NoticeRequest = { [K in NotificationKind]: NoticeRequestOf<K> }[NotificationKind];

const ROWS_PER_INSERT = 200;

/**
 * Writes notices to the outbox in the caller's transaction (decision 055): each a notice row and one delivery
 * row per channel the kind may use and the player has on. A marketing notice is not written for a player on a
 * break or exclusion, or who opted out; the dispatcher checks again when it sends. Returns how many were
 * written.
 */
export async function raiseNotices(trx: Transaction<Database>, requests: readonly NoticeRequest[]): Promise<number> {
  if (requests.length === 0) return 0;
  const prefs = await preferencesOf(
    trx,
    requests.map((r) => r.playerId),
  );
  const now = new Date();
  const nowIso = now.toISOString();
  const notices: Database['notifications'][] = [];
  const deliveries: { notice_id: string; player_id: number; channel: string; due_at: string }[] = [];
  const excluded = new Map<number, boolean>();
  for (const request of requests) {
    const spec = NOTIFICATION_KINDS[request.kind];
    const pref = prefs.get(request.playerId) ?? DEFAULT_PREFERENCES;
    if (spec.marketing) {
      if (pref.marketingOptOut) continue;
      let onBreak = excluded.get(request.playerId);
      if (onBreak === undefined) {
        onBreak = await isPlayerExcluded(trx, request.playerId);
        excluded.set(request.playerId, onBreak);
      }
      if (onBreak) continue;
    }
    const channels = spec.channels.filter((channel) => channelEnabled(request.kind, channel, pref.choices));
    if (channels.length === 0) continue;
    const id = randomUUID();
    const dueAt = request.dueAt ?? nowIso;
    notices.push({
      id,
      player_id: request.playerId,
      kind: request.kind,
      params: JSON.stringify(request.params),
      link_path: request.linkPath,
      urgent: spec.urgent ? 1 : 0,
      marketing: spec.marketing ? 1 : 0,
      dedupe_key: request.dedupeKey,
      created_at: nowIso,
      expires_at: spec.ttlMinutes ? new Date(Date.parse(dueAt) + spec.ttlMinutes * 60_000).toISOString() : null,
      inboxed_at: null,
      read_at: null,
    });
    for (const channel of channels)
      deliveries.push({ notice_id: id, player_id: request.playerId, channel, due_at: dueAt });
  }
  const written = new Set<string>();
  for (let i = 0; i < notices.length; i += ROWS_PER_INSERT) {
    const rows = await trx
      .insertInto('notifications')
      .values(notices.slice(i, i + ROWS_PER_INSERT))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .execute();
    for (const row of rows) written.add(row.id);
  }
  const due = deliveries.filter((d) => written.has(d.notice_id));
  for (let i = 0; i < due.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto('notification_deliveries')
      .values(
        due
          .slice(i, i + ROWS_PER_INSERT)
          .map((d) => ({ ...d, status: 'pending' as const, attempts: 0, updated_at: nowIso })),
      )
      .execute();
  }
  return written.size;
}
