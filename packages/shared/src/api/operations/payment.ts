import { z } from 'zod';
import { Audiences, defineOperations, pathOfOne } from '../contract.ts';
import { idParam, pageNumber } from '../params.ts';
import {
  approvalSettingsResponseSchema,
  balanceAdjustmentDecisionResponseSchema,
  balanceAdjustmentListResponseSchema,
  depositAccountListResponseSchema,
  depositAccountResponseSchema,
  depositMethodResponseSchema,
  imageExtractResponseSchema,
  paymentDecisionResponseSchema,
  paymentLimitsResponseSchema,
  paymentRequestListResponseSchema,
  paymentRequestReceiptSchema,
  transactionHistoryResponseSchema,
} from '../schemas/payment.ts';
import { dualControlRequestResponseSchema } from '../schemas/dualControl.ts';
import { approvalSettingsSchema } from '../../payments/approvals.ts';
import { ChannelImageOperations } from './channelImages.ts';
import {
  depositAccountSchema,
  imageExtractSchema,
  initiateDepositSchema,
  initiateWithdrawSchema,
  PAYMENT_REQUEST_KINDS,
  PAYMENT_STATUSES,
  paymentDecisionSchema,
  paymentDeclineSchema,
  paymentLimitsSchema,
  sessionOnlyPaymentSchema,
  transactionHistorySchema,
} from '../../validation/payment.ts';

/** Payment calls (payment/*) with the player's session. */
export const PaymentOperations = defineOperations({
  getDepositMethod: {
    method: 'POST',
    path: '/api/payment/getDepositMethod',
    audience: Audiences.player,
    summary: 'The deposit accounts chosen for this player, the withdraw channels and the payment limits',
    body: sessionOnlyPaymentSchema.optional(),
    response: depositMethodResponseSchema,
  },
  initiateDeposit: {
    method: 'POST',
    path: '/api/payment/initiateDeposit',
    audience: Audiences.player,
    summary: 'A deposit request, for staff to approve or decline (centavos)',
    body: initiateDepositSchema,
    response: paymentRequestReceiptSchema,
  },
  initiateWithdraw: {
    method: 'POST',
    path: '/api/payment/initiateWithdraw',
    audience: Audiences.player,
    summary: 'A withdrawal request: the amount leaves credit at once and returns if declined (centavos)',
    body: initiateWithdrawSchema,
    response: paymentRequestReceiptSchema,
  },
  getTransactionHistory: {
    method: 'POST',
    path: '/api/payment/getTransactionHistory',
    audience: Audiences.player,
    summary: "The player's deposits and withdrawals, newest first, by type and status",
    body: transactionHistorySchema.optional(),
    response: transactionHistoryResponseSchema,
  },
  imageExtract: {
    method: 'POST',
    path: '/api/payment/imageExtract',
    audience: Audiences.player,
    summary: "Reads a receipt image's reference number and amount, and keeps the image for the deposit (rate limited)",
    body: imageExtractSchema,
    response: imageExtractResponseSchema,
  },
});

const idParams = z.strictObject({ id: idParam });
const PAYMENTS = '/api/backoffice/payments';
const PAYMENT = `${PAYMENTS}/:id`;
const DEPOSIT_ACCOUNTS = '/api/backoffice/deposit-accounts';
const LIMITS = '/api/backoffice/payment-limits';
const APPROVAL_SETTINGS = '/api/backoffice/approval-settings';
const ADJUSTMENTS = '/api/backoffice/adjustments';
const ADJUSTMENT = `${ADJUSTMENTS}/:id`;

/**
 * The back office's payment calls: requests and their decisions (the player's agent, master agent or an
 * admin), deposit accounts and limits (admins), maker-checker settings and the adjustments that wait for a
 * second admin (decision 020). Decisions carry an Idempotency-Key header. The receipt image of a request
 * (GET /api/backoffice/payments/:id/receipt) answers the image's bytes, not JSON, so it is not one of these.
 */
