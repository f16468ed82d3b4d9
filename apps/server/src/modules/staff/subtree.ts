import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database, StaffUser } from '../../db/schema.ts';

type Staff = Pick<StaffUser, 'id' | 'role'>;

/**
 * The ids of a staff member's subtree, the member included: every agent below them at any depth, walked
 * by a recursive common table expression (SQLite and PostgreSQL alike). `union` rather than `union all`,
 * so even a cycle written by hand into staff_users would end the walk.
 */
export function subtreeIds(rootId: number) {
  return sql<number>`(with recursive subtree(id) as (
      select id from staff_users where id = ${rootId}
      union
      select s.id from staff_users s join subtree on s.parent_id = subtree.id
    ) select id from subtree)`;
}

/** A condition: the player's agent is in the staff member's subtree (admins: every player). */
export function playerInSubtree(staff: Staff, agentColumn = sql.ref('players.agent_id')): Expression<SqlBool> {
  if (staff.role === 'admin') return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`${agentColumn} in ${subtreeIds(staff.id)}`;
}

/**
 * Which players a staff member may see and act on: an admin every player, anyone else the players of
 * their own subtree at any depth (decision 040). Every back-office read of players goes through this.
 */
export function scopePlayersToStaff<O>(
  query: SelectQueryBuilder<Database, 'players', O>,
  staff: Staff,
): SelectQueryBuilder<Database, 'players', O> {
  if (staff.role === 'admin') return query;
  return query.where(playerInSubtree(staff));
}

/**
 * True when `targetId` is a staff member the caller may act on: in their subtree (themselves included
 * unless `strictlyBelow`), or for an admin any agent or master agent.
 */
export async function staffInSubtree(
  db: Kysely<Database>,
  staff: Staff,
  targetId: number,
  options: { strictlyBelow?: boolean } = {},
): Promise<boolean> {
  if (options.strictlyBelow && targetId === staff.id) return false;
  let query = db.selectFrom('staff_users').select('id').where('id', '=', targetId);
  if (staff.role === 'admin') query = query.where('role', '!=', 'admin');
  else query = query.where(sql<SqlBool>`id in ${subtreeIds(staff.id)}`);
  return (await query.executeTakeFirst()) !== undefined;
}
