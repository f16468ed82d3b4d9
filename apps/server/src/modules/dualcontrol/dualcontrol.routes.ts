import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DualControlMessages, DualControlOperations, IDEMPOTENCY_KEY_HEADER } from '@karera/shared';
import { badRequest } from '../../lib/errors.ts';
import { Idempotency, isValidIdempotencyKey } from '../../lib/idempotency.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import { currentStaff } from '../staff/index.ts';
import { approveRequest, listRequests, rejectRequest } from './dualcontrol.service.ts';

const tags = ['backoffice approvals'];
const idempotencyHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() });

/** The Approvals page: changes waiting for a second, independent admin (decision 045). Admins only. */
export const dualControlRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const ops = DualControlOperations;
  const actorOf = (request: Parameters<typeof currentStaff>[0]) => {
    const staff = currentStaff(request);
    return { staffId: staff.id, role: staff.role, ip: request.ip };
  };

  registerOperation(app, ops.list, { tags }, async () => ({
    statusCode: 200 as const,
    ...(await listRequests(db)),
  }));

  registerOperation(app, ops.approve, { tags, headers: idempotencyHeaders }, async (request) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (!isValidIdempotencyKey(key)) throw badRequest(Idempotency.keyRequired);
    const { request: approved } = await approveRequest(db, actorOf(request), request.params.id, key, app);
    return { statusCode: 200 as const, statusMessage: DualControlMessages.approved, request: approved };
  });

  registerOperation(app, ops.reject, { tags }, async (request) => ({
    statusCode: 200 as const,
    statusMessage: DualControlMessages.rejected,
    request: await rejectRequest(db, actorOf(request), request.params.id, request.body.note),
  }));
};