export const PaymentAdminOperations = defineOperations({
  requests: {
    method: 'GET',
    path: PAYMENTS,
    audience: Audiences.anyStaff,
    summary: 'Payment requests in scope, by status and kind, a page at a time',
    querystring: z.strictObject({
      status: z.enum(PAYMENT_STATUSES).optional(),
      kind: z.enum(PAYMENT_REQUEST_KINDS).optional(),
      page: pageNumber,
    }),
    response: paymentRequestListResponseSchema,
  },
  approve: {
    method: 'POST',
    path: `${PAYMENT}/approve`,
    audience: Audiences.anyStaff,
    summary: 'Approves a payment request, or gives the first of two approvals (Idempotency-Key header)',
    params: idParams,
    body: paymentDecisionSchema,
    response: paymentDecisionResponseSchema,
  },
  decline: {
    method: 'POST',
    path: `${PAYMENT}/decline`,
    audience: Audiences.anyStaff,
    summary: 'Declines a payment request with a reason (Idempotency-Key header)',
    params: idParams,
    body: paymentDeclineSchema,
    response: paymentDecisionResponseSchema,
  },
  depositAccounts: {
    method: 'GET',
    path: DEPOSIT_ACCOUNTS,
    audience: Audiences.admins,
    summary: 'Every deposit account (admins)',
    response: depositAccountListResponseSchema,
  },
  createDepositAccount: {
    method: 'POST',
    path: DEPOSIT_ACCOUNTS,
    audience: Audiences.admins,
    summary: 'A new deposit account (admins)',
    body: depositAccountSchema,
    response: depositAccountResponseSchema,
  },
  updateDepositAccount: {
    method: 'POST',
    path: `${DEPOSIT_ACCOUNTS}/:id`,
    audience: Audiences.admins,
    summary: 'Changes a deposit account (admins)',
    params: idParams,
    body: depositAccountSchema,
    response: depositAccountResponseSchema,
  },
  limits: {
    method: 'GET',
    path: LIMITS,
    audience: Audiences.anyStaff,
    summary: 'The deposit and withdrawal limits',
    response: paymentLimitsResponseSchema,
  },
  setLimits: {
    method: 'POST',
    path: LIMITS,
    audience: Audiences.admins,
    summary: 'Proposes deposit and withdrawal limits; they apply when a second admin approves (admins)',
    body: paymentLimitsSchema,
    response: dualControlRequestResponseSchema,
  },
  approvalSettings: {
    method: 'GET',
    path: APPROVAL_SETTINGS,
    audience: Audiences.anyStaff,
    summary: 'The second-approval thresholds and the daily approval limits of each role',
    response: approvalSettingsResponseSchema,
  },
  setApprovalSettings: {
    method: 'POST',
    path: APPROVAL_SETTINGS,
    audience: Audiences.admins,
    summary: 'Proposes second-approval thresholds and daily limits; they apply when a second admin approves (admins)',
    body: approvalSettingsSchema,
    response: dualControlRequestResponseSchema,
  },
  adjustments: {
    method: 'GET',
    path: ADJUSTMENTS,
    audience: Audiences.admins,
    summary: 'Balance adjustments by status (PENDING when absent) (admins)',
    querystring: z.strictObject({ status: z.enum(PAYMENT_STATUSES).default('PENDING') }),
    response: balanceAdjustmentListResponseSchema,
  },
  approveAdjustment: {
    method: 'POST',
    path: `${ADJUSTMENT}/approve`,
    audience: Audiences.admins,
    summary: "Gives a waiting balance adjustment its second admin's approval (Idempotency-Key header)",
    params: idParams,
    body: z.strictObject({}).optional(),
    response: balanceAdjustmentDecisionResponseSchema,
  },
  declineAdjustment: {
    method: 'POST',
    path: `${ADJUSTMENT}/decline`,
    audience: Audiences.admins,
    summary: 'Declines a waiting balance adjustment with a reason (Idempotency-Key header)',
    params: idParams,
    body: paymentDeclineSchema,
    response: balanceAdjustmentDecisionResponseSchema,
  },
});

/**
 * Payment calls (payment/*, docs/product/money.md): POST JSON with the player's session, money in centavos.
 * Deposits and withdrawals are requests that staff approve or decline in the back office.
 * Built from the operations, so each path is written once.
 */
export const PaymentRoutes = {
  getDepositMethod: PaymentOperations.getDepositMethod.path, // {} -> DepositMethodResponse
  initiateDeposit: PaymentOperations.initiateDeposit.path, // InitiateDepositInput -> PaymentRequestReceipt
  initiateWithdraw: PaymentOperations.initiateWithdraw.path, // InitiateWithdrawInput -> PaymentRequestReceipt
  // TransactionHistoryInput -> TransactionHistoryResponse
  getTransactionHistory: PaymentOperations.getTransactionHistory.path,
  imageExtract: PaymentOperations.imageExtract.path, // { image: base64 } -> ImageExtractResponse
} as const;

/**
 * The back office's payment paths, for callers that call by path (tests). Built from the operations, so each
 * path is written once; the receipt image is a file route (bytes, not JSON), not an operation.
 */
export const PaymentBackofficeRoutes = {
  requests: PaymentAdminOperations.requests.path,
  approve: pathOfOne(PaymentAdminOperations.approve),
  decline: pathOfOne(PaymentAdminOperations.decline),
  receipt: (id: number) => `${PAYMENTS}/${id}/receipt`,
  depositAccounts: PaymentAdminOperations.depositAccounts.path,
  depositAccount: pathOfOne(PaymentAdminOperations.updateDepositAccount),
  depositAccountImage: pathOfOne(ChannelImageOperations.depositAccountImage),
  withdrawChannels: ChannelImageOperations.withdrawChannels.path,
  withdrawChannelImage: pathOfOne(ChannelImageOperations.withdrawChannelImage),
  limits: PaymentAdminOperations.limits.path,
} as const;

/** Approval settings and balance adjustments by path, built from their operations. */
export const ApprovalRoutes = {
  settings: PaymentAdminOperations.approvalSettings.path,
  adjustments: PaymentAdminOperations.adjustments.path,
  approveAdjustment: pathOfOne(PaymentAdminOperations.approveAdjustment),
  declineAdjustment: pathOfOne(PaymentAdminOperations.declineAdjustment),
} as const;
