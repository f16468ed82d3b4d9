import type { Kysely, Transaction } from 'kysely';
import type { Database, Player } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findPlayerById(db: Db, id: number): Promise<Player | undefined> {
  return db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPlayerByMobile(db: Db, mobileNo: string): Promise<Player | undefined> {
  return db.selectFrom('players').selectAll().where('mobile_no', '=', mobileNo).executeTakeFirst();
}
