import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  StatementOperations,
  StatementRoutes,
  statementFileQuery,
  statementMonthParams,
  STATEMENT_LINES_SHOWN,
} from '@karera/shared';
import { registerOperation } from '../../lib/register-operation.ts';
import { currentPlayer, requirePlayer } from '../sessions/index.ts';
import { statementCsvFile, statementFileName, statementPdf } from './statement-files.ts';
import { statementMonths, statementOfMonth, statementWithHolder } from './statement.service.ts';

export interface StatementDeps {
  /** The clock that says which month is the current one (a test moves it). */
  now?: () => Date;
}

/**
 * The player's monthly activity statement: as JSON for the page, and as CSV and PDF files. Every query
 * takes the player id from the session, never from the request.
 */
export function statementRoutes(deps: StatementDeps = {}): FastifyPluginAsyncZod {
  const now = deps.now ?? (() => new Date());
  return async (app) => {
    const { db } = app;
    const tags = ['statement'];
    const { getStatementMonths, getStatement } = StatementOperations;

    registerOperation(app, getStatementMonths, { tags }, async (request) => ({
      statusCode: 200 as const,
      months: await statementMonths(db, currentPlayer(request).playerId, now()),
    }));

    registerOperation(app, getStatement, { tags }, async (request) => {
      const statement = await statementOfMonth(db, currentPlayer(request).playerId, request.params.month, now());
      // The newest lines on the page; the files carry them all.
      const lines = statement.lines.slice(-STATEMENT_LINES_SHOWN).reverse();
      return { statusCode: 200 as const, statement: { ...statement, lines } };
    });

    // Not operations of the contract: the answers are file bytes, not JSON (a refusal is JSON as elsewhere).
    const fileSchema = (summary: string) => ({
      tags,
      summary,
      security: [{ playerSession: [] }],
      params: statementMonthParams,
      querystring: statementFileQuery,
    });
    const noStore = 'private, no-store';

    app.get(
      StatementRoutes.csv,
      {
        schema: fileSchema('The statement of one Manila month as CSV (RFC 4180), one row per ledger transaction'),
        preValidation: requirePlayer,
      },
      async (request, reply) => {
        const { month } = request.params;
        const statement = await statementOfMonth(db, currentPlayer(request).playerId, month, now());
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', noStore)
          .header('content-disposition', `attachment; filename="${statementFileName(month, 'csv')}"`)
          .send(statementCsvFile(statement, request.query.lang ?? 'en'));
      },
    );

    app.get(
      StatementRoutes.pdf,
      {
        schema: fileSchema('The statement of one Manila month as a PDF document'),
        preValidation: requirePlayer,
        // A PDF of a busy month costs some CPU: a few a minute are plenty for a person.
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const { month } = request.params;
        const { statement, holder } = await statementWithHolder(db, currentPlayer(request).playerId, month, now());
        return reply
          .type('application/pdf')
          .header('cache-control', noStore)
          .header('content-disposition', `attachment; filename="${statementFileName(month, 'pdf')}"`)
          .send(statementPdf(statement, holder, request.query.lang ?? 'en', now()));
      },
    );
  };
}
