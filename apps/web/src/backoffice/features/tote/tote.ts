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
  type PoolSummary,
  type ResultInput,
  type Runner,
  type ToteSetting,
  type ToteSettingInput,
} from '@karera/shared';

/*
 * Pure helpers of the tote screens: the finish typed or picked, official dividends typed in pesos, the
 * takeout setting form, and how pool figures read. Checked with the server's own schema and messages.
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
export function formatTakeout(bp: number): string {
  return `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** A typed percentage as basis points: '15' -> 1500, '12.5' -> 1250; null unless 0-100 with 2 decimals. */
export function percentToBp(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export interface SettingDraft {
  betType: string;
  /** Percent as typed, e.g. '15'. */
  takeout: string;
  noWinner: string;
  multiRaceScratch: string;
  cancelledLeg: string;
  effectiveFrom: string;
}

export type SettingCheck =
  { ok: true; body: ToteSettingInput } | { ok: false; fieldErrors: Partial<Record<keyof SettingDraft, string>> };

/** The takeout setting form, checked with the server's schema; the takeout is typed in percent. */
export function checkSetting(draft: SettingDraft): SettingCheck {
  const takeoutBp = percentToBp(draft.takeout);
  const parsed = toteSettingInputSchema.safeParse({
    betType: draft.betType,
    takeoutBp: takeoutBp ?? -1,
    noWinner: draft.noWinner,
    multiRaceScratch: draft.multiRaceScratch,
    cancelledLeg: draft.cancelledLeg,
    effectiveFrom: draft.effectiveFrom.trim(),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const fieldErrors: Partial<Record<keyof SettingDraft, string>> = {};
  for (const [key, message] of Object.entries(fieldErrorsOf(parsed.error))) {
    const field = key === 'takeoutBp' ? 'takeout' : key;
    if (isDraftField(field)) fieldErrors[field] ??= message;
  }
  return { ok: false, fieldErrors };
}

const DRAFT_FIELDS = ['betType', 'takeout', 'noWinner', 'multiRaceScratch', 'cancelledLeg', 'effectiveFrom'] as const;
function isDraftField(key: string): key is keyof SettingDraft {
  return (DRAFT_FIELDS as readonly string[]).includes(key);
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
 * Pool totals must satisfy stakes + carry in + minus pool = payouts + bonus stake retained + refunds +
 * takeout + carry out + breakage, with no breakage below zero.
 */
export function poolBalances(
  pool: Pick<
    PoolSummary,
    'stakes' | 'carryIn' | 'payouts' | 'bonusRetained' | 'refunds' | 'takeout' | 'carryOut' | 'breakage' | 'minusPool'
  >,
): boolean {
  return (
    pool.breakage >= 0 &&
    pool.stakes + pool.carryIn + pool.minusPool ===
      pool.payouts + pool.bonusRetained + pool.refunds + pool.takeout + pool.carryOut + pool.breakage
  );
}

/** A dividend for 1.00 in centavos, as the results page writes it ('12.30'); '--' when none. */
export function formatDividend(dividend: number | null): string {
  return dividend === null ? '--' : formatPeso(dividend).replace('₱', '');
}
