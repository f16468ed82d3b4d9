import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardOperations } from '@karera/shared';
import { DashboardFigureCache, raceDayDashboard } from './dashboard.service.ts';
import { startStreamProbes } from './stream-probes.ts';
import { registerOperation } from '../../lib/register-operation.ts';

const tags = ['backoffice'];

/**
 * The race-day dashboard (decision 038): admins only. Agents and master agents keep their players list
 * as their landing page; the house's turnover, payments queue and alerts are not theirs to see.
 * The leading instance probes the race days' streams (before leadership starts: register this first).
 */
export function registerDashboard(app: FastifyInstance): void {
  const cache = new DashboardFigureCache();
  app.decorate('dashboardFigures', cache);
  const ops = DashboardOperations;
  registerOperation(app.withTypeProvider<ZodTypeProvider>(), ops.dashboard, { tags }, async () => ({
    statusCode: 200 as const,
    ...(await raceDayDashboard(app.db, cache, Date.now())),
  }));
  app.leadership.whileLeading('stream probes', () =>
    startStreamProbes(app.db, app.log.child({ module: 'stream-probes' })),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The dashboard's ticket figures per pools version; its count of reads is for the tests. */
    dashboardFigures: DashboardFigureCache;
  }
}
