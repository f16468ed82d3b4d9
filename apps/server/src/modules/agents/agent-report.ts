import { sql, type Kysely, type SqlBool } from 'kysely';
import {
  AGENT_REPORT_CSV_HEADER,
  agentReportWindow,
  commissionPeriodOf,
  csvAmount,
  csvCell,
  splitByShares,
  STAFF_ROLE_LABELS,
  type AgentReportRow,
  type CommissionPeriod,
} from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
import { agentDb } from './agents.tables.ts';
import { subtreeIds } from '../staff/index.ts';

type Staff = Pick<StaffUser, 'id' | 'role'>;

export interface AgentReportQuery {
  period: CommissionPeriod;
  from: string;
  to: string;
}

const num = (value: unknown): number => Number(value ?? 0);
const hourKey = sql<string>`substr(t.settled_at, 1, 13)`;

/**
 * Group tickets (decision 056) settled in [start, end) are their members' bets: per member's agent and hour, the
 * member's stake that rode and their GGR (stake less their part of the payout and of the tax withheld, split by
 * shares as the payout was; the organiser's fee passes between members, so the members' GGR sums to the ticket's).
 */
async function groupTicketFigures(
  db: Kysely<Database>,
  start: string,
  end: string,
  visible: (column: string) => ReturnType<typeof sql<SqlBool>>,
): Promise<{ agent_id: number | null; hour: string; turnover: number; ggr: number }[]> {
  const groups = await db
    .selectFrom('bakas_groups as g')
    .innerJoin('bet_tickets as t', 't.id', 'g.ticket_id')
    .select(['g.id', 't.winnings_tax', hourKey.as('hour')])
    .where('g.status', '=', 'settled')
    .where('t.settled_at', '>=', start)
    .where('t.settled_at', '<', end)
    .execute();
  if (groups.length === 0) return [];
  const purchases = await db
    .selectFrom('bakas_members as m')
    .innerJoin('players as p', 'p.id', 'm.player_id')
    .select(['m.group_id', 'p.agent_id', 'm.shares', 'm.first_share_seq', 'm.paid', 'm.refunded', 'm.payout'])
    .where(
      'm.group_id',
      'in',
      groups.map((g) => g.id),
    )
    .orderBy('m.first_share_seq')
    .execute();
  const visibleAgents = new Set(
    (await db.selectFrom('staff_users as s').select('s.id').where(visible('s.id')).execute()).map((row) => row.id),
  );
  const out: { agent_id: number | null; hour: string; turnover: number; ggr: number }[] = [];
  for (const group of groups) {
    const own = purchases.filter((p) => p.group_id === group.id);
    const taxes = splitByShares(
      num(group.winnings_tax),
      own.map((p) => ({ shares: p.shares, firstShareSeq: p.first_share_seq })),
    );
    own.forEach((purchase, index) => {
      if (purchase.agent_id === null || !visibleAgents.has(purchase.agent_id)) return;
      const stake = num(purchase.paid) - num(purchase.refunded);
      out.push({
        agent_id: purchase.agent_id,
        hour: group.hour,
        turnover: stake,
        ggr: stake - num(purchase.payout) - (taxes[index] ?? 0),
      });
    });
  }
  return out;
}

/**
 * Per agent and per Manila day, week or month (decision 040): the turnover and GGR of the tickets of the
 * agent's whole subtree settled in the period (a master agent's figures include their agents'), and the
 * agent's own commission accrued in it. An admin sees every agent, anyone else their own subtree.
 * Figures are summed per UTC hour in the database (both dialects alike) and the hours put in their
 * Manila periods here: Manila is a whole eight hours ahead, so no hour straddles two days.
 */
