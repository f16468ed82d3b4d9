import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ToteOperations } from '@karera/shared';
import { registerOperation } from '../../lib/register-operation.ts';
import { currentStaff } from '../staff/index.ts';
import { carryovers, gameResult, settlementReport } from './results.service.ts';
import { previewResult, type ToteDeps } from './settlement.service.ts';
import { enterResult } from './result-entry.ts';
import { listSettings, proposeSetting } from './tote-settings.ts';

export function toteRoutes(deps: ToteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app;

    const operations = ToteOperations;
    registerOperation(app, operations.getGameResult, { tags: ['game'] }, async (request) =>
      gameResult(db, request.body.eventId, request.body.raceId),
    );
    registerOperation(app, operations.getCarryovers, { tags: ['game'] }, async () => ({
      statusCode: 200 as const,
      carryovers: await carryovers(db),
    }));

    const tags = ['backoffice tote'];
    const actorOf = (request: Parameters<typeof currentStaff>[0]) => ({
      type: 'staff' as const,
      id: currentStaff(request).id,
      ip: request.ip,
    });

    registerOperation(app, operations.previewResult, { tags }, async (request) => ({
      statusCode: 200 as const,
      ...(await previewResult(db, request.params.raceId, request.body)),
    }));

    registerOperation(app, operations.confirmResult, { tags }, async (request) =>
      enterResult(deps, actorOf(request), request.params.raceId, request.body),
    );

    registerOperation(app, operations.report, { tags }, async (request) => ({
      statusCode: 200 as const,
      ...(await settlementReport(db, request.params.raceId)),
    }));

    registerOperation(app, operations.settings, { tags }, async () => ({
      statusCode: 200 as const,
      settings: await listSettings(db),
    }));
    registerOperation(
      app,
      operations.addSetting,
      { tags },
      // Proposed, not applied: a second, independent admin approves it (decision 045).
      async (request) => proposeSetting(db, { staffId: currentStaff(request).id, ip: request.ip }, request.body),
    );
    registerOperation(app, operations.carryovers, { tags }, async () => ({
      statusCode: 200 as const,
      carryovers: await carryovers(db),
    }));
  };
}
