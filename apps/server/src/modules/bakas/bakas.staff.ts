import type { Kysely } from 'kysely';
import { BakasMessages, type BakasStaffGroupsResponse } from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { scopePlayersToStaff } from '../staff/index.ts';
import { viewsOf } from './bakas.service.ts';

type Staff = Pick<StaffUser, 'id' | 'role'>;

/** The players in a staff member's scope among `playerIds` (an admin: all). */
async function inScope(db: Kysely<Database>, staff: Staff, playerIds: readonly number[]): Promise<Set<number>> {
  const ids = [...new Set(playerIds)];
  if (ids.length === 0) return new Set();
  const rows = await scopePlayersToStaff(db.selectFrom('players').select('players.id'), staff)
    .where('players.id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Groups as staff see them: every member with their player id, name and mobile and their money; an agent sees
 * only groups with a member in their scope, and of those only the members in it.
 */
async function staffViews(
  db: Kysely<Database>,
  staff: Staff,
  groupIds: readonly number[],
): Promise<BakasStaffGroupsResponse> {
  if (groupIds.length === 0) return { statusCode: 200, groups: [] };
  const groups = await db
    .selectFrom('bakas_groups')
    .selectAll()
    .where('id', 'in', groupIds)
    .orderBy('id', 'desc')
    .execute();
  const members = await db
    .selectFrom('bakas_members as m')
    .innerJoin('players as p', 'p.id', 'm.player_id')
    .select([
      'm.group_id',
      'm.player_id',
      'p.first_name',
      'p.last_name',
      'p.mobile_no',
      'm.shares',
      'm.paid',
      'm.refunded',
      'm.payout',
    ])
    .where('m.group_id', 'in', groupIds)
    .orderBy('m.first_share_seq')
    .execute();
  const visible = await inScope(
    db,
    staff,
    members.map((member) => member.player_id),
  );
  const views = await viewsOf(db, groups, null);
  return {
    statusCode: 200,
    groups: views.flatMap((view, index) => {
      const group = groups[index];
      if (!group) return [];
      const byPlayer = new Map<number, BakasStaffGroupsResponse['groups'][number]['staffMembers'][number]>();
      for (const row of members.filter((member) => member.group_id === group.id && visible.has(member.player_id))) {
        const held = byPlayer.get(row.player_id) ?? {
          playerId: row.player_id,
          firstName: row.first_name,
          lastName: row.last_name,
          mobile: row.mobile_no,
          shares: 0,
          paid: 0,
          refunded: 0,
          stake: 0,
          payout: null,
        };
        held.shares += row.shares;
        held.paid += Number(row.paid);
        held.refunded += Number(row.refunded);
        held.stake = held.paid - held.refunded;
        if (row.payout !== null) held.payout = (held.payout ?? 0) + Number(row.payout);
        byPlayer.set(row.player_id, held);
      }
      if (byPlayer.size === 0) return [];
      const { memberRows: _m, ...publicGroup } = view;
      return [{ ...publicGroup, organiserId: group.organiser_id, staffMembers: [...byPlayer.values()] }];
    }),
  };
}

/** The group tickets of a race (its first race or first leg), newest first. */
export async function groupsOfRaceForStaff(
  db: Kysely<Database>,
  staff: Staff,
  raceId: number,
): Promise<BakasStaffGroupsResponse> {
  const rows = await db.selectFrom('bakas_groups').select('id').where('first_race_id', '=', raceId).execute();
  return staffViews(
    db,
    staff,
    rows.map((row) => row.id),
  );
}

/** The group tickets a player in scope holds shares in, newest first (404 for a player out of scope). */
export async function groupsOfPlayerForStaff(
  db: Kysely<Database>,
  staff: Staff,
  playerId: number,
): Promise<BakasStaffGroupsResponse> {
  if (!(await inScope(db, staff, [playerId])).has(playerId)) throw notFound(BakasMessages.notFound);
  const rows = await db
    .selectFrom('bakas_members')
    .select('group_id')
    .where('player_id', '=', playerId)
    .groupBy('group_id')
    .execute();
  return staffViews(
    db,
    staff,
    rows.map((row) => row.group_id),
  );
}
