import { z } from 'zod';
import { DEPOSIT_ACCOUNT_TYPES, WITHDRAW_COMPANIES } from '../../payments/channels.ts';

/** A deposit account as the back office shows it (DepositAccountView of api/payment.ts). */
export const depositAccountViewSchema = z.object({
  id: z.number().int(),
  type: z.enum(DEPOSIT_ACCOUNT_TYPES),
  accountName: z.string(),
  accountNumber: z.string(),
  companyNumber: z.string().nullable(),
  active: z.boolean(),
  /** The account's image; null shows the built-in badge of its type. */
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A withdraw channel and its image (WithdrawChannelView of api/payment.ts); null: the built-in badge. */
export const withdrawChannelViewSchema = z.object({
  company: z.enum(WITHDRAW_COMPANIES),
  imageUrl: z.string().nullable(),
});

export const depositAccountImageResponseSchema = z.object({
  statusCode: z.literal(200),
  account: depositAccountViewSchema,
});

export const withdrawChannelListResponseSchema = z.object({
  statusCode: z.literal(200),
  /** Every withdraw channel, in the order of WITHDRAW_COMPANIES. */
  channels: z.array(withdrawChannelViewSchema),
});

export const withdrawChannelImageResponseSchema = z.object({
  statusCode: z.literal(200),
  channel: withdrawChannelViewSchema,
});
