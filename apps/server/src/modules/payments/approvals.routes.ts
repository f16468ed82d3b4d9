import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, PaymentAdminOperations, type BalanceAdjustmentDecisionResponse } from '@karera/shared';
import { badRequest } from '../../lib/errors.ts';
import { Idempotency, isValidIdempotencyKey } from '../../lib/idempotency.ts';
import { idParam } from '../../lib/params.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import { approvalSettings, decideAdjustment, listBalanceAdjustments } from '../wallet/index.ts';
import { paymentReceiptForStaff } from './payments.service.ts';
import { proposeApprovalSettings } from './settings-proposals.ts';

const tags = ['backoffice'];
const idParams = z.strictObject({ id: idParam });
const idempotencyHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() });

/**
 * Maker-checker settings, the second admin's decisions on stored balance adjustments, and the receipt image
 * of a payment request for the staff who decide it (decision 020).
 */
export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  const operations = PaymentAdminOperations;
  registerOperation(app, operations.approvalSettings, { tags }, async () => ({
    statusCode: 200 as const,
    ...(await approvalSettings(db)),
  }));
  registerOperation(
    app,
    operations.setApprovalSettings,
    { tags },
    // Proposed, not applied: a second, independent admin approves it on the Approvals page (decision 045).
    async (request) => proposeApprovalSettings(db, { staffId: currentStaff(request).id, ip: request.ip }, request.body),
  );

  registerOperation(app, operations.adjustments, { tags }, async (request) => ({
    statusCode: 200 as const,
    adjustments: await listBalanceAdjustments(db, request.query.status),
  }));

  const decide = async (
    decision: 'approve' | 'decline',
    request: Parameters<typeof currentStaff>[0],
    id: number,
    note: string | undefined,
  ): Promise<BalanceAdjustmentDecisionResponse> => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (!isValidIdempotencyKey(key)) throw badRequest(Idempotency.keyRequired);
    const body = await decideAdjustment(
      { db, events: app.events },
      currentStaff(request),
      id,
      decision,
      note,
      key,
      request.ip,
    );
    return { statusCode: 200, adjustment: body };
  };
  registerOperation(app, operations.approveAdjustment, { tags, headers: idempotencyHeaders }, async (request) =>
    decide('approve', request, request.params.id, undefined),
  );
  registerOperation(app, operations.declineAdjustment, { tags, headers: idempotencyHeaders }, async (request) =>
    decide('decline', request, request.params.id, request.body.note),
  );

  // Not an operation of the contract: the answer is the receipt image's bytes, not JSON.
  app.get(
    '/api/backoffice/payments/:id/receipt',
    {
      schema: { tags, summary: "A payment request's receipt image: the image bytes (not JSON)", params: idParams },
      preHandler: requireStaff(),
    },
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
