import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { KycStatus, ListSortDirection, PlayerSortKey, PlayerSummary } from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
// Staff see the players of their own subtree at any depth (decision 040).
import { scopePlayersToStaff } from '../staff/index.ts';

function balanceOf(kind: string) {
  return sql<number>`coalesce((select a.balance from accounts a where a.player_id = players.id and a.kind = ${kind}), 0)`;
}

function summaryQuery(db: Kysely<Database>) {
  return db
    .selectFrom('players')
    .leftJoin('staff_users as agent', 'agent.id', 'players.agent_id')
    .select([
      'players.id',
      'players.mobile_no',
      'players.first_name',
      'players.last_name',
      'players.email',
      'players.verified',
      'players.agent_id',
      'agent.display_name as agent_name',
      'players.created_at',
      balanceOf('player_credit').as('credit_balance'),
      balanceOf('player_bonus').as('bonus_balance'),
      balanceOf('player_withdraw_hold').as('withdraw_hold_balance'),
      // The identity check (KYC): the newest submission's status, as the KYC module reads it.
      sql<KycStatus | null>`(select k.status from kyc_submissions k where k.player_id = players.id order by k.id desc limit 1)`.as(
        'kyc_status',
      ),
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

function toSummary(row: SummaryRow): PlayerSummary {
  return {
    playerId: row.id,
    mobileNo: row.mobile_no,
    firstName: row.first_name,
    lastName: row.last_name,
    verified: Number(row.verified) === 1,
    kycStatus: row.kyc_status ?? 'none',
    agentId: row.agent_id,
    agentName: row.agent_name,
    creditBalance: Number(row.credit_balance),
    bonusBalance: Number(row.bonus_balance),
    createdAt: row.created_at,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** What each sortable column orders by; the player id breaks ties, so pages never overlap. */
const SORT_EXPRESSIONS = {
  id: sql`players.id`,
  name: sql`lower(players.first_name || ' ' || players.last_name)`,
  registered: sql`players.created_at`,
  credit: balanceOf('player_credit'),
  bonus: balanceOf('player_bonus'),
} as const satisfies Record<PlayerSortKey, unknown>;

export interface PlayerSearch {
  q?: string | undefined;
  page: number;
  pageSize: number;
  sort?: PlayerSortKey;
  dir?: ListSortDirection;
  /** Only verified (true) or only unverified (false) players. */
  verified?: boolean | undefined;
}

export async function searchPlayers(
  db: Kysely<Database>,
  staff: Pick<StaffUser, 'id' | 'role'>,
  options: PlayerSearch,
): Promise<{ players: PlayerSummary[]; total: number }> {
  const filter = <O>(query: SelectQueryBuilder<Database, 'players', O>) => {
    // The demo race day's simulated crowd (decision 047) is no one staff look after: never in the list.
    let scoped = scopePlayersToStaff(query, staff).where('players.demo_crowd', '=', 0);
    if (options.verified !== undefined) scoped = scoped.where('players.verified', '=', options.verified ? 1 : 0);
    const q = options.q?.trim();
    if (q) {
      const pattern = `%${escapeLike(q.toLowerCase())}%`;
      // A number typed with spaces, dashes or +63 finds the mobile by its digits; a name with a digit in
      // it does not find every mobile that holds that digit.
      const mobileNeedle = /^[\d\s+()-]+$/.test(q) ? q.replace(/\D/g, '') : q;
      scoped = scoped.where((eb) =>
        eb.or([
          eb(sql`lower(players.first_name || ' ' || players.last_name)`, 'like', sql<string>`${pattern} escape '\\'`),
          eb('players.mobile_no', 'like', sql<string>`${`%${escapeLike(mobileNeedle || q)}%`} escape '\\'`),
          ...(/^\d{1,9}$/.test(q) ? [eb('players.id', '=', Number(q))] : []),
        ]),
      );
    }
    return scoped;
  };
  const dir = options.dir ?? 'desc';
  const rows = await filter(summaryQuery(db))
    .orderBy(SORT_EXPRESSIONS[options.sort ?? 'id'], dir)
    .orderBy('players.id', dir)
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  const { count } = await filter(db.selectFrom('players'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { players: rows.map(toSummary), total: Number(count) };
}

export async function findPlayerForStaff(
  db: Kysely<Database>,
  staff: Pick<StaffUser, 'id' | 'role'>,
  playerId: number,
): Promise<(PlayerSummary & { email: string | null; withdrawHoldBalance: number }) | undefined> {
  const row = await scopePlayersToStaff(summaryQuery(db), staff).where('players.id', '=', playerId).executeTakeFirst();
  if (!row) return undefined;
  return { ...toSummary(row), email: row.email, withdrawHoldBalance: Number(row.withdraw_hold_balance) };
}

/**
 * The demo race day's crowd (decision 047): simulated bettors whose play money the reports leave out.
 * A handful of players, none at all where the demo is off (production), so their tickets are found by
 * player (index bet_tickets_player) and cost nothing there.
 */
export async function demoCrowdIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('players').select('id').where('demo_crowd', '=', 1).execute();
  return rows.map((row) => row.id);
}
