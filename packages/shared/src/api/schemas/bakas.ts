import { z } from 'zod';
import { BET_TYPES } from '../../betTypes.ts';
import {
  BAKAS_MAX_FEE_PERCENT,
  BAKAS_MAX_SHARES,
  BAKAS_MIN_SHARES,
  BAKAS_TITLE_MAX,
  BakasMessages,
} from '../../bakas/rules.ts';
import { rowIdSchema } from '../../validation/ids.ts';

const BET_CODES = BET_TYPES.map((t) => t.code) as [string, ...string[]];
const session = {
  sessionId: z.string().max(200).optional(),
  playerId: z.union([z.number().int(), z.string().max(20)]).optional(),
};
const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/);
/** A group ticket's link code. */
export const bakasCodeSchema = z.string().regex(/^[A-Za-z0-9]{8,40}$/);

/**
 * A new group ticket (decision 056): the bet as the slip sends it (never coerced: every number a JSON integer),
 * its shares, the organiser's own shares, a title, the fee on net winnings and what happens at last call.
 */
export const bakasCreateSchema = z.strictObject({
  raceId: rowIdSchema,
  eventId: rowIdSchema,
  betType: z.enum(BET_CODES),
  selections: z
    .array(z.array(z.number().int().min(1).max(99)).min(1).max(24))
    .min(1)
    .max(7),
  amount: z.number().int().positive().max(100_000_000),
  shares: z
    .number()
    .int()
    .min(BAKAS_MIN_SHARES, BakasMessages.sharesRange)
    .max(BAKAS_MAX_SHARES, BakasMessages.sharesRange),
  organiserShares: z.number().int().min(1, BakasMessages.organiserBuysOne).max(BAKAS_MAX_SHARES),
  title: z.string().trim().min(1, BakasMessages.titleRequired).max(BAKAS_TITLE_MAX, BakasMessages.titleRequired),
  feePercent: z.number().int().min(0, BakasMessages.feeRange).max(BAKAS_MAX_FEE_PERCENT, BakasMessages.feeRange),
  shortfall: z.enum(['smaller', 'cancel']),
  idempotencyKey,
  ...session,
});
export type BakasCreateInput = z.infer<typeof bakasCreateSchema>;

/** Buying shares of a group ticket: from credit only, never bonus. */
export const bakasJoinSchema = z.strictObject({
  code: bakasCodeSchema,
  shares: z.number().int().min(1).max(BAKAS_MAX_SHARES),
  idempotencyKey,
  ...session,
});
export type BakasJoinInput = z.infer<typeof bakasJoinSchema>;

/** The organiser cancels an open group ticket: every member is refunded what they paid. */
export const bakasCancelSchema = z.strictObject({ code: bakasCodeSchema, idempotencyKey, ...session });
export type BakasCancelInput = z.infer<typeof bakasCancelSchema>;

export const bakasGetSchema = z.strictObject({ code: bakasCodeSchema, ...session });

/** A group ticket as anyone signed in sees it from its link; members by first name only. */
export const bakasGroupSchema = z.object({
  code: z.string(),
  title: z.string(),
  organiser: z.string(),
  eventId: z.number().int(),
  raceId: z.number().int(),
  betType: z.string(),
  selections: z.array(z.array(z.number().int())),
  amount: z.number().int(),
  combinations: z.number().int(),
  cost: z.number().int(),
  shares: z.number().int(),
  sharePrice: z.number().int(),
  sharesSold: z.number().int(),
  sharesLeft: z.number().int(),
  feePercent: z.number().int(),
  shortfall: z.enum(['smaller', 'cancel']),
  status: z.enum(['open', 'placed', 'cancelled', 'settled']),
  members: z.array(z.object({ firstName: z.string(), shares: z.number().int() })),
  /** The caller's own shares. */
  yourShares: z.number().int(),
});
export type BakasGroup = z.infer<typeof bakasGroupSchema>;

export const bakasGroupResponseSchema = z.object({
  statusCode: z.literal(200),
  group: bakasGroupSchema,
  /** After a purchase or a refund, the caller's credit (centavos). */
  creditBalance: z.number().int().optional(),
});
export type BakasGroupResponse = z.infer<typeof bakasGroupResponseSchema>;
