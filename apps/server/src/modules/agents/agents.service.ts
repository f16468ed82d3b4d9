import { sql, type Kysely, type SqlBool } from 'kysely';
import {
  AgentMessages,
  commissionPeriodOf,
  type AgentNode,
  type AgentOverviewResponse,
  type AgentPlayerRow,
  type CommissionPeriod,
  type CreateSubAgentInput,
  referralLink,
} from '@karera/shared';
import QRCode from 'qrcode';
import type { Database, StaffUser } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/index.ts';
import { createStaff, staffInSubtree, subtreeIds } from '../staff/index.ts';
import { agentDb } from './agents.tables.ts';

type Staff = Pick<StaffUser, 'id' | 'role'>;

/** How many players the dashboard lists (most recently active first); the players page has them all. */
const DASHBOARD_PLAYERS = 200;
/** How many periods of commission the dashboard shows, newest first. */
const DASHBOARD_PERIODS = 12;

const num = (value: unknown): number => Number(value ?? 0);

/**
 * The staff members of a subtree as nodes: the root's own (depth 0) and everyone below, with their rate,
 * their own players and their commission. An admin's "subtree" is every agent and master agent, the
 * master agents at depth 1.
 */
export async function networkNodes(db: Kysely<Database>, root: Staff): Promise<AgentNode[]> {
  const adb = agentDb(db);
  let query = adb
    .selectFrom('staff_users as s')
    .leftJoin('staff_users as parent', 'parent.id', 's.parent_id')
    .leftJoin('agent_commission_rates as r', 'r.staff_id', 's.id')
    .leftJoin('accounts as a', (join) =>
      join.onRef('a.code', '=', sql<string>`${sql.lit('agent:')} || cast(s.id as text) || ${sql.lit(':commission')}`),
    )
    .select([
      's.id',
      's.username',
      's.display_name',
      's.role',
      's.parent_id',
      's.referral_code',
      'parent.display_name as parent_name',
      'r.basis',
      'r.rate_bps',
      'a.balance',
      sql<number>`(select count(*) from players p where p.agent_id = s.id)`.as('players'),
      sql<number>`coalesce((select sum(c.amount) from agent_commissions c where c.staff_id = s.id), 0)`.as('earned'),
    ]);
  query =
    root.role === 'admin'
      ? query.where('s.role', '!=', 'admin')
      : query.where(sql<SqlBool>`s.id in ${subtreeIds(root.id)}`);
  const rows = await query.orderBy('s.id').execute();
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
  const depthOf = (id: number): number => {
    let depth = root.role === 'admin' ? 1 : 0;
    for (let at = id; at !== root.id && depth < 64; depth++) {
      const parent = parentOf.get(at);
      if (parent == null || !parentOf.has(parent)) break;
      at = parent;
    }
    return depth;
  };
  return rows
    .map((r) => ({
      id: r.id,
      username: r.username,
      displayName: r.display_name,
      role: r.role,
      parentId: r.parent_id,
      parentName: r.parent_name,
      depth: r.id === root.id ? 0 : depthOf(r.id),
      referralCode: r.referral_code,
      rate: r.basis ? { basis: r.basis, rateBps: num(r.rate_bps) } : null,
      players: num(r.players),
      commissionEarned: num(r.earned),
      commissionBalance: num(r.balance),
    }))
    .sort((a, b) => a.depth - b.depth || a.id - b.id);
}

/** The players of an agent's subtree with their money and betting figures, most recently active first. */
async function subtreePlayers(db: Kysely<Database>, agentId: number): Promise<AgentPlayerRow[]> {
  // The newest ticket and payment request by id (their (player_id, id) indexes), ids growing with time.
  const lastTicket = sql<string | null>`(select t.created_at from bet_tickets t
    where t.player_id = p.id order by t.id desc limit 1)`;
  const lastPayment = sql<string | null>`(select r.created_at from payment_requests r
    where r.player_id = p.id order by r.id desc limit 1)`;
  const lastActivity = sql<string>`case when coalesce(${lastTicket}, '') >= coalesce(${lastPayment}, '')
    then coalesce(${lastTicket}, '') else coalesce(${lastPayment}, '') end`;
  const rows = await db
    .selectFrom('players as p')
    .leftJoin('staff_users as agent', 'agent.id', 'p.agent_id')
    .select([
      'p.id',
      'p.first_name',
      'p.last_name',
      'p.mobile_no',
      'p.agent_id',
      'agent.display_name as agent_name',
      sql<number>`coalesce((select sum(r.amount) from payment_requests r
        where r.player_id = p.id and r.kind = 'DEPOSIT' and r.status = 'APPROVED'), 0)`.as('deposits'),
      sql<number>`coalesce((select sum(r.amount) from payment_requests r
        where r.player_id = p.id and r.kind = 'WITHDRAW' and r.status = 'APPROVED'), 0)`.as('withdrawals'),
      // A group's ticket is its members' bets, by the shares each bought (decision 056), not its organiser's.
      sql<number>`coalesce((select sum(t.total - t.refund_amount) from bet_tickets t
        where t.player_id = p.id and t.holder_account_id is null), 0)
        + coalesce((select sum(m.paid - m.refunded) from bakas_members m where m.player_id = p.id), 0)`.as('turnover'),
      sql<number>`coalesce((select sum(t.won_amount + t.refund_amount - t.total) from bet_tickets t
        where t.player_id = p.id and t.status != 'open' and t.holder_account_id is null), 0)
        + coalesce((select sum(m.payout - m.paid + m.refunded) from bakas_members m
          join bakas_groups g on g.id = m.group_id where m.player_id = p.id and g.status = 'settled'), 0)`.as(
        'net_result',
      ),
      lastTicket.as('last_ticket'),
      lastPayment.as('last_payment'),
    ])
    .where(sql<SqlBool>`p.agent_id in ${subtreeIds(agentId)}`)
    .orderBy(lastActivity, 'desc')
    .orderBy('p.id', 'desc')
    .limit(DASHBOARD_PLAYERS)
    .execute();
  return rows.map((r) => {
    const activity = [r.last_ticket, r.last_payment].filter((at): at is string => at !== null).sort();
    return {
      playerId: r.id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      mobileNo: r.mobile_no,
      agentId: r.agent_id,
      agentName: r.agent_name,
      deposits: num(r.deposits),
      withdrawals: num(r.withdrawals),
      turnover: num(r.turnover),
      netResult: num(r.net_result),
      lastActivity: activity.at(-1) ?? null,
    };
  });
}

