import webpush from 'web-push';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url: the browsers' `applicationServerKey`. */
  publicKey: string;
  /** P-256 private key, base64url. */
  privateKey: string;
}

const SECRET_NAME = 'vapid-keys';
const loaded = new WeakMap<Kysely<Database>, Promise<VapidKeys>>();

/**
 * The server's VAPID key pair (RFC 8292): the environment's when it names one, else the one drawn on the
 * first start and kept in the database (every instance reads the same, and subscriptions made with it keep
 * working across restarts). Read once per database handle.
 */
export function vapidKeysOf(db: Kysely<Database>, configured: VapidKeys | null): Promise<VapidKeys> {
  if (configured) return Promise.resolve(configured);
  let keys = loaded.get(db);
  if (!keys) {
    keys = storedKeys(db);
    // A failed read is tried again by the next caller, not remembered.
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}

async function storedKeys(db: Kysely<Database>): Promise<VapidKeys> {
  const read = () => db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirst();
  let row = await read();
  if (!row) {
    // The migration draws the pair; a database whose row was removed gets a new one (first writer wins).
    const drawn = webpush.generateVAPIDKeys();
    await db
      .insertInto('server_secrets')
      .values({ name: SECRET_NAME, value: JSON.stringify(drawn) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error('The VAPID key pair could not be stored');
  const parsed: unknown = JSON.parse(row.value);
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !('publicKey' in parsed) ||
    !('privateKey' in parsed) ||
    typeof parsed.publicKey !== 'string' ||
    typeof parsed.privateKey !== 'string'
  ) {
    throw new Error('The stored VAPID key pair is malformed');
  }
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}
