import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PoolsOperations } from '@karera/shared';
import { notFound } from '../../lib/errors.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import { livePoolsReader } from './live-pools.service.ts';
import type { ToteDeps } from './settlement.service.ts';

/**
 * The live screen's will-pays, probables and Win odds movement: read for the first paint, and
 * announced on the live socket (POOLS_UPDATED) when they change (startPoolsPublisher, on the leader).
 */
export function livePoolsRoutes(deps: ToteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const read = livePoolsReader(deps.db);
    const operation = PoolsOperations.racePools;
    registerOperation(app, operation, { tags: ['game'] }, async (request) => {
      const pools = await read(request.params.raceId);
      if (!pools) throw notFound('Race not found.');
      return { statusCode: 200 as const, ...pools };
    });
  };
}
