import {
  BET_TYPES,
  fieldErrorsOf,
  formatPeso,
  isValidFinish,
  parseFinish,
  parsePesos,
  resultInputSchema,
  runnerBaseNumber,
  toteSettingInputSchema,
  ToteMessages,
  POOL_SHARE_NAMES,
  type PoolShareName,
  type PoolSummary,
  type ResultInput,
  type Runner,
  type ToteSetting,
  type ToteSettingInput,
} from '@karera/shared';

/*
 * Pure helpers of the tote screens: the finish typed or picked, official dividends typed in pesos, the
 * pool split and tax setting form, and how pool figures read. Checked with the server's own schema and messages.
 */

/** The runner numbers that ran (coupled entries share one number); scratched runners are left out. */
export function runnersThatRan(runners: readonly Runner[]): number[] {
  const numbers = new Set<number>();
  for (const runner of runners) if (runner.status === 'A') numbers.add(runnerBaseNumber(runner.runnerNo));
  return [...numbers].toSorted((a, b) => a - b);
}

/** The runner numbers already placed in a typed finish (even a half-typed one). */
export function placedRunners(text: string): Set<number> {
  return new Set(
    text
      .split(/[-=\s]+/)
      .filter((part) => /^\d{1,2}$/.test(part))
      .map(Number),
  );
}

/**
 * The finish with a picked runner added: as the next place, or in a dead heat with the last place.
 * '' + 3 -> '3'; '3' + 5 -> '3-5'; '3-5' + 7 (dead heat) -> '3-5=7'.
 */
export function appendToFinish(text: string, runner: number, deadHeat: boolean): string {
  const trimmed = text.replace(/\s+/g, '').replace(/[-=]+$/, '');
  if (trimmed === '') return String(runner);
  return `${trimmed}${deadHeat ? '=' : '-'}${runner}`;
}

/** The finish without its last runner, for the picker's undo. */
export function removeLastFromFinish(text: string): string {
  return text
    .replace(/\s+/g, '')
    .replace(/[-=]+$/, '')
    .replace(/[-=]?\d{1,2}$/, '');
}

export interface OfficialDividendDraft {
  betType: string;
  combination: string;
  /** Pesos per 1.00 as typed, e.g. '12.30'. */
  dividend: string;
}

export interface ResultDraft {
  finish: string;
  officialDividends: readonly OfficialDividendDraft[];
}

export type ResultCheck =
  | { ok: true; input: ResultInput }
  /** Field errors keyed 'finish' or 'officialDividends.<row>.<field>'. */
  | { ok: false; fieldErrors: Record<string, string> };

/**
 * The result form as the preview and confirm calls take it: the finish must use runners that ran, each
 * once; official dividends are pesos at least 1.00 in steps of 0.10, for a combination as the results
 * page writes it. The server checks again (it knows how many places the race's pools pay).
 */
export function checkResult(draft: ResultDraft, runners: readonly Runner[]): ResultCheck {
  const fieldErrors: Record<string, string> = {};
  const finish = parseFinish(draft.finish);
  if (finish === null || !isValidFinish(finish, new Set(runnersThatRan(runners)), 1)) {
    fieldErrors.finish = ToteMessages.finishInvalid;
  }
  const officialDividends = draft.officialDividends.map((row, index) => {
    const combination = row.combination.replace(/\s+/g, '').toUpperCase();
    const dividend = parsePesos(row.dividend);
    if (dividend === null || dividend < 100 || dividend % 10 !== 0) {
      fieldErrors[`officialDividends.${index}.dividend`] = ToteMessages.dividendInvalid;
    }
    return { betType: row.betType, combination, dividend: dividend ?? 0 };
  });
  const parsed = resultInputSchema.safeParse({
    finish: finish ?? [],
    ...(officialDividends.length > 0 ? { officialDividends } : {}),
  });
  if (!parsed.success) {
    for (const [key, message] of Object.entries(fieldErrorsOf(parsed.error))) {
      const field = key.startsWith('finish') || key === '_' ? 'finish' : key;
      fieldErrors[field] ??= message;
    }
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, input: parsed.data };
}

