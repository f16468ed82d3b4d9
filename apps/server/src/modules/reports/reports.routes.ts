import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReportOperations } from '@karera/shared';
import { schemaOf } from '../../lib/operations.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { gamingReport, paymentReport, promotionReport } from './reports.service.ts';

const tags = ['backoffice'];

/**
 * The business reports (decision 039): admins only. They show the house's whole business (revenue,
 * every agent's players' money); an agent's or master agent's own figures are the agent network's report.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const admin = requireStaff('admin');
  const ops = ReportOperations;
  app.get(ops.gamingReport.path, { schema: schemaOf(ops.gamingReport, tags), preHandler: admin }, async (request) =>
    gamingReport(db, request.query),
  );
  app.get(ops.paymentReport.path, { schema: schemaOf(ops.paymentReport, tags), preHandler: admin }, async (request) =>
    paymentReport(db, request.query),
  );
  app.get(
    ops.promotionReport.path,
    { schema: schemaOf(ops.promotionReport, tags), preHandler: admin },
    async (request) => promotionReport(db, request.query),
  );
};
