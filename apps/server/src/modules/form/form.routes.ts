import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FormOperations } from '@karera/shared';
import { registerOperation } from '../../lib/register-operation.ts';
import { createFormCache, dropFormCache } from './form-cache.ts';
import { raceFormGuide } from './form.service.ts';

/**
 * The form guide (decision 053): a race's runners with their figures, for signed-in players, cached per
 * race. Every instance clears its cache when a race's result is confirmed (its RACE_STATUS D reaches every
 * instance over the pub/sub), when form changes elsewhere ('form.changed': an import, a
 * merge), and when the pub/sub resumes after a gap.
 */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['form'];
  const cache = createFormCache();
  const unsubscribe = [
    app.pubsub.subscribe((messages) => {
      if (messages.some((message) => message.type === 'RACE_STATUS' && message.status === 'D')) cache.clear();
    }),
    app.pubsub.onResume(() => cache.clear()),
    app.events.on('form.changed', () => cache.clear()),
  ];
  app.addHook('onClose', async () => {
    for (const stop of unsubscribe) stop();
    dropFormCache(cache);
  });
  registerOperation(app, FormOperations.raceFormGuide, { tags }, async (request) =>
    raceFormGuide(app.db, request.params.raceId, cache),
  );
};
