import { sql, type Kysely, type Transaction } from 'kysely';
import { ApprovalMessages, SECOND_PERSON_PROBATION_DAYS } from '@karera/shared';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Everyone in a staff member's line (decision 042): their upline (parent agents up to the master agent)
 * and everyone who created any of them, walked to the top, the member included. `union` ends the walk
 * even on a cycle written into the table by hand.
 */
export async function lineOf(db: Db, staffId: number): Promise<Set<number>> {
  // One recursive term (PostgreSQL allows no more): each member's parent and creator, as two rows.
  const rows = await sql<{ id: number }>`
    with recursive line(id) as (
      select cast(${staffId} as integer)
      union
      select case links.link when 1 then s.parent_id else s.created_by_staff_id end
      from staff_users s
      join line on s.id = line.id
      join (select 1 as link union all select 2) links
        on (links.link = 1 and s.parent_id is not null) or (links.link = 2 and s.created_by_staff_id is not null)
    ) select id from line`.execute(db);
  return new Set(rows.rows.map((row) => Number(row.id)));
}

/** The master agent at the top of an agent's upline (a master agent is their own branch); admins: none. */
async function branchOf(db: Db, staffId: number): Promise<number | null> {
  const rows = await sql<{ id: number; role: string; parent_id: number | null }>`
    with recursive upline(id) as (
      select cast(${staffId} as integer)
      union
      select s.parent_id from staff_users s join upline on s.id = upline.id where s.parent_id is not null
    ) select s.id, s.role, s.parent_id from staff_users s join upline on s.id = upline.id`.execute(db);
  const top = rows.rows.find((row) => row.role === 'master_agent');
  return top ? Number(top.id) : null;
}

export interface SecondPersonCheck {
  /** The staff member who gave (or made) the first step: the maker. */
  firstId: number;
  /** The staff member who would give the second step: the checker. */
  secondId: number;
  now?: Date;
}

/**
 * Why `secondId` cannot be the independent second person of `firstId`'s step, or null when they can
 * (decision 042). The two must be two people, neither in the other's line of creation or upline, one
 * of them an admin or a master agent of another branch; and the second's account must be past its
 * probation unless the system created it (the installation's first admin and house accounts).
 */
export async function secondPersonRefusal(db: Db, check: SecondPersonCheck): Promise<string | null> {
  const { firstId, secondId } = check;
  if (firstId === secondId) return ApprovalMessages.sameApprover;
  const people = await db
    .selectFrom('staff_users')
    .select(['id', 'role', 'created_at', 'created_by_staff_id'])
    .where('id', 'in', [firstId, secondId])
    .execute();
  const first = people.find((p) => p.id === firstId);
  const second = people.find((p) => p.id === secondId);
  if (!first || !second) return ApprovalMessages.secondPersonInLine;
  if ((await lineOf(db, firstId)).has(secondId) || (await lineOf(db, secondId)).has(firstId)) {
    return ApprovalMessages.secondPersonInLine;
  }
  if (first.role !== 'admin' && second.role !== 'admin') {
    const [firstBranch, secondBranch] = [await branchOf(db, firstId), await branchOf(db, secondId)];
    const anotherBranchMaster =
      (first.role === 'master_agent' || second.role === 'master_agent') && firstBranch !== secondBranch;
    if (!anotherBranchMaster) return ApprovalMessages.secondPersonBranch;
  }
  const now = check.now ?? new Date();
  const age = now.getTime() - Date.parse(second.created_at);
  if (second.created_by_staff_id !== null && age < SECOND_PERSON_PROBATION_DAYS * DAY_MS) {
    return ApprovalMessages.secondPersonOnProbation;
  }
  return null;
}
