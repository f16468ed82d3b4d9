import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  PaymentAdminOperations,
  PaymentMessages,
  PaymentOperations,
  type PaymentDecisionResponse,
} from '@karera/shared';
import { AppError, badRequest } from '../../lib/errors.ts';
import { Idempotency, isValidIdempotencyKey } from '../../lib/idempotency.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import { currentOwnPlayer, currentPlayer } from '../sessions/index.ts';
import { currentStaff } from '../staff/index.ts';
import { channelImageRoutes } from './channel-images.routes.ts';
import { approvalRoutes } from './approvals.routes.ts';
import { createDepositAccount, listDepositAccounts, updateDepositAccount } from './deposit-accounts.ts';
import { paymentLimits } from './payment-settings.ts';
import { proposePaymentLimits } from './settings-proposals.ts';
import {
  decidePayment,
  depositMethod,
  initiateDeposit,
  initiateWithdraw,
  listPaymentRequests,
  storeReceipt,
  transactionHistory,
  type PaymentDecision,
} from './payments.service.ts';
import { createReceiptReader, decodeReceiptImage, normaliseReceiptImage, receiptImageForStaff } from './receipt-ocr.ts';

const PAGE_SIZE = 25;
/** A 4 MB image grows by a third in base64. */
const RECEIPT_BODY_LIMIT = 6 * 1024 * 1024;

const idempotencyHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() });

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const receipts = createReceiptReader({ log: app.log.child({ module: 'receipt-ocr' }) });
  await app.register(channelImageRoutes);
  await app.register(approvalRoutes);
  app.addHook('onClose', () => receipts.close());

  const playerTags = ['payment'];
  const player = PaymentOperations;
  registerOperation(app, player.getDepositMethod, { tags: playerTags }, async (request) =>
    depositMethod(db, currentPlayer(request).playerId),
  );
  registerOperation(app, player.initiateDeposit, { tags: playerTags }, async (request) =>
    initiateDeposit(db, currentOwnPlayer(request).playerId, request.body, app.hooks),
  );
  registerOperation(app, player.initiateWithdraw, { tags: playerTags }, async (request) =>
    initiateWithdraw(db, currentOwnPlayer(request).playerId, request.body, app.hooks),
  );
  registerOperation(app, player.getTransactionHistory, { tags: playerTags }, async (request) => ({
    statusCode: 200 as const,
    creditHistory: await transactionHistory(db, currentPlayer(request).playerId, request.body ?? {}),
  }));
  registerOperation(
    app,
    player.imageExtract,
    {
      tags: playerTags,
      bodyLimit: RECEIPT_BODY_LIMIT, // OCR costs about half a second of CPU: a player gets a few per minute, not a flood.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      // Header checks first (cheap), then a full decode by sharp: a damaged image is a 400 here, and the
      // OCR worker only ever sees the PNG that sharp encoded from the decoded pixels.
      const bytes = decodeReceiptImage(request.body.image);
      const image = await normaliseReceiptImage(bytes);
      try {
        const fields = await receipts.read(image);
        // Kept for the deposit it is sent with: the approving staff member sees the receipt (decision 020).
        const receiptId = await storeReceipt(
          db,
          currentPlayer(request).playerId,
          await receiptImageForStaff(bytes),
          fields,
        );
        return { statusCode: 200 as const, ...fields, receiptId };
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.warn({ err: error }, 'receipt OCR failed');
        throw badRequest(PaymentMessages.receiptUnreadable);
      }
    },
  );

  // Back office: verification by the player's agent, master agent or an admin.
  const tags = ['backoffice'];
  const staff = PaymentAdminOperations;
  registerOperation(app, staff.requests, { tags }, async (request) => {
    const { page, status, kind } = request.query;
    const result = await listPaymentRequests(db, currentStaff(request), {
      status,
      kind,
      page,
      pageSize: PAGE_SIZE,
    });
    return { statusCode: 200 as const, ...result, page, pageSize: PAGE_SIZE };
  });

  const decide = async (
    decision: PaymentDecision,
    staffRequest: Parameters<typeof currentStaff>[0],
    id: number,
    note: string | undefined,
  ): Promise<PaymentDecisionResponse> => {
    const key = staffRequest.headers[IDEMPOTENCY_KEY_HEADER];
    if (!isValidIdempotencyKey(key)) throw badRequest(Idempotency.keyRequired);
    const view = await decidePayment(
      { db, hooks: app.hooks, events: app.events },
      currentStaff(staffRequest),
      id,
      decision,
      note,
      key,
      staffRequest.ip,
    );
    return { statusCode: 200, request: view };
  };
  registerOperation(app, staff.approve, { tags, headers: idempotencyHeaders }, async (request) =>
    decide('approve', request, request.params.id, request.body.note),
  );
  registerOperation(app, staff.decline, { tags, headers: idempotencyHeaders }, async (request) =>
    decide('decline', request, request.params.id, request.body.note),
  );

  registerOperation(app, staff.depositAccounts, { tags }, async () => ({
    statusCode: 200 as const,
    accounts: await listDepositAccounts(db),
  }));
  registerOperation(app, staff.createDepositAccount, { tags }, async (request) => ({
    statusCode: 200 as const,
    account: await createDepositAccount(db, currentStaff(request), request.body, request.ip),
  }));
  registerOperation(app, staff.updateDepositAccount, { tags }, async (request) => ({
    statusCode: 200 as const,
    account: await updateDepositAccount(db, currentStaff(request), request.params.id, request.body, request.ip),
  }));
  registerOperation(app, staff.limits, { tags }, async () => ({
    statusCode: 200 as const,
    ...(await paymentLimits(db)),
  }));
  registerOperation(app, staff.setLimits, { tags }, async (request) =>
    // Proposed, not applied: a second, independent admin approves it (decision 045).
    proposePaymentLimits(db, { staffId: currentStaff(request).id, ip: request.ip }, request.body),
  );
};
