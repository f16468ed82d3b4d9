import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApprovalRoutes,
  approvalSettingsSchema,
  IDEMPOTENCY_KEY_HEADER,
  paymentDeclineSchema,
  type ApprovalSettingsResponse,
  type BalanceAdjustmentDecisionResponse,
  type BalanceAdjustmentListResponse,
} from '@karera/shared';
import { badRequest } from '../../lib/errors.ts';
import { Idempotency, isValidIdempotencyKey } from '../../lib/idempotency.ts';
import { idParam } from '../../lib/params.ts';
import { currentStaff, requireStaff } from '../../plugins/staff-auth.ts';
import { approvalSettings, setApprovalSettings } from '../wallet/approval-controls.ts';
import { decideBalanceAdjustment, listBalanceAdjustments } from '../wallet/wallet.service.ts';
import { paymentReceiptForStaff } from './payments.service.ts';

const tags = ['backoffice'];
const idParams = z.strictObject({ id: idParam });
const statusQuery = z.strictObject({ status: z.enum(['PENDING', 'APPROVED', 'DECLINED']).default('PENDING') });
const idempotencyHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() });

/**
 * Maker-checker settings, the second admin's decisions on stored balance adjustments, and the receipt image
 * of a payment request for the staff who decide it (decision 020).
 */
export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    ApprovalRoutes.settings,
    { schema: { tags }, preHandler: requireStaff() },
    async (): Promise<ApprovalSettingsResponse> => ({ statusCode: 200, ...(await approvalSettings(db)) }),
  );
  app.post(
    ApprovalRoutes.settings,
    { schema: { tags, body: approvalSettingsSchema }, preHandler: requireStaff('admin') },
    async (request) => setApprovalSettings(db, currentStaff(request), request.body, request.ip),
  );

  app.get(
    ApprovalRoutes.adjustments,
    { schema: { tags, querystring: statusQuery }, preHandler: requireStaff('admin') },
    async (request): Promise<BalanceAdjustmentListResponse> => ({
      statusCode: 200,
      adjustments: await listBalanceAdjustments(db, request.query.status),
    }),
  );

  const decide = async (
    decision: 'approve' | 'decline',
    request: Parameters<typeof currentStaff>[0],
    id: number,
    note: string | undefined,
  ): Promise<BalanceAdjustmentDecisionResponse> => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (!isValidIdempotencyKey(key)) throw badRequest(Idempotency.keyRequired);
    const { body, replayed } = await decideBalanceAdjustment(
      db,
      currentStaff(request),
      id,
      decision,
      note,
      key,
      request.ip,
    );
    if (!replayed && body.status === 'APPROVED') {
      void app.events.emit('wallet.changed', { playerId: body.playerId, cause: 'adjustment' });
    }
    return { statusCode: 200, adjustment: body };
  };
  app.post(
    '/api/backoffice/adjustments/:id/approve',
    {
      schema: { tags, params: idParams, body: z.strictObject({}).optional(), headers: idempotencyHeaders },
      preHandler: requireStaff('admin'),
    },
    async (request) => decide('approve', request, request.params.id, undefined),
  );
  app.post(
    '/api/backoffice/adjustments/:id/decline',
    {
      schema: { tags, params: idParams, body: paymentDeclineSchema, headers: idempotencyHeaders },
      preHandler: requireStaff('admin'),
    },
    async (request) => decide('decline', request, request.params.id, request.body.note),
  );

  app.get(
    '/api/backoffice/payments/:id/receipt',
    { schema: { tags, params: idParams }, preHandler: requireStaff() },
    async (request, reply) => {
      const receipt = await paymentReceiptForStaff(db, currentStaff(request), request.params.id);
      // A player's document: never kept by a shared cache, never read as anything but an image.
      return reply
        .header('content-type', receipt.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline; filename="receipt.webp"')
        .send(receipt.data);
    },
  );
};
