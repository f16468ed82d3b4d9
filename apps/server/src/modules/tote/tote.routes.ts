import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ToteMessages, ToteOperations } from '@karera/shared';
import { conflict } from '../../lib/errors.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import { currentStaff } from '../staff/index.ts';
import { requestView } from '../dualcontrol/index.ts';
import { carryovers, gameResult, settlementReport } from './results.service.ts';
import {
  checkOfficialDividends,
  confirmResult,
  previewResult,
  settleCompletedPools,
  type ToteDeps,
} from './settlement.service.ts';
import { pendingOfficialResult, proposeOfficialResult, sameResultEntry } from './official-result-approval.ts';
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

    registerOperation(app, operations.confirmResult, { tags }, async (request) => {
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
    });

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
