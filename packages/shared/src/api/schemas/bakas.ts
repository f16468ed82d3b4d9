import { z } from 'zod';
import {
  BAKAS_MAX_FEE_PERCENT,
  BAKAS_MAX_SHARES,
  BAKAS_MIN_SHARES,
  BAKAS_TITLE_MAX,
  BakasMessages,
} from '../../bakas/rules.ts';
import { lazySchema } from '../../validation/lazySchema.ts';
import { betSlipFields } from '../betting.ts';

const session = {
  sessionId: lazySchema(() => z.string().max(200).optional()),
  playerId: lazySchema(() => z.union([z.number().int(), z.string().max(20)]).optional()),
};
const idempotencyKey = lazySchema(() => z.string().regex(/^[A-Za-z0-9_-]{8,100}$/));
/** A group ticket's link code. */
export const bakasCodeSchema = lazySchema(() => z.string().regex(/^[A-Za-z0-9]{8,40}$/));

/**
 * A new group ticket (decision 056): the bet as the slip sends it (never coerced: every number a JSON integer),
 * its shares, the organiser's own shares, a title, the fee on net winnings and what happens at last call.
 */
export const bakasCreateSchema = lazySchema(() =>
  z.strictObject({
    ...betSlipFields(),
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
  }),
);
export type BakasCreateInput = z.infer<typeof bakasCreateSchema>;

/** Buying shares of a group ticket: from credit only, never bonus. */
export const bakasJoinSchema = lazySchema(() =>
  z.strictObject({
    code: bakasCodeSchema,
    shares: z.number().int().min(1).max(BAKAS_MAX_SHARES),
    idempotencyKey,
    ...session,
  }),
);
export type BakasJoinInput = z.infer<typeof bakasJoinSchema>;

/** The organiser cancels an open group ticket: every member is refunded what they paid. */
export const bakasCancelSchema = lazySchema(() =>
  z.strictObject({ code: bakasCodeSchema, idempotencyKey, ...session }),
);
export type BakasCancelInput = z.infer<typeof bakasCancelSchema>;

export const bakasGetSchema = lazySchema(() => z.strictObject({ code: bakasCodeSchema, ...session }));

/** The organiser places an open group ticket now, with the shares sold so far (decision 056). */
export const bakasPlaceSchema = lazySchema(() => z.strictObject({ code: bakasCodeSchema, idempotencyKey, ...session }));
export type BakasPlaceInput = z.infer<typeof bakasPlaceSchema>;

export const BAKAS_STATUSES = ['open', 'placed', 'cancelled', 'settled'] as const;
export type BakasStatus = (typeof BAKAS_STATUSES)[number];

/**
 * The ticket a group placed: as it entered the pool (cut smaller when not every share sold, by `cutToMoney`),
 * its serial and its status as any ticket's.
 */
export const bakasPlacedTicketSchema = lazySchema(() =>
  z.object({
    ticketNo: z.string(),
    selections: z.array(z.array(z.number().int())),
    combinations: z.number().int(),
    /** What the placed ticket cost: the group's cost, or less when placed smaller. */
    cost: z.number().int(),
    /** Placed smaller than created (fewer runners, same base amount). */
    cut: z.boolean(),
    /** Money sold that the placed ticket did not use, refunded to the members by shares at placing. */
    unusedRefunded: z.number().int(),
    placedAt: z.string(),
    status: z.enum(['open', 'won', 'lost', 'refunded']),
  }),
);
export type BakasPlacedTicket = z.infer<typeof bakasPlacedTicketSchema>;

/** What a settled group ticket received and how it was passed on. */
export const bakasSettlementSchema = lazySchema(() =>
  z.object({
    /** What the group received from the pool: winnings after the tax withheld (decision 049), or a refund. */
    received: z.number().int(),
    /** The tax withheld from the ticket's winnings before the group received them. */
    winningsTax: z.number().int(),
    /** The organiser's fee on net winnings (0 on a loss or a refund). */
    fee: z.number().int(),
    refunded: z.boolean(),
    settledAt: z.string(),
  }),
);
export type BakasSettlement = z.infer<typeof bakasSettlementSchema>;

