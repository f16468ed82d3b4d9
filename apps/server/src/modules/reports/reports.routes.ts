import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  certificateFileName,
  certificateFileQuery,
  ownCertificateParams,
  playerCertificateParams,
  ReportOperations,
  TaxReportRoutes,
} from '@karera/shared';
import { requireStaff } from '../staff/index.ts';
import { currentPlayer, requirePlayer } from '../sessions/index.ts';
import { certificatePdf } from './certificate-pdf.ts';
import { gamingReport, paymentReport, promotionReport } from './reports.service.ts';
import { taxCertificate, taxMonths, taxReport } from './taxes.service.ts';
import { registerOperation } from '../../lib/register-operation.ts';

const tags = ['backoffice'];

/**
 * The business reports (decision 039): admins only. They show the house's whole business (revenue,
 * every agent's players' money); an agent's or master agent's own figures are the agent network's report.
 * A player's certificate of tax withheld is also the player's own, read by the session's player id.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const admin = requireStaff('admin');
  const ops = ReportOperations;
  registerOperation(app, ops.gamingReport, { tags }, async (request) => gamingReport(db, request.query));
  registerOperation(app, ops.paymentReport, { tags }, async (request) => paymentReport(db, request.query));
  registerOperation(app, ops.promotionReport, { tags }, async (request) => promotionReport(db, request.query));
  registerOperation(app, ops.taxReport, { tags }, async (request) => taxReport(db, request.query));
  registerOperation(app, ops.taxMonths, { tags }, async (request) => taxMonths(db, request.query.year));
  registerOperation(app, ops.taxCertificate, { tags }, async (request) => ({
    statusCode: 200 as const,
    certificate: await taxCertificate(db, request.params.playerId, request.params.year),
  }));
  registerOperation(app, ops.ownTaxCertificate, { tags: ['statement'] }, async (request) => ({
    statusCode: 200 as const,
    certificate: await taxCertificate(db, currentPlayer(request).playerId, request.params.year),
  }));

  // The PDFs answer file bytes, not JSON: outside the contract, like the statement's files.
  const noStore = 'private, no-store';
  app.get(
    TaxReportRoutes.certificatePdf,
    {
      schema: {
        tags,
        summary: "A player's certificate of tax withheld on winnings in a year, as a PDF document (admins)",
        security: [{ staffSession: [] }],
        params: playerCertificateParams,
        querystring: certificateFileQuery,
      },
      preHandler: admin,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { playerId, year } = request.params;
      const certificate = await taxCertificate(db, playerId, year);
      return reply
        .type('application/pdf')
        .header('cache-control', noStore)
        .header('content-disposition', `attachment; filename="${certificateFileName(year)}"`)
        .send(certificatePdf(certificate, request.query.lang ?? 'en', new Date()));
    },
  );
  app.get(
    TaxReportRoutes.ownCertificatePdf,
    {
      schema: {
        tags: ['statement'],
        summary: "The signed-in player's certificate of tax withheld on winnings in a year, as a PDF document",
        security: [{ playerSession: [] }],
        params: ownCertificateParams,
        querystring: certificateFileQuery,
      },
      preValidation: requirePlayer,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { year } = request.params;
      const certificate = await taxCertificate(db, currentPlayer(request).playerId, year);
      return reply
        .type('application/pdf')
        .header('cache-control', noStore)
        .header('content-disposition', `attachment; filename="${certificateFileName(year)}"`)
        .send(certificatePdf(certificate, request.query.lang ?? 'en', new Date()));
    },
  );
};