/** Basis points as a percentage: 1500 -> '15%', 1250 -> '12.5%', 1234 -> '12.34%'. */
export function formatPercent(bp: number): string {
  return `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** A typed percentage as basis points: '15' -> 1500, '12.5' -> 1250; null unless 0-100 with 2 decimals. */
export function percentToBp(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Typed whole centavos: '10' -> 10; null unless a whole number of at most 3 digits. */
export function centavosOf(text: string): number | null {
  const match = /^\d{1,3}$/.exec(text.trim());
  return match ? Number(match[0]) : null;
}

/** The share names in the order the form and the tables show them (a legacy takeout last). */
export const SHARE_ORDER = POOL_SHARE_NAMES;

export type StampTaxKind = 'none' | 'per-ticket' | 'per-peso';

export interface SettingDraft {
  betType: string;
  /** Each share in percent as typed, e.g. '8.5'; blank for no such share. */
  franchiseCommission: string;
  prizeFund: string;
  regulator: string;
  /** A single house takeout, as settings before the EO 194 split had; blank for none. */
  takeout: string;
  stampTaxKind: StampTaxKind;
  /** Centavos a ticket (per-ticket stamp tax only), as typed. */
  stampBase: string;
  /** Centavos per ₱1 or part, as typed. */
  stampPerPeso: string;
  /** Percent as typed, e.g. '10'. */
  winningsTaxRate: string;
  winningsTaxBase: 'winnings' | 'dividend';
  noWinner: string;
  multiRaceScratch: string;
  cancelledLeg: string;
  effectiveFrom: string;
}

/** Form fields a message can sit on; 'shares' is the shares together (their total, a repeated name). */
export type SettingField = keyof SettingDraft | 'shares';

export type SettingCheck =
  { ok: true; body: ToteSettingInput } | { ok: false; fieldErrors: Partial<Record<SettingField, string>> };

/** A setting as the form starts from it: rates in percent, centavos as numbers. */
export function draftOfSetting(setting: ToteSetting | undefined, betType: string, effectiveFrom: string): SettingDraft {
  const share = (name: PoolShareName) => {
    const found = setting?.shares.find((s) => s.name === name);
    return found ? formatPercent(found.rateBp).replace('%', '') : '';
  };
  const stamp = setting?.stampTax ?? null;
  return {
    betType,
    franchiseCommission: share('franchiseCommission'),
    prizeFund: share('prizeFund'),
    regulator: share('regulator'),
    takeout: share('takeout'),
    stampTaxKind: stamp ? stamp.kind : 'none',
    stampBase: stamp?.kind === 'per-ticket' ? String(stamp.baseCentavos) : '',
    stampPerPeso: stamp ? String(stamp.perPesoCentavos) : '',
    winningsTaxRate: setting ? formatPercent(setting.winningsTax.rateBp).replace('%', '') : '',
    winningsTaxBase: setting?.winningsTax.base ?? 'winnings',
    noWinner: setting?.noWinner ?? 'refund',
    multiRaceScratch: setting?.multiRaceScratch ?? 'favourite',
    cancelledLeg: setting?.cancelledLeg ?? 'refund',
    effectiveFrom,
  };
}

/**
 * The setting form, checked with the server's schema and messages: shares and the winnings tax typed in
 * percent (a blank share is no share), the stamp tax in centavos, and a date from `today` (Manila) on, as
 * the server refuses an earlier one.
 */
export function checkSetting(draft: SettingDraft, today: string): SettingCheck {
  const typedShares = SHARE_ORDER.filter((name) => draft[name].trim() !== '');
  const shares = typedShares.map((name) => ({ name, rateBp: percentToBp(draft[name]) ?? -1 }));
  const stampStep = (text: string) => centavosOf(text) ?? -1;
  const stampTax =
    draft.stampTaxKind === 'per-ticket'
      ? {
          kind: draft.stampTaxKind,
          baseCentavos: stampStep(draft.stampBase),
          perPesoCentavos: stampStep(draft.stampPerPeso),
        }
      : draft.stampTaxKind === 'per-peso'
        ? { kind: draft.stampTaxKind, perPesoCentavos: stampStep(draft.stampPerPeso) }
        : null;
  const effectiveFrom = draft.effectiveFrom.trim();
  const parsed = toteSettingInputSchema.safeParse({
    betType: draft.betType,
    shares,
    stampTax,
    winningsTax: { rateBp: percentToBp(draft.winningsTaxRate) ?? -1, base: draft.winningsTaxBase },
    noWinner: draft.noWinner,
    multiRaceScratch: draft.multiRaceScratch,
    cancelledLeg: draft.cancelledLeg,
    effectiveFrom,
  });
  const fieldErrors: Partial<Record<SettingField, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfIssue(issue.path, typedShares);
      if (field) fieldErrors[field] ??= issue.message;
    }
    // A share out of range says so itself: the total is spoken of only when each share is right.
    if (typedShares.some((name) => fieldErrors[name])) delete fieldErrors.shares;
  }
  // The server's rule too: a pool already selling keeps the rates it opened with.
  if (!fieldErrors.effectiveFrom && effectiveFrom < today) fieldErrors.effectiveFrom = ToteMessages.effectiveFromPast;
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, body: parsed.data };
}

function fieldOfIssue(path: readonly PropertyKey[], typedShares: readonly PoolShareName[]): SettingField | null {
  const [head, second, third] = path;
  if (head === 'shares') {
    const name = typeof second === 'number' && third === 'rateBp' ? typedShares[second] : undefined;
    return name ?? 'shares';
  }
  if (head === 'stampTax') return second === 'baseCentavos' ? 'stampBase' : 'stampPerPeso';
  if (head === 'winningsTax') return second === 'base' ? 'winningsTaxBase' : 'winningsTaxRate';
  const field = typeof head === 'string' ? head : '';
  return isDraftField(field) ? field : null;
}

const DRAFT_FIELDS = ['betType', 'noWinner', 'multiRaceScratch', 'cancelledLeg', 'effectiveFrom'] as const;
function isDraftField(key: string): key is (typeof DRAFT_FIELDS)[number] {
  return (DRAFT_FIELDS as readonly string[]).includes(key);
}

/** Server field errors (keyed by the API's paths) on the form's fields. */
export function settingFieldsOfServer(
  fieldErrors: Record<string, string>,
  sent: Pick<ToteSettingInput, 'shares'>,
): Partial<Record<SettingField, string>> {
  const sentShares = sent.shares.map((share) => share.name);
  const fields: Partial<Record<SettingField, string>> = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    const path = key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    // The server's share indexes are those of the body it was sent.
    const field = fieldOfIssue(path, sentShares);
    if (field) fields[field] ??= message;
  }
  return fields;
}

/**
 * The setting in force for each bet type on a Manila date: the latest effective on or before it (the
 * server's rule), in the bet-type table's order.
 */
export function settingsInForce(settings: readonly ToteSetting[], today: string): Map<string, ToteSetting> {
  const inForce = new Map<string, ToteSetting>();
  for (const type of BET_TYPES) {
    // The server lists the entered settings newest first, then the built-in defaults.
    const current = settings.find((s) => s.betType === type.code && s.effectiveFrom <= today);
    if (current) inForce.set(type.code, current);
  }
  return inForce;
}

/**
 * Pool totals must satisfy stakes + carry in + minus pool = payouts + bonus stake retained + winnings tax +
 * refunds + takeout (the shares and the stamp tax) + carry out + breakage, with no breakage below zero.
 */
export function poolBalances(
  pool: Pick<
    PoolSummary,
    | 'stakes'
    | 'carryIn'
    | 'payouts'
    | 'bonusRetained'
    | 'winningsTax'
    | 'refunds'
    | 'takeout'
    | 'carryOut'
    | 'breakage'
    | 'minusPool'
  >,
): boolean {
  return (
    pool.breakage >= 0 &&
    pool.stakes + pool.carryIn + pool.minusPool ===
      pool.payouts + pool.bonusRetained + pool.winningsTax + pool.refunds + pool.takeout + pool.carryOut + pool.breakage
  );
}

/** The shares and the stamp tax make up the takeout: what leaves the gross before dividends. */
export function takeoutAddsUp(pool: Pick<PoolSummary, 'takeout' | 'shares' | 'stampTax'>): boolean {
  return pool.shares.reduce((sum, share) => sum + share.amount, 0) + pool.stampTax === pool.takeout;
}

/** What a pool sold: the tickets' stakes less what was refunded (what the shares are rates of). */
export function grossSalesOf(pool: Pick<PoolSummary, 'stakes' | 'refunds'>): number {
  return pool.stakes - pool.refunds;
}

/** Shares in the order the settings name them (franchise commission, prize fund, regulator, takeout). */
export function sortedShares<Share extends { name: PoolShareName }>(shares: readonly Share[]): Share[] {
  return shares.toSorted((a, b) => SHARE_ORDER.indexOf(a.name) - SHARE_ORDER.indexOf(b.name));
}

/** Each share's amount over a race's pools, for the report's totals, in the settings' order. */
export function shareTotals(pools: readonly Pick<PoolSummary, 'shares'>[]): { name: PoolShareName; amount: number }[] {
  const totals = new Map<PoolShareName, number>();
  for (const pool of pools) {
    for (const share of pool.shares) totals.set(share.name, (totals.get(share.name) ?? 0) + share.amount);
  }
  return sortedShares([...totals].map(([name, amount]) => ({ name, amount })));
}

/** A dividend for 1.00 in centavos, as the results page writes it ('12.30'); '--' when none. */
export function formatDividend(dividend: number | null): string {
  return dividend === null ? '--' : formatPeso(dividend).replace('₱', '');
}