export async function agentReport(
  db: Kysely<Database>,
  staff: Staff,
  query: AgentReportQuery,
): Promise<AgentReportRow[]> {
  const { start, end } = agentReportWindow(query.from, query.to);
  const visible = (column: string) =>
    staff.role === 'admin' ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.ref(column)} in ${subtreeIds(staff.id)}`;
  const agents = await db
    .selectFrom('staff_users as s')
    .select(['s.id', 's.display_name', 's.role', 's.parent_id'])
    .where('s.role', '!=', 'admin')
    .where(visible('s.id'))
    .execute();
  const byId = new Map(agents.map((a) => [a.id, a]));

  const tickets = await db
    .selectFrom('bet_tickets as t')
    .innerJoin('players as p', 'p.id', 't.player_id')
    .select([
      'p.agent_id',
      hourKey.as('hour'),
      sql<number>`sum(t.total - t.refund_amount)`.as('turnover'),
      // Payouts gross of the winnings tax withheld (decision 049): the tax is the player's, not revenue.
      sql<number>`sum(t.total - t.refund_amount - t.won_amount - t.winnings_tax)`.as('ggr'),
    ])
    .where('t.status', '!=', 'open')
    .where('t.holder_account_id', 'is', null)
    .where('t.settled_at', '>=', start)
    .where('t.settled_at', '<', end)
    .where('p.agent_id', 'is not', null)
    .where(visible('p.agent_id'))
    .groupBy(['p.agent_id', hourKey])
    .execute();
  tickets.push(...(await groupTicketFigures(db, start, end, visible)));
  const commissions = await agentDb(db)
    .selectFrom('agent_commissions as c')
    .select([
      'c.staff_id',
      sql<string>`substr(c.created_at, 1, 13)`.as('hour'),
      sql<number>`sum(c.amount)`.as('amount'),
    ])
    .where('c.created_at', '>=', start)
    .where('c.created_at', '<', end)
    .where(visible('c.staff_id'))
    .groupBy(['c.staff_id', sql`substr(c.created_at, 1, 13)`])
    .execute();

  const cells = new Map<string, AgentReportRow>();
  const cell = (agentId: number, hour: string) => {
    const period = commissionPeriodOf(`${hour}:00:00.000Z`, query.period);
    const key = `${agentId}|${period}`;
    let row = cells.get(key);
    if (!row) {
      const agent = byId.get(agentId);
      row = {
        agentId,
        agentName: agent?.display_name ?? '',
        role: agent?.role ?? 'agent',
        parentId: agent?.parent_id ?? null,
        period,
        turnover: 0,
        ggr: 0,
        commission: 0,
      };
      cells.set(key, row);
    }
    return row;
  };
  for (const t of tickets) {
    // The player's agent and everyone above them that the caller sees.
    for (let at: number | null = t.agent_id, guard = 0; at !== null && byId.has(at) && guard < 64; guard++) {
      const row = cell(at, t.hour);
      row.turnover += num(t.turnover);
      row.ggr += num(t.ggr);
      at = byId.get(at)?.parent_id ?? null;
    }
  }
  for (const c of commissions) cell(c.staff_id, c.hour).commission += num(c.amount);
  return [...cells.values()].sort((a, b) => a.period.localeCompare(b.period) || a.agentId - b.agentId);
}

/** The report as CSV (RFC 4180, formula-safe cells through the statement's csvCell), CRLF line ends, BOM. */
export function agentReportCsv(rows: readonly AgentReportRow[]): string {
  const lines = [AGENT_REPORT_CSV_HEADER.map(csvCell)];
  for (const r of rows) {
    lines.push([
      csvCell(String(r.agentId)),
      csvCell(r.agentName),
      csvCell(STAFF_ROLE_LABELS[r.role]),
      csvCell(r.parentId === null ? '' : String(r.parentId)),
      csvCell(r.period),
      csvCell(csvAmount(r.turnover)),
      csvCell(csvAmount(r.ggr)),
      csvCell(csvAmount(r.commission)),
    ]);
  }
  return '\uFEFF' + lines.map((line) => line.join(',')).join('\r\n') + '\r\n';
}
