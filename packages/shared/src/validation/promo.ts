import { z } from 'zod';
import { PROMO_CODE_PATTERN, PROMO_CREDIT_TO, PROMO_KINDS, PromoMessages, UNLIMITED } from '../promos/rules.ts';

/*
 * Shapes of the promo calls. Money never arrives as text: amounts are JSON integers of centavos; unknown
 * fields are refused.
 */

const session = {
  sessionId: z.string().max(200).optional(),
  playerId: z.union([z.number().int(), z.string().max(20)]).optional(),
};

export const promoSessionSchema = z.strictObject(session);

export const promoClaimSchema = z.strictObject({
  promoCode: z.string(PromoMessages.codeRequired).max(40, PromoMessages.notFound),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'A request key (8-100 letters or digits) is required.'),
  ...session,
});
export type PromoClaimInput = z.infer<typeof promoClaimSchema>;

const centavos = (max: number) => z.number().int().min(0).max(max);
const count = z.number().int().min(0).max(UNLIMITED);

export const promoDefinitionSchema = z
  .strictObject({
    promoCode: z
      .string()
      .transform((code) => code.trim().toUpperCase())
      .pipe(z.string().regex(PROMO_CODE_PATTERN, 'Promo code: 3-20 letters, digits, - or _.')),
    name: z.string().trim().min(1, 'Name cannot be empty.').max(80),
    description: z.string().trim().min(1, 'Description cannot be empty.').max(500),
    creditTo: z.enum(PROMO_CREDIT_TO),
    kind: z.enum(PROMO_KINDS),
    rewardAmount: centavos(100_000_00),
    rateBasisPoints: z.number().int().min(0).max(10_000),
    rewardCap: centavos(100_000_00),
    /** Total claims; 999 is Unlimited. */
    remaining: count,
    perPlayerLimit: count.min(1),
    dailyDepositReq: centavos(10_000_000_00),
    accountDaysReq: z.number().int().min(0).max(3650),
    validityInHours: z
      .number()
      .int()
      .min(0)
      .max(24 * 366),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime().nullable(),
    codeOnly: z.boolean(),
  })
  .superRefine((promo, ctx) => {
    if (promo.kind === 'fixed' && promo.rewardAmount <= 0) {
      ctx.addIssue({ code: 'custom', path: ['rewardAmount'], message: 'A fixed promo needs a reward amount.' });
    }
    if (promo.kind !== 'fixed' && promo.rateBasisPoints <= 0) {
      ctx.addIssue({ code: 'custom', path: ['rateBasisPoints'], message: 'This promo needs a percentage.' });
    }
    if (promo.kind === 'rebate' && promo.creditTo !== 'BONUS') {
      ctx.addIssue({ code: 'custom', path: ['creditTo'], message: 'A rebate is paid as bonus.' });
    }
    if (promo.endsAt !== null && promo.endsAt <= promo.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must come after the start.' });
    }
  });
export type PromoDefinitionInput = z.input<typeof promoDefinitionSchema>;

export const promoActiveSchema = z.strictObject({ active: z.boolean() });
