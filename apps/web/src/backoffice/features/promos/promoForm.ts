import {
  formatPeso,
  parsePesos,
  PROMO_CREDIT_TO,
  PROMO_KINDS,
  promoDefinitionSchema,
  type BackofficePromo,
  type PromoCreditTo,
  type PromoDefinitionInput,
  type PromoKind,
} from '@karera/shared';
import { isoToManilaLocal, manilaLocalToIso } from '../../lib/manilaLocal.ts';

/*
 * The promo definition form of the back office (admin): what an admin types (pesos, percentages, Manila
 * date-times) and what the server takes (promoDefinitionSchema: integer centavos, basis points, ISO
 * instants). Checked with the server's own schema before sending. Pure, so it is unit tested.
 */

export { isoToManilaLocal, manilaLocalToIso };

/**
 * What the back office says of a promo: live, paused, or saved not live while its going live waits for a
 * second admin (decision 045), when players cannot claim it and there is nothing to resume.
 */
export type PromoState = 'active' | 'paused' | 'awaitingApproval';

export function promoState(promo: Pick<BackofficePromo, 'active' | 'awaitingApproval'>): PromoState {
  if (promo.active) return 'active';
  return promo.awaitingApproval ? 'awaitingApproval' : 'paused';
}

/** Basis points as a percentage without trailing zeros: 500 → '5', 250 → '2.5', 1234 → '12.34'. */
export function percentText(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const rest = Math.abs(basisPoints % 100);
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** A typed percentage ('5', '2.5', '12.34 %') in basis points, without floating point; null if it is not one. */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/\s*%$/, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Centavos as the text of a pesos input: '100.00'; '' for none. */
export function pesosInputText(amount: number): string {
  return amount > 0 ? (amount / 100).toFixed(2) : '';
}

export interface PromoDraft {
  promoCode: string;
  name: string;
  description: string;
  creditTo: PromoCreditTo;
  kind: PromoKind;
  /** Pesos, as typed. */
  rewardPesos: string;
  /** Percent, as typed. */
  ratePercent: string;
  /** Pesos, as typed; empty for no cap. */
  capPesos: string;
  remaining: string;
  perPlayerLimit: string;
  /** Pesos, as typed; empty for none. */
  dailyDepositPesos: string;
  accountDaysReq: string;
  validityInHours: string;
  /** Manila wall time, as the datetime-local input holds it. */
  startsLocal: string;
  /** Manila wall time; empty for no end. */
  endsLocal: string;
  codeOnly: boolean;
}

/** The schema's field names: the server's fieldErrors use them too. */
export type PromoField = keyof PromoDefinitionInput;

export const PROMO_FIELDS: readonly PromoField[] = [
  'promoCode',
  'name',
  'description',
  'creditTo',
  'kind',
  'rewardAmount',
  'rateBasisPoints',
  'rewardCap',
  'remaining',
  'perPlayerLimit',
  'dailyDepositReq',
  'accountDaysReq',
  'validityInHours',
  'startsAt',
  'endsAt',
  'codeOnly',
];

/** Which amount fields a kind uses: a fixed reward; a percentage (capped for deposits). */
export function kindFields(kind: PromoKind): { reward: boolean; rate: boolean; cap: boolean } {
  return { reward: kind === 'fixed', rate: kind !== 'fixed', cap: kind === 'depositPercent' };
}

/** A new promo: a fixed bonus, once per player, Unlimited in total, starting now (Manila). */
export function newPromoDraft(now: Date = new Date()): PromoDraft {
  return {
    promoCode: '',
    name: '',
    description: '',
    creditTo: 'BONUS',
    kind: 'fixed',
    rewardPesos: '',
    ratePercent: '',
    capPesos: '',
    remaining: '999',
    perPlayerLimit: '1',
    dailyDepositPesos: '',
    accountDaysReq: '0',
    validityInHours: '0',
    startsLocal: isoToManilaLocal(now.toISOString()),
    endsLocal: '',
    codeOnly: false,
  };
}

export function promoDraftOf(promo: BackofficePromo): PromoDraft {
  return {
    promoCode: promo.promoCode,
    name: promo.name,
    description: promo.description,
    creditTo: promo.creditTo,
    kind: promo.kind,
    rewardPesos: pesosInputText(promo.rewardAmount),
    ratePercent: promo.rateBasisPoints > 0 ? percentText(promo.rateBasisPoints) : '',
    capPesos: pesosInputText(promo.rewardCap),
    remaining: String(promo.remaining),
    perPlayerLimit: String(promo.perPlayerLimit),
    dailyDepositPesos: pesosInputText(promo.dailyDepositReq),
    accountDaysReq: String(promo.accountDaysReq),
    validityInHours: String(promo.validityInHours),
    startsLocal: isoToManilaLocal(promo.startsAt),
    endsLocal: promo.endsAt === null ? '' : isoToManilaLocal(promo.endsAt),
    codeOnly: promo.codeOnly,
  };
}

export function creditToOf(value: string): PromoCreditTo {
  return PROMO_CREDIT_TO.find((option) => option === value) ?? 'BONUS';
}

export function kindOf(value: string): PromoKind {
  return PROMO_KINDS.find((option) => option === value) ?? 'fixed';
}

/** A kind change: a rebate is always paid as bonus (the schema refuses anything else). */
export function withKind(draft: PromoDraft, kind: PromoKind): PromoDraft {
  return { ...draft, kind, creditTo: kind === 'rebate' ? 'BONUS' : draft.creditTo };
}

/** The form's own messages (texts in promosEn form.messages); the schema's (shared) texts are passed on as they are. */
export type PromoFormMessageKey = 'pesos' | 'percent' | 'wholeNumber' | 'dateTime';

/** A message beside a field: one of the form's own (with values), or a text from the schema or the server. */
export type FieldMessage =
  { key: PromoFormMessageKey } | { key: 'atMost' | 'atLeast'; limit: string } | { text: string };

export type PromoCheck =
  { ok: true; body: PromoDefinitionInput } | { ok: false; fieldErrors: Partial<Record<PromoField, FieldMessage>> };

type Unit = 'pesos' | 'percent' | 'count';
const UNITS: Partial<Record<PromoField, Unit>> = {
  rewardAmount: 'pesos',
  rewardCap: 'pesos',
  dailyDepositReq: 'pesos',
  rateBasisPoints: 'percent',
  remaining: 'count',
  perPlayerLimit: 'count',
  accountDaysReq: 'count',
  validityInHours: 'count',
};

function limitText(field: PromoField, value: number): string {
  const unit = UNITS[field];
  if (unit === 'pesos') return formatPeso(value);
  if (unit === 'percent') return `${percentText(value)}%`;
  return String(value);
}

function isPromoField(value: unknown): value is PromoField {
  return typeof value === 'string' && (PROMO_FIELDS as readonly string[]).includes(value);
}

/**
 * The body to send, or a message beside each field: amounts typed in pesos become centavos, the
 * percentage basis points, the Manila date-times ISO instants; then the shared schema decides. Amounts a
 * kind does not use are sent as 0.
 */
export function checkPromo(draft: PromoDraft): PromoCheck {
  const errors: Partial<Record<PromoField, FieldMessage>> = {};
  const uses = kindFields(draft.kind);

  const pesos = (field: PromoField, text: string, used: boolean): number => {
    if (!used || text.trim() === '') return 0;
    const value = parsePesos(text);
    if (value === null || value < 0) {
      errors[field] = { key: 'pesos' };
      return 0;
    }
    return value;
  };
  const whole = (field: PromoField, text: string): number => {
    if (!/^\d{1,9}$/.test(text.trim())) {
      errors[field] = { key: 'wholeNumber' };
      return 0;
    }
    return Number(text.trim());
  };
  let rateBasisPoints = 0;
  if (uses.rate && draft.ratePercent.trim() !== '') {
    const parsed = parsePercent(draft.ratePercent);
    if (parsed === null) errors.rateBasisPoints = { key: 'percent' };
    else rateBasisPoints = parsed;
  }
  const startsAt = manilaLocalToIso(draft.startsLocal);
  if (startsAt === null) errors.startsAt = { key: 'dateTime' };
  const endsAt = draft.endsLocal.trim() === '' ? null : manilaLocalToIso(draft.endsLocal);
  if (endsAt === null && draft.endsLocal.trim() !== '') errors.endsAt = { key: 'dateTime' };

  const input: PromoDefinitionInput = {
    promoCode: draft.promoCode,
    name: draft.name,
    description: draft.description,
    creditTo: draft.creditTo,
    kind: draft.kind,
    rewardAmount: pesos('rewardAmount', draft.rewardPesos, uses.reward),
    rateBasisPoints,
    rewardCap: pesos('rewardCap', draft.capPesos, uses.cap),
    remaining: whole('remaining', draft.remaining),
    perPlayerLimit: whole('perPlayerLimit', draft.perPlayerLimit),
    dailyDepositReq: pesos('dailyDepositReq', draft.dailyDepositPesos, true),
    accountDaysReq: whole('accountDaysReq', draft.accountDaysReq),
    validityInHours: whole('validityInHours', draft.validityInHours),
    startsAt: startsAt ?? '',
    endsAt,
    codeOnly: draft.codeOnly,
  };

  const result = promoDefinitionSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (!isPromoField(field) || errors[field]) continue;
      if (issue.code === 'too_big' && typeof issue.maximum === 'number') {
        errors[field] = { key: 'atMost', limit: limitText(field, issue.maximum) };
      } else if (issue.code === 'too_small' && typeof issue.minimum === 'number' && UNITS[field]) {
        errors[field] = { key: 'atLeast', limit: limitText(field, issue.minimum) };
      } else {
        errors[field] = { text: issue.message };
      }
    }
  }
  if (Object.keys(errors).length > 0 || !result.success) return { ok: false, fieldErrors: errors };
  // The schema's output (the code trimmed and uppercase), in the input's shape the server takes.
  return { ok: true, body: { ...input, ...result.data } };
}

/** Server field errors (by schema field name) as field messages; others are left for the form's banner. */
export function serverFieldMessages(fieldErrors: Record<string, string>): Partial<Record<PromoField, FieldMessage>> {
  const result: Partial<Record<PromoField, FieldMessage>> = {};
  for (const [path, text] of Object.entries(fieldErrors)) {
    const field = path.split('.')[0];
    if (isPromoField(field)) result[field] ??= { text };
  }
  return result;
}
