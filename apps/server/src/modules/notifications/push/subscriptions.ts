import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { nowIso } from '../../../lib/time.ts';

/** A player keeps at most this many subscribed browsers; subscribing one more drops the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_PLAYER = 10;

export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: 'en' | 'fil';
}

/**
 * Subscribes a browser for the player. One browser (endpoint) is one subscription: a browser another player
 * had subscribed moves to this one (the same browser, signed in by someone else, must not keep receiving
 * the first player's notices).
 */
export async function saveSubscription(
  db: Kysely<Database>,
  playerId: number,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string }; language: 'en' | 'fil' },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const values = {
      player_id: playerId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      language: subscription.language,
      created_at: nowIso(),
    };
    await trx
      .insertInto('push_subscriptions')
      .values(values)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          player_id: values.player_id,
          p256dh: values.p256dh,
          auth: values.auth,
          language: values.language,
          created_at: values.created_at,
        }),
      )
      .execute();
    const kept = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('player_id', '=', playerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PUSH_SUBSCRIPTIONS_PER_PLAYER)
      .execute();
    await trx
      .deleteFrom('push_subscriptions')
      .where('player_id', '=', playerId)
      .where(
        'id',
        'not in',
        kept.map((row) => row.id),
      )
      .execute();
  });
}

/** Removes the player's own subscription of this browser; another player's is left alone. */
export async function removeSubscription(db: Kysely<Database>, playerId: number, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('player_id', '=', playerId)
    .where('endpoint', '=', endpoint)
    .execute();
}

/** Removes a subscription the push service says no longer exists (404/410). */
export async function removeGoneSubscription(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function subscriptionsOf(db: Kysely<Database>, playerId: number): Promise<PushTarget[]> {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth', 'language'])
    .where('player_id', '=', playerId)
    .orderBy('id')
    .execute();
}

export async function hasPushSubscription(db: Kysely<Database>, playerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('player_id', '=', playerId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The subscriptions of many players at once (a race start's followers), by player. */
export async function subscriptionsOfPlayers(
  db: Kysely<Database>,
  playerIds: readonly number[],
): Promise<Map<number, PushTarget[]>> {
  const unique = [...new Set(playerIds)];
  const byPlayer = new Map<number, PushTarget[]>();
  for (let i = 0; i < unique.length; i += 900) {
    const rows = await db
      .selectFrom('push_subscriptions')
      .select(['id', 'player_id', 'endpoint', 'p256dh', 'auth', 'language'])
      .where('player_id', 'in', unique.slice(i, i + 900))
      .orderBy('id')
      .execute();
    for (const { player_id: playerId, ...target } of rows) {
      const list = byPlayer.get(playerId) ?? [];
      list.push(target);
      byPlayer.set(playerId, list);
    }
  }
  return byPlayer;
}
