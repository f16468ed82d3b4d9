import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ToteMessages, ToteOperations } from '@karera/shared';
import { conflict } from '../../lib/errors.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { schemaOf } from '../../lib/operations.ts';
import { currentStaff, requireStaff } from '../../plugins/staff-auth.ts';
import { carryovers, gameResult, settlementReport } from './results.service.ts';
import {
  checkOfficialDividends,
  confirmResult,
  previewResult,
  settleCompletedPools,
  type ToteDeps,
} from './settlement.service.ts';
import { pendingOfficialResult, proposeOfficialResult, sameResultEntry } from './official-result-approval.ts';
import { requestView } from '../dualcontrol/index.ts';
import { listSettings, proposeSetting } from './tote-settings.ts';

export function toteRoutes(deps: ToteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app;

    const operations = ToteOperations;
    app.post(operations.getGameResult.path, { schema: schemaOf(operations.getGameResult, ['game']) }, async (request) =>
      gameResult(db, request.body.eventId, request.body.raceId),
    );
    app.post(operations.getCarryovers.path, { schema: schemaOf(operations.getCarryovers, ['game']) }, async () => ({
      statusCode: 200 as const,
      carryovers: await carryovers(db),
    }));

    const tags = ['backoffice tote'];
    const admin = requireStaff('admin');
    const actorOf = (request: Parameters<typeof currentStaff>[0]) => ({
      type: 'staff' as const,
      id: currentStaff(request).id,
      ip: request.ip,
    });

    app.post(
      operations.previewResult.path,
      { schema: schemaOf(operations.previewResult, tags), preHandler: admin },
      async (request) => ({
        statusCode: 200 as const,
        ...(await previewResult(db, request.params.raceId, request.body)),
      }),
    );

    app.post(
      operations.confirmResult.path,
      { schema: schemaOf(operations.confirmResult, tags), preHandler: admin },
      async (request) => {
        const { idempotencyKey, ...input } = request.body;
        const actor = actorOf(request);
        const raceId = request.params.raceId;
        // The key refuses a reused key with another finish; the race's status refuses a second result.
        await runIdempotent(
          db,
          { scope: `staff:${actor.id}:result:${raceId}`, key: idempotencyKey, request: input },
          () => Promise.resolve({ raceId }),
        );
        const stored = await db
          .selectFrom('race_results')
          .select(['finish', 'official_dividends'])
          .where('race_id', '=', raceId)
          .executeTakeFirst();
        if (stored) {
          const same =
            stored.finish === JSON.stringify(input.finish) &&
            stored.official_dividends === JSON.stringify(input.officialDividends ?? []);
          if (!same) throw conflict(ToteMessages.raceNotClosed);
          await settleCompletedPools(deps, raceId);
          return { statusCode: 200 as const, report: await settlementReport(db, raceId) };
        }
        const { race, differences } = await checkOfficialDividends(db, raceId, input);
        if (differences.length === 0) {
          await confirmResult(deps, actor, raceId, input);
          return { statusCode: 200 as const, report: await settlementReport(db, raceId) };
        }
        // Official dividends the tote did not compute: recorded and paid only once a second admin approves.
        const pending = await pendingOfficialResult(db, raceId);
        if (pending) {
          // The same entry sent again (a retry) answers its request as it stands; any other waits its turn.
          const same = sameResultEntry(pending.payload, input);
          if (!same || pending.proposed_by_staff_id !== actor.id) throw conflict(ToteMessages.officialPending);
          return {
            statusCode: 200 as const,
            statusMessage: ToteMessages.officialNeedsSecondAdmin,
            request: await requestView(db, pending.id),
          };
        }
        const proposal = await proposeOfficialResult(db, { staffId: actor.id, ip: actor.ip }, race, input, differences);
        return { statusCode: 200 as const, statusMessage: ToteMessages.officialNeedsSecondAdmin, request: proposal };
      },
    );

    app.get(
      operations.report.path,
      { schema: schemaOf(operations.report, tags), preHandler: admin },
      async (request) => ({ statusCode: 200 as const, ...(await settlementReport(db, request.params.raceId)) }),
    );

    app.get(operations.settings.path, { schema: schemaOf(operations.settings, tags), preHandler: admin }, async () => ({
      statusCode: 200 as const,
      settings: await listSettings(db),
    }));
    app.post(
      operations.addSetting.path,
      { schema: schemaOf(operations.addSetting, tags), preHandler: admin },
      // Proposed, not applied: a second, independent admin approves it (decision 045).
      async (request) => proposeSetting(db, { staffId: currentStaff(request).id, ip: request.ip }, request.body),
    );
    app.get(
      operations.carryovers.path,
      { schema: schemaOf(operations.carryovers, tags), preHandler: admin },
      async () => ({
        statusCode: 200 as const,
        carryovers: await carryovers(db),
      }),
    );
  };
}
