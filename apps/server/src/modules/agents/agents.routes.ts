import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AgentOperations, AgentRoutes, agentReportQuerySchema, IDEMPOTENCY_KEY_HEADER } from '@karera/shared';
import { badRequest } from '../../lib/errors.ts';
import { Idempotency, isValidIdempotencyKey } from '../../lib/idempotency.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import { agentReport, agentReportCsv } from './agent-report.ts';
import { agentOverview, createSubAgent, networkNodes } from './agents.service.ts';
import { payCommission, setCommissionRate } from './commission.service.ts';

const tags = ['backoffice'];
const idempotencyHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() });

/** The agent network (decision 040): every route scopes to the caller's subtree; ids outside it read as not found. */
export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const ops = AgentOperations;

  registerOperation(app, ops.agentNetwork, { tags }, async (request) => ({
    statusCode: 200 as const,
    agents: await networkNodes(db, currentStaff(request)),
  }));

  registerOperation(app, ops.createSubAgent, { tags }, async (request) => {
    const staff = currentStaff(request);
    const agent = await createSubAgent(db, staff, { type: 'staff', id: staff.id, ip: request.ip }, request.body);
    return { statusCode: 200 as const, agent };
  });

  registerOperation(app, ops.agentReport, { tags }, async (request) => {
    const { period, from, to } = request.query;
    return {
      statusCode: 200 as const,
      period,
      from,
      to,
      rows: await agentReport(db, currentStaff(request), { period, from, to }),
    };
  });

  app.get(
    AgentRoutes.reportCsv,
    {
      schema: {
        tags,
        summary: 'The agent report as CSV (RFC 4180, formula-safe cells)',
        security: [{ staffSession: [] }],
        querystring: agentReportQuerySchema,
      },
      preHandler: requireStaff(),
    },
    async (request, reply) => {
      const { period, from, to } = request.query;
      const rows = await agentReport(db, currentStaff(request), { period, from, to });
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="karera-agents-${period}-${from}-${to}.csv"`)
        .send(agentReportCsv(rows));
    },
  );

  registerOperation(app, ops.agentOverview, { tags }, async (request) => ({
    statusCode: 200 as const,
    // The player site is this server's own origin (the back office is served beside it).
    ...(await agentOverview(
      db,
      currentStaff(request),
      request.params.id,
      request.query.period,
      `${request.protocol}://${request.host}`,
    )),
  }));

  registerOperation(app, ops.setCommissionRate, { tags }, async (request) => {
    await setCommissionRate(db, currentStaff(request), request.params.id, request.body, request.ip);
    return { statusCode: 200 as const, statusMessage: 'Commission rate saved.' };
  });

  registerOperation(app, ops.payCommission, { tags, headers: idempotencyHeaders }, async (request) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (!isValidIdempotencyKey(key)) throw badRequest(Idempotency.keyRequired);
    const { payout } = await payCommission(
      db,
      currentStaff(request),
      request.params.id,
      request.body.amount,
      key,
      request.ip,
    );
    return { statusCode: 200 as const, payout };
  });
};
