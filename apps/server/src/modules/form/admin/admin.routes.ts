import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FormAdminOperations, MAX_IMPORT_CHARS } from '@karera/shared';
import { registerOperation } from '../../../lib/register-operation.ts';
import { currentStaff } from '../../staff/index.ts';
import { formChanged } from '../form-cache.ts';
import { importCard } from './import.service.ts';
import {
  changeJockey,
  createHorse,
  createPerson,
  findHorse,
  mergeHorse,
  searchHorses,
  searchPeople,
  updateHorse,
  updatePerson,
} from './records.service.ts';

/**
 * The back office's horses, jockeys and trainers (decision 053): lists and type-ahead, create and edit, the
 * merge of a horse entered twice, a runner's jockey change with its reason, and the card import. Admins only;
 * every change audited.
 */
export const formAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['backoffice form'];
  const ops = FormAdminOperations;
  const actorOf = (request: Parameters<typeof currentStaff>[0]) => ({
    type: 'staff' as const,
    id: currentStaff(request).id,
    ip: request.ip,
  });
  const ok = <T extends object>(answer: T) => ({ statusCode: 200 as const, ...answer });

  registerOperation(app, ops.listHorses, { tags }, async (request) =>
    ok(await searchHorses(db, request.query.q, request.query.page)),
  );
  registerOperation(app, ops.createHorse, { tags }, async (request) =>
    ok({ horse: await createHorse(db, actorOf(request), request.body) }),
  );
  registerOperation(app, ops.horse, { tags }, async (request) =>
    ok({ horse: await findHorse(db, request.params.horseId) }),
  );
  registerOperation(app, ops.updateHorse, { tags }, async (request) =>
    ok({ horse: await updateHorse(db, actorOf(request), request.params.horseId, request.body) }),
  );
  registerOperation(app, ops.mergeHorse, { tags }, async (request) => {
    const merged = await mergeHorse(db, actorOf(request), request.params.horseId, request.body.duplicateId);
    // The duplicate's results count for the kept horse now: every instance's form guides are read again.
    await formChanged(app.events);
    return ok(merged);
  });

  registerOperation(app, ops.listJockeys, { tags }, async (request) =>
    ok(await searchPeople(db, 'jockeys', request.query.q, request.query.page)),
  );
  registerOperation(app, ops.createJockey, { tags }, async (request) =>
    ok({ person: await createPerson(db, actorOf(request), 'jockeys', request.body) }),
  );
  registerOperation(app, ops.updateJockey, { tags }, async (request) =>
    ok({ person: await updatePerson(db, actorOf(request), 'jockeys', request.params.jockeyId, request.body) }),
  );
  registerOperation(app, ops.listTrainers, { tags }, async (request) =>
    ok(await searchPeople(db, 'trainers', request.query.q, request.query.page)),
  );
  registerOperation(app, ops.createTrainer, { tags }, async (request) =>
    ok({ person: await createPerson(db, actorOf(request), 'trainers', request.body) }),
  );
  registerOperation(app, ops.updateTrainer, { tags }, async (request) =>
    ok({ person: await updatePerson(db, actorOf(request), 'trainers', request.params.trainerId, request.body) }),
  );

  registerOperation(app, ops.changeJockey, { tags }, async (request) =>
    ok(await changeJockey(db, actorOf(request), request.params.runnerId, request.body)),
  );

  // The file travels as JSON text: room for the largest file the import reads, escaped.
  registerOperation(app, ops.importCard, { tags, bodyLimit: MAX_IMPORT_CHARS * 2 + 1024 }, async (request) => {
    const answer = await importCard(db, actorOf(request), request.body.csv);
    // Past results were written: every instance's form guides are read again.
    if (answer.imported && answer.pastRuns > 0) await formChanged(app.events);
    return answer;
  });
};
