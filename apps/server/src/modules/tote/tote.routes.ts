import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmResultSchema,
  gameResultSchema,
  resultInputSchema,
  ToteAdminRoutes,
  ToteRoutes,
  toteSettingInputSchema,
  ToteMessages,
} from '@karera/shared';
import { conflict } from '../../lib/errors.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { idParam } from '../../lib/params.ts';
import { currentStaff, requireStaff } from '../../plugins/staff-auth.ts';
import { carryovers, gameResult, settlementReport } from './results.service.ts';
import { confirmResult, previewResult, settleCompletedPools, type ToteDeps } from './settlement.service.ts';
import { addSetting, listSettings } from './tote-settings.ts';

const raceParams = z.strictObject({
  raceId: idParam,
});

export function toteRoutes(deps: ToteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app;

    app.post(ToteRoutes.getGameResult, { schema: { tags: ['game'], body: gameResultSchema } }, async (request) =>
      gameResult(db, request.body.eventId, request.body.raceId),
    );
    app.post(
      ToteRoutes.getCarryovers,
      { schema: { tags: ['game'], body: z.strictObject({}).optional() } },
      async () => ({ statusCode: 200 as const, carryovers: await carryovers(db) }),
    );

    const tags = ['backoffice tote'];
    const admin = requireStaff('admin');
    const actorOf = (request: Parameters<typeof currentStaff>[0]) => ({
      type: 'staff' as const,
      id: currentStaff(request).id,
      ip: request.ip,
    });

    app.post(
      ToteAdminRoutes.previewResult(':raceId' as unknown as number),
      { schema: { tags, params: raceParams, body: resultInputSchema }, preHandler: admin },
      async (request) => ({
        statusCode: 200 as const,
        ...(await previewResult(db, request.params.raceId, request.body)),
      }),
    );

    app.post(
      ToteAdminRoutes.confirmResult(':raceId' as unknown as number),
      { schema: { tags, params: raceParams, body: confirmResultSchema }, preHandler: admin },
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
        } else {
          await confirmResult(deps, actor, raceId, input);
        }
        return { statusCode: 200 as const, report: await settlementReport(db, raceId) };
      },
    );

    app.get(
      ToteAdminRoutes.report(':raceId' as unknown as number),
      { schema: { tags, params: raceParams }, preHandler: admin },
      async (request) => ({ statusCode: 200 as const, ...(await settlementReport(db, request.params.raceId)) }),
    );

    app.get(ToteAdminRoutes.settings, { schema: { tags }, preHandler: admin }, async () => ({
      statusCode: 200 as const,
      settings: await listSettings(db),
    }));
    app.post(
      ToteAdminRoutes.settings,
      { schema: { tags, body: toteSettingInputSchema }, preHandler: admin },
      async (request) => ({
        statusCode: 200 as const,
        setting: await addSetting(db, actorOf(request), request.body),
      }),
    );
    app.get(ToteAdminRoutes.carryovers, { schema: { tags }, preHandler: admin }, async () => ({
      statusCode: 200 as const,
      carryovers: await carryovers(db),
    }));
  };
}
