import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  depositAccountSchema,
  IDEMPOTENCY_KEY_HEADER,
  imageExtractSchema,
  initiateDepositSchema,
  initiateWithdrawSchema,
  PAYMENT_REQUEST_KINDS,
  PAYMENT_STATUSES,
  paymentDecisionSchema,
  paymentDeclineSchema,
  paymentLimitsSchema,
  PaymentBackofficeRoutes,
  PaymentMessages,
  PaymentRoutes,
  sessionOnlyPaymentSchema,
  transactionHistorySchema,
  type DepositAccountListResponse,
  type ImageExtractResponse,
  type PaymentDecisionResponse,
  type PaymentLimitsResponse,
  type PaymentRequestListResponse,
  type TransactionHistoryResponse,
} from '@karera/shared';
import { AppError, badRequest } from '../../lib/errors.ts';
import { Idempotency, isValidIdempotencyKey } from '../../lib/idempotency.ts';
import { idParam, pageNumber } from '../../lib/params.ts';
import { currentOwnPlayer, currentPlayer, requirePlayer } from '../../plugins/player-auth.ts';
import { currentStaff, requireStaff } from '../../plugins/staff-auth.ts';
import { channelImageRoutes } from './channel-images.routes.ts';
import { approvalRoutes } from './approvals.routes.ts';
import { createDepositAccount, listDepositAccounts, updateDepositAccount } from './deposit-accounts.ts';
import { paymentLimits, setPaymentLimits } from './payment-settings.ts';
import {
  decidePaymentRequest,
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

const idParams = z.strictObject({
  id: idParam,
});
const requestQuery = z.strictObject({
  status: z.enum(PAYMENT_STATUSES).optional(),
  kind: z.enum(PAYMENT_REQUEST_KINDS).optional(),
  page: pageNumber,
});
const idempotencyHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() });

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const receipts = createReceiptReader({ log: app.log.child({ module: 'receipt-ocr' }) });
  await app.register(channelImageRoutes);
  await app.register(approvalRoutes);
  app.addHook('onClose', () => receipts.close());

  const playerTags = ['payment'];
  app.post(
    PaymentRoutes.getDepositMethod,
    { schema: { tags: playerTags, body: sessionOnlyPaymentSchema.optional() }, preValidation: requirePlayer },
    async (request) => depositMethod(db, currentPlayer(request).playerId),
  );
  app.post(
    PaymentRoutes.initiateDeposit,
    { schema: { tags: playerTags, body: initiateDepositSchema }, preValidation: requirePlayer },
    async (request) => initiateDeposit(db, currentOwnPlayer(request).playerId, request.body),
  );
  app.post(
    PaymentRoutes.initiateWithdraw,
    { schema: { tags: playerTags, body: initiateWithdrawSchema }, preValidation: requirePlayer },
    async (request) => initiateWithdraw(db, currentOwnPlayer(request).playerId, request.body),
  );
  app.post(
    PaymentRoutes.getTransactionHistory,
    { schema: { tags: playerTags, body: transactionHistorySchema.optional() }, preValidation: requirePlayer },
    async (request): Promise<TransactionHistoryResponse> => ({
      statusCode: 200,
      creditHistory: await transactionHistory(db, currentPlayer(request).playerId, request.body ?? {}),
    }),
  );
  app.post(
    PaymentRoutes.imageExtract,
    {
      schema: { tags: playerTags, body: imageExtractSchema },
      preValidation: requirePlayer,
      bodyLimit: RECEIPT_BODY_LIMIT,
      // OCR costs about half a second of CPU: a player gets a few per minute, not a flood.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request): Promise<ImageExtractResponse> => {
      // Header checks first (cheap), then a full decode by sharp: a damaged image is a 400 here, and the
      // OCR worker only ever sees the PNG that sharp encoded from the decoded pixels.
      const bytes = decodeReceiptImage(request.body.image);
      const image = await normaliseReceiptImage(bytes);
      try {
        const fields = await receipts.read(image);
        // Kept for the deposit it is sent with: the approving staff member sees the receipt (decision 020).
        const receiptId = await storeReceipt(db, currentPlayer(request).playerId, await receiptImageForStaff(bytes));
        return { statusCode: 200, ...fields, receiptId };
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.warn({ err: error }, 'receipt OCR failed');
        throw badRequest(PaymentMessages.receiptUnreadable);
      }
    },
  );

  // Back office: verification by the player's agent, master agent or an admin.
  const tags = ['backoffice'];
  app.get(
    PaymentBackofficeRoutes.requests,
    { schema: { tags, querystring: requestQuery }, preHandler: requireStaff() },
    async (request): Promise<PaymentRequestListResponse> => {
      const { page, status, kind } = request.query;
      const result = await listPaymentRequests(db, currentStaff(request), {
        status,
        kind,
        page,
        pageSize: PAGE_SIZE,
      });
      return { statusCode: 200, ...result, page, pageSize: PAGE_SIZE };
    },
  );

  const decide = async (
    decision: PaymentDecision,
    staffRequest: Parameters<typeof currentStaff>[0],
    id: number,
    note: string | undefined,
  ): Promise<PaymentDecisionResponse> => {
    const key = staffRequest.headers[IDEMPOTENCY_KEY_HEADER];
    if (!isValidIdempotencyKey(key)) throw badRequest(Idempotency.keyRequired);
    const result = await decidePaymentRequest(db, currentStaff(staffRequest), id, decision, note, key, staffRequest.ip);
    // After the commit: the player's open pages refresh their balance. A lost notice costs a stale header, not money.
    // A first approval of two (decision 020) moves no money: the player hears once it is decided.
    if (!result.replayed && result.view.status !== 'PENDING') {
      void app.events.emit('payment.decided', {
        playerId: result.playerId,
        requestId: id,
        kind: result.view.kind,
        approved: decision === 'approve',
      });
      void app.events.emit('wallet.changed', { playerId: result.playerId, cause: 'payment' });
    }
    return { statusCode: 200, request: result.view };
  };
  app.post(
    '/api/backoffice/payments/:id/approve',
    {
      schema: { tags, params: idParams, body: paymentDecisionSchema, headers: idempotencyHeaders },
      preHandler: requireStaff(),
    },
    async (request) => decide('approve', request, request.params.id, request.body.note),
  );
  app.post(
    '/api/backoffice/payments/:id/decline',
    {
      schema: { tags, params: idParams, body: paymentDeclineSchema, headers: idempotencyHeaders },
      preHandler: requireStaff(),
    },
    async (request) => decide('decline', request, request.params.id, request.body.note),
  );

  app.get(
    PaymentBackofficeRoutes.depositAccounts,
    { schema: { tags }, preHandler: requireStaff('admin') },
    async (): Promise<DepositAccountListResponse> => ({ statusCode: 200, accounts: await listDepositAccounts(db) }),
  );
  app.post(
    PaymentBackofficeRoutes.depositAccounts,
    { schema: { tags, body: depositAccountSchema }, preHandler: requireStaff('admin') },
    async (request) => ({
      statusCode: 200 as const,
      account: await createDepositAccount(db, currentStaff(request), request.body, request.ip),
    }),
  );
  app.post(
    '/api/backoffice/deposit-accounts/:id',
    { schema: { tags, params: idParams, body: depositAccountSchema }, preHandler: requireStaff('admin') },
    async (request) => ({
      statusCode: 200 as const,
      account: await updateDepositAccount(db, currentStaff(request), request.params.id, request.body, request.ip),
    }),
  );
  app.get(
    PaymentBackofficeRoutes.limits,
    { schema: { tags }, preHandler: requireStaff() },
    async (): Promise<PaymentLimitsResponse> => ({ statusCode: 200, ...(await paymentLimits(db)) }),
  );
  app.post(
    PaymentBackofficeRoutes.limits,
    { schema: { tags, body: paymentLimitsSchema }, preHandler: requireStaff('admin') },
    async (request) => setPaymentLimits(db, currentStaff(request), request.body, request.ip),
  );
};
