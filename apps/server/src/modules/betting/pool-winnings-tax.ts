import type { Kysely, Transaction } from 'kysely';
import type { WinningsTaxRule } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { policyInForceAt } from '../tote/index.ts';
import type { EventCard } from './event-card.ts';

type PoolKey = { firstRaceId: number; betType: string };

/** Pools whose rule is kept, per process and database, before the memory is cleared. */
const MAX_KEPT = 2_000;
/** The rule of each pool, or the read of it under way (bets of one pool then wait on the same read, in order). */
const kept = new WeakMap<object, Map<string, WinningsTaxRule | Promise<WinningsTaxRule>>>();

const idOf = (key: PoolKey) => `${key.firstRaceId}|${key.betType}`;

/** The pool's rule if it is kept already: no read, no wait. */
export function keptPoolWinningsTax(owner: object, key: PoolKey): WinningsTaxRule | undefined {
  const known = kept.get(owner)?.get(idOf(key));
  return known instanceof Promise ? undefined : known;
}

/**
 * The tax a pool will withhold from its winners (PD 1157), as the bet receipt states it: the rule of the
 * pool's policy, the settings in force when its first race opened (decision 049, tote-settings
 * poolPolicyOf). Once the race has opened that rule never changes, so it is kept per `owner` (the
 * server's database handle) and a pool's bets after its first cost no read; a race not yet opened reads
 * today's rule each time.
 */
export function poolWinningsTaxOf(
  owner: object,
  db: Kysely<Database> | Transaction<Database>,
  key: PoolKey,
): Promise<WinningsTaxRule> {
  let pools = kept.get(owner);
  if (!pools) {
    pools = new Map();
    kept.set(owner, pools);
  }
  const id = idOf(key);
  const known = pools.get(id);
  if (known) return Promise.resolve(known);
  const store = pools;
  const reading = (async () => {
    const race = await db.selectFrom('races').select('opened_at').where('id', '=', key.firstRaceId).executeTakeFirst();
    const { rateBp, base } = (await policyInForceAt(db, key.betType, race?.opened_at ?? nowIso())).winningsTax;
    return { rule: { rateBp, base }, opened: Boolean(race?.opened_at) };
  })().then(
    ({ rule, opened }) => {
      if (store.get(id) === reading) {
        if (opened) store.set(id, rule);
        else store.delete(id);
      }
      return rule;
    },
    (error: unknown) => {
      if (store.get(id) === reading) store.delete(id);
      throw error;
    },
  );
  if (store.size >= MAX_KEPT) store.clear();
  store.set(id, reading);
  return reading;
}

/**
 * Reads and keeps the rules of the pools a card's open races start (each race with the types it offers as
 * a first race), so its bets find them kept and wait on nothing more than the card; pools kept already cost
 * nothing.
 */
export async function keepCardWinningsTax(
  owner: object,
  db: Kysely<Database>,
  card: Pick<EventCard, 'raceById' | 'offeredTypes'>,
): Promise<void> {
  const reads: Promise<WinningsTaxRule>[] = [];
  for (const race of card.raceById.values()) {
    if (race.status !== 'O') continue;
    for (const betType of card.offeredTypes.get(race.id) ?? []) {
      if (!keptPoolWinningsTax(owner, { firstRaceId: race.id, betType })) {
        reads.push(poolWinningsTaxOf(owner, db, { firstRaceId: race.id, betType }));
      }
    }
  }
  await Promise.all(reads);
}
