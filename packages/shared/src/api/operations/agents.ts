import { z } from 'zod';
import { Audiences, defineOperations, messageResponseSchema, pathOfOne } from '../contract.ts';
import { idParam } from '../params.ts';
import {
  agentCreatedResponseSchema,
  agentNetworkResponseSchema,
  agentOverviewQuerySchema,
  agentOverviewResponseSchema,
  agentReportQuerySchema,
  agentReportResponseSchema,
  commissionPayoutResponseSchema,
  commissionPayoutSchema,
  commissionRateSchema,
  createSubAgentSchema,
} from '../../agents/commission.ts';

const ROOT = '/api/backoffice/agents';

const idParams = z.strictObject({ id: idParam });

/** The agent network (issue 23, decision 040): each staff member sees and acts on their own subtree only. */
export const AgentOperations = defineOperations({
  agentNetwork: {
    method: 'GET',
    path: ROOT,
    audience: Audiences.anyStaff,
    summary: "The caller's network: every agent below them (an admin: every master agent and agent), with rates",
    response: agentNetworkResponseSchema,
  },
  createSubAgent: {
    method: 'POST',
    path: ROOT,
    audience: Audiences.anyStaff,
    summary: 'A new agent under the caller or under an agent of their network (an admin: under any agent)',
    body: createSubAgentSchema,
    response: agentCreatedResponseSchema,
  },
  agentOverview: {
    method: 'GET',
    path: `${ROOT}/:id`,
    audience: Audiences.anyStaff,
    summary: "An agent's dashboard: players, downline, commission earned, paid and per period (own subtree only)",
    params: idParams,
    querystring: agentOverviewQuerySchema,
    response: agentOverviewResponseSchema,
  },
  setCommissionRate: {
    method: 'POST',
    path: `${ROOT}/:id/commission-rate`,
    audience: Audiences.anyStaff,
    summary: "Sets a downline agent's commission basis and rate in basis points (audited; applies from now on)",
    params: idParams,
    body: commissionRateSchema,
    response: messageResponseSchema,
  },
  payCommission: {
    method: 'POST',
    path: `${ROOT}/:id/commission/payout`,
    audience: Audiences.admins,
    summary: "Pays an agent's accrued commission (admins; Idempotency-Key header; a ledger transaction, audited)",
    params: idParams,
    body: commissionPayoutSchema,
    response: commissionPayoutResponseSchema,
  },
  agentReport: {
    method: 'GET',
    path: `${ROOT}/report`,
    audience: Audiences.anyStaff,
    summary: 'Turnover, GGR and commission per agent and Manila day, week or month (an agent: their subtree)',
    querystring: agentReportQuerySchema,
    response: agentReportResponseSchema,
  },
});

/** The agent network's paths, for callers: built from the operations, so each path is written once. */
export const AgentRoutes = {
  network: AgentOperations.agentNetwork.path,
  report: AgentOperations.agentReport.path,
  /** The report as CSV: file bytes, not JSON, so it stays out of the contract. */
  reportCsv: `${ROOT}/report.csv`,
  agent: pathOfOne(AgentOperations.agentOverview),
  rate: pathOfOne(AgentOperations.setCommissionRate),
  payout: pathOfOne(AgentOperations.payCommission),
} as const;