/**
 * The agent's referral link and its QR code, drawn here as an SVG by the qrcode package the server already
 * uses for authenticator enrolment (decision 040): nothing added to the back office's bundle.
 */
async function referralOf(siteOrigin: string, code: string): Promise<NonNullable<AgentOverviewResponse['referral']>> {
  const link = referralLink(siteOrigin, code);
  const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { code, link, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * An agent's dashboard, for the agent, anyone above them, or an admin (decision 040); any other id reads
 * as not found, so staff learn nothing about other branches.
 */
export async function agentOverview(
  db: Kysely<Database>,
  staff: Staff,
  agentId: number,
  period: CommissionPeriod,
  siteOrigin: string,
): Promise<Omit<AgentOverviewResponse, 'statusCode'>> {
  if (!(await staffInSubtree(db, staff, agentId))) throw notFound(AgentMessages.agentNotFound);
  const target = await db
    .selectFrom('staff_users')
    .select(['id', 'role'])
    .where('id', '=', agentId)
    .executeTakeFirstOrThrow();
  const nodes = await networkNodes(db, target);
  const [agent, ...subAgents] = nodes;
  if (!agent) throw notFound(AgentMessages.agentNotFound);
  const adb = agentDb(db);
  const paid = await adb
    .selectFrom('commission_payouts')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('paid'))
    .where('staff_id', '=', agentId)
    .executeTakeFirstOrThrow();
  const byHour = await adb
    .selectFrom('agent_commissions')
    .select([
      sql<string>`substr(created_at, 1, 13)`.as('hour'),
      (eb) => eb.fn.sum<number | string>('amount').as('earned'),
    ])
    .where('staff_id', '=', agentId)
    .groupBy(sql`substr(created_at, 1, 13)`)
    .execute();
  const periods = new Map<string, number>();
  for (const row of byHour) {
    const key = commissionPeriodOf(`${row.hour}:00:00.000Z`, period);
    periods.set(key, (periods.get(key) ?? 0) + num(row.earned));
  }
  return {
    agent,
    commission: {
      earned: agent.commissionEarned,
      paid: num(paid.paid),
      balance: agent.commissionBalance,
    },
    periods: [...periods.entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .slice(0, DASHBOARD_PERIODS)
      .map(([key, earned]) => ({ period: key, earned })),
    players: await subtreePlayers(db, agentId),
    subAgents,
    referral: agent.referralCode ? await referralOf(siteOrigin, agent.referralCode) : null,
  };
}

/**
 * A new agent (decision 040): a sub-agent is an agent whose upline is an agent. An admin names the upline
 * (any agent or master agent); anyone else creates under themselves or under an agent of their own
 * subtree. The account itself is made and audited by the staff module.
 */
export async function createSubAgent(
  db: Kysely<Database>,
  staff: Staff,
  actor: AuditActor,
  input: Omit<CreateSubAgentInput, 'referralCode'> & { referralCode?: string | null | undefined },
): Promise<AgentNode> {
  const parentId = input.parentId ?? (staff.role === 'admin' ? undefined : staff.id);
  if (parentId === undefined)
    throw badRequest(AgentMessages.parentRequired, { parentId: AgentMessages.parentRequired });
  if (!(await staffInSubtree(db, staff, parentId))) {
    throw badRequest(AgentMessages.parentNotInNetwork, { parentId: AgentMessages.parentNotInNetwork });
  }
  const created = await createStaff(db, actor, { ...input, role: 'agent', parentId });
  const parent = await db
    .selectFrom('staff_users')
    .select('display_name')
    .where('id', '=', parentId)
    .executeTakeFirst();
  return {
    id: created.id,
    username: created.username,
    displayName: created.displayName,
    role: created.role,
    parentId,
    parentName: parent?.display_name ?? null,
    depth: 1,
    referralCode: created.referralCode,
    rate: null,
    players: 0,
    commissionEarned: 0,
    commissionBalance: 0,
  };
}