/** One member as the link shows them: first name, shares, and their money once the ticket ran. */
export const bakasMemberSchema = lazySchema(() =>
  z.object({
    firstName: z.string(),
    shares: z.number().int(),
    /** What the member paid (shares x share price). */
    paid: z.number().int(),
    /** What came back before the ticket ran: a cancellation, or their part of the money a smaller ticket did not use. */
    refunded: z.number().int(),
    /** What rode on the placed ticket: paid less refunded. */
    stake: z.number().int(),
    /** Their part of what the ticket paid (fee included for the organiser); null until it settles. */
    payout: z.number().int().nullable(),
  }),
);
export type BakasMember = z.infer<typeof bakasMemberSchema>;

/** A group ticket as anyone signed in sees it from its link; members by first name only. */
export const bakasGroupSchema = lazySchema(() =>
  z.object({
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
    status: z.enum(BAKAS_STATUSES),
    members: z.array(bakasMemberSchema),
    /** The caller's own shares. */
    yourShares: z.number().int(),
    /** The caller's own money in it (0 / null when they hold no share). */
    yourStake: z.number().int(),
    yourPayout: z.number().int().nullable(),
    /** Whether the caller is the organiser (who may place or cancel while open). */
    isOrganiser: z.boolean(),
    /** The first (or only) race's post time: betting closes then and the group is placed or cancelled. */
    closesAt: z.string().nullable(),
    raceNo: z.number().int(),
    eventName: z.string(),
    createdAt: z.string(),
    /** Null while open or once cancelled. */
    ticket: bakasPlacedTicketSchema.nullable(),
    /** Null until the ticket settles. */
    settlement: bakasSettlementSchema.nullable(),
  }),
);
export type BakasGroup = z.infer<typeof bakasGroupSchema>;

export const bakasGroupResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    group: bakasGroupSchema,
    /** After a purchase or a refund, the caller's credit (centavos). */
    creditBalance: z.number().int().optional(),
  }),
);
export type BakasGroupResponse = z.infer<typeof bakasGroupResponseSchema>;

/** The caller's group tickets (every share they bought), newest first. */
export const bakasMineSchema = lazySchema(() => z.strictObject({ ...session }));
export const bakasMineResponseSchema = lazySchema(() =>
  z.object({ statusCode: z.literal(200), groups: z.array(bakasGroupSchema) }),
);
export type BakasMineResponse = z.infer<typeof bakasMineResponseSchema>;

/**
 * A member's part of a group ticket, carried on the group's ticket in that member's bet history (and so in the
 * still-alive view): the ticket's own fields are the whole ticket's; these are the member's.
 */
export const bakasShareOfTicketSchema = lazySchema(() =>
  z.object({
    code: z.string(),
    title: z.string(),
    organiser: z.string(),
    shares: z.number().int(),
    totalShares: z.number().int(),
    /** What rode for this member. */
    stake: z.number().int(),
    /** This member's part of what the ticket paid; null until it settles. */
    payout: z.number().int().nullable(),
    /** The organiser's fee inside `payout` (the organiser only). */
    fee: z.number().int(),
  }),
);
export type BakasShareOfTicket = z.infer<typeof bakasShareOfTicketSchema>;

/** A group ticket for staff: every member with their player id and full money, the organiser's id. */
export const bakasStaffGroupSchema = lazySchema(() =>
  bakasGroupSchema.extend({
    organiserId: z.number().int(),
    status: z.enum(BAKAS_STATUSES),
    staffMembers: z.array(
      bakasMemberSchema.extend({ playerId: z.number().int(), mobile: z.string(), lastName: z.string() }),
    ),
  }),
);
export type BakasStaffGroup = z.infer<typeof bakasStaffGroupSchema>;
export const bakasStaffGroupsResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    groups: z.array(bakasStaffGroupSchema),
  }),
);
export type BakasStaffGroupsResponse = z.infer<typeof bakasStaffGroupsResponseSchema>;
