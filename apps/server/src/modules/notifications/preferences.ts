import type { Kysely, Transaction } from 'kysely';
import {
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  channelEnabled,
  type NotificationChannelName,
  type NotificationLanguage,
  type NotificationPreferencesInput,
  type NotificationPreferencesResponse,
  type QuietHours,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ChannelChoices = Partial<Record<string, Partial<Record<NotificationChannelName, boolean>>>>;

/** A player's settings as the raise and the dispatcher read them. */
export interface PlayerPreferences {
  choices: ChannelChoices;
  quietHours: QuietHours | null;
  marketingOptOut: boolean;
  language: NotificationLanguage;
}

export const DEFAULT_PREFERENCES: PlayerPreferences = {
  choices: {},
  quietHours: null,
  marketingOptOut: false,
  language: 'en',
};

function parseChoices(text: string): ChannelChoices {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as ChannelChoices) : {};
  } catch {
    return {};
  }
}

const IN_LIST = 900;

/** The settings of these players (defaults for those who never saved any). */
export async function preferencesOf(db: Db, playerIds: Iterable<number>): Promise<Map<number, PlayerPreferences>> {
  const ids = [...new Set(playerIds)];
  const found = new Map<number, PlayerPreferences>();
  for (let i = 0; i < ids.length; i += IN_LIST) {
    const rows = await db
      .selectFrom('notification_preferences')
      .selectAll()
      .where('player_id', 'in', ids.slice(i, i + IN_LIST))
      .execute();
    for (const row of rows) {
      found.set(row.player_id, {
        choices: parseChoices(row.channels),
        quietHours: row.quiet_from && row.quiet_to ? { from: row.quiet_from, to: row.quiet_to } : null,
        marketingOptOut: row.marketing_opt_out === 1,
        language: row.language,
      });
    }
  }
  return found;
}

export async function preferencesView(
  db: Db,
  playerId: number,
): Promise<Omit<NotificationPreferencesResponse, 'statusCode' | 'statusMessage'>> {
  const prefs = (await preferencesOf(db, [playerId])).get(playerId) ?? DEFAULT_PREFERENCES;
  return {
    kinds: NOTIFICATION_KIND_NAMES.map((kind) => ({
      kind,
      marketing: NOTIFICATION_KINDS[kind].marketing,
      channels: NOTIFICATION_KINDS[kind].channels.map((channel) => ({
        channel,
        enabled: channelEnabled(kind, channel, prefs.choices),
      })),
    })),
    quietHours: prefs.quietHours,
    marketingOptOut: prefs.marketingOptOut,
    language: prefs.language,
  };
}

/** Saves the player's settings whole; choices for channels a kind cannot use are dropped. */
export async function savePreferences(
  db: Kysely<Database>,
  playerId: number,
  input: NotificationPreferencesInput,
): Promise<void> {
  const choices: ChannelChoices = {};
  for (const kind of NOTIFICATION_KIND_NAMES) {
    const chosen = input.kinds[kind];
    if (!chosen) continue;
    const allowed: Partial<Record<NotificationChannelName, boolean>> = {};
    for (const channel of NOTIFICATION_KINDS[kind].channels) {
      const value = chosen[channel];
      if (value !== undefined) allowed[channel] = value;
    }
    choices[kind] = allowed;
  }
  const row = {
    channels: JSON.stringify(choices),
    quiet_from: input.quietHours?.from ?? null,
    quiet_to: input.quietHours?.to ?? null,
    marketing_opt_out: input.marketingOptOut ? 1 : 0,
    language: input.language,
    updated_at: new Date().toISOString(),
  };
  await db
    .insertInto('notification_preferences')
    .values({ player_id: playerId, ...row })
    .onConflict((oc) => oc.column('player_id').doUpdateSet(row))
    .execute();
}
