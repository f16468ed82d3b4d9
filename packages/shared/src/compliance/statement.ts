import { z } from 'zod';
import { REFUND_REASONS } from '../api/schemas/betting.ts';
import { betLineDescription } from '../betting/betWords.ts';

/**
 * The monthly activity statement (issue 22): a player's wallet movements of one Manila month, read from
 * the ledger so its totals reconcile with the postings. Months are Manila months (UTC+8, no daylight
 * saving): a month starts at 16:00 UTC of the previous day.
 */

export const StatementRoutes = {
  months: '/api/statement/months',
  month: '/api/statement/:month',
  csv: '/api/statement/:month/csv',
  pdf: '/api/statement/:month/pdf',
} as const;

/** The address of a statement file of one month. */
export function statementFileUrl(month: string, format: 'csv' | 'pdf'): string {
  return StatementRoutes[format].replace(':month', month);
}

/** What a movement was, for the statement's totals (one category per ledger posting). */
export const STATEMENT_CATEGORIES = [
  'deposit',
  'withdrawal',
  'stake',
  'winnings',
  'refund',
  'bonus',
  'adjustment',
  'other',
] as const;
export type StatementCategory = (typeof STATEMENT_CATEGORIES)[number];

/** YYYY-MM, months 01-12. */
export const STATEMENT_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const statementMonthSchema = z.string().regex(STATEMENT_MONTH_PATTERN);
export const statementMonthParams = z.strictObject({ month: statementMonthSchema });

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The Manila month (YYYY-MM) an instant falls in. */
export function manilaMonthOf(instant: Date | string): string {
  const shifted = new Date(new Date(instant).getTime() + MANILA_OFFSET_MS);
  return `${shifted.getUTCFullYear()}-${String(shifted.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month's first instant and the next month's first instant, as UTC ISO strings (the stored form). */
export function manilaMonthRange(month: string): { from: string; to: string } {
  if (!STATEMENT_MONTH_PATTERN.test(month)) throw new RangeError(`Not a month: ${month}`);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const from = Date.UTC(year, monthNumber - 1, 1) - MANILA_OFFSET_MS;
  const to = Date.UTC(year, monthNumber, 1) - MANILA_OFFSET_MS;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** Every month from the first to the last (both YYYY-MM, first <= last), newest first. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = last.split('-').map(Number) as [number, number];
  const [firstYear, firstMonth] = first.split('-').map(Number) as [number, number];
  while (year > firstYear || (year === firstYear && month >= firstMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return months;
}

/** Centavos. */
const centavos = z.number().int();

export const statementTotalsSchema = z.object({
  deposits: centavos,
  /** Negative: money that left the wallet for a withdrawal (a declined one's return counts back). */
  withdrawals: centavos,
  /** Negative: the stakes of bets placed. */
  stakes: centavos,
  winnings: centavos,
  refunds: centavos,
  /** Bonuses, promo credits and rebates. */
  bonuses: centavos,
  /** Staff adjustments and reversals. */
  adjustments: centavos,
  other: centavos,
  /** Winnings + refunds + stakes: what betting did to the balance this month. */
  netResult: centavos,
});
export type StatementTotals = z.output<typeof statementTotalsSchema>;

export const statementLineSchema = z.object({
  transactionId: z.number().int(),
  /** UTC ISO. */
  dateTime: z.string(),
  category: z.enum(STATEMENT_CATEGORIES),
  description: z.string(),
  /** Signed centavos: the change of credit plus bonus. */
  amount: centavos,
  balanceAfter: centavos,
  /**
   * The bet a stake, win, refund or rebate line is about, so the line names it in the reader's language
   * (shared betLineDescription); absent on other lines.
   */
  bet: z
    .object({
      ticketNo: z.string(),
      betType: z.string(),
      /** Race numbers joined by '/', e.g. '3' or '2/3/4/5'. */
      raceNo: z.string(),
      eventName: z.string(),
      consolation: z.boolean(),
      refundReason: z.enum(REFUND_REASONS).nullable(),
    })
    .optional(),
});
export type StatementLine = z.output<typeof statementLineSchema>;

export const statementSchema = z.object({
  month: z.string(),
  /** Credit plus bonus before the month's first movement. */
  openingBalance: centavos,
  closingBalance: centavos,
  totals: statementTotalsSchema,
  lines: z.array(statementLineSchema),
  /** How many lines the month has; the answer lists at most {@link STATEMENT_LINES_SHOWN}, the files all. */
  lineCount: z.number().int(),
});
export type Statement = z.output<typeof statementSchema>;

/** The page shows the newest lines; the CSV and PDF carry every line of the month. */
export const STATEMENT_LINES_SHOWN = 500;

export const statementResponseSchema = z.object({ statusCode: z.literal(200), statement: statementSchema });
export const statementMonthsResponseSchema = z.object({
  statusCode: z.literal(200),
  /** Newest first: the current Manila month back to the month the account was made. */
  months: z.array(z.string()),
});

/** The sum of the totals' categories: closing balance = opening balance + this. */
export function totalMovement(totals: StatementTotals): number {
  return (
    totals.deposits +
    totals.withdrawals +
    totals.stakes +
    totals.winnings +
    totals.refunds +
    totals.bonuses +
    totals.adjustments +
    totals.other
  );
}

// CSV (RFC 4180).

/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break (quotes doubled), and a cell that a
 * spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) starts with a
 * single quote so it stays text. A plain number (an amount such as -12.50) is left as it is: it is a
 * number to a spreadsheet, not a formula, and quoted it would no longer add up.
 */
export function csvCell(value: string): string {
  if (/^-?\d+(\.\d+)?$/.test(value)) return value;
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Centavos as a plain number of pesos with two decimals, e.g. -1234.50 (a number, not a formula). */
export function csvAmount(amount: number): string {
  const abs = Math.abs(amount);
  return `${amount < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A line's description in the reader's language: a bet's line in words, any other as the ledger wrote it. */
export function lineDescription(
  line: Pick<StatementLine, 'category' | 'description' | 'bet'>,
  language: StatementLanguage,
): string {
  return line.bet ? betLineDescription(line.bet, line.category, language) : line.description;
}

export interface StatementCsvLabels {
  language: StatementLanguage;
  header: readonly [date: string, category: string, description: string, amount: string, balance: string, id: string];
  category: Record<StatementCategory, string>;
  opening: string;
  closing: string;
  totals: Record<keyof StatementTotals, string>;
}

/**
 * The statement as CSV: a header, one row per ledger transaction (oldest first), then the opening balance,
 * the totals and the closing balance. Lines end with CRLF (RFC 4180); every cell goes through
 * {@link csvCell}.
 */
export function statementCsv(
  statement: Pick<Statement, 'openingBalance' | 'closingBalance' | 'totals' | 'lines'>,
  labels: StatementCsvLabels,
  formatDate: (iso: string) => string,
): string {
  const rows: string[][] = [[...labels.header].map(csvCell)];
  for (const line of statement.lines) {
    rows.push([
      csvCell(formatDate(line.dateTime)),
      csvCell(labels.category[line.category]),
      csvCell(lineDescription(line, labels.language)),
      csvCell(csvAmount(line.amount)),
      csvCell(csvAmount(line.balanceAfter)),
      csvCell(String(line.transactionId)),
    ]);
  }
  rows.push([]);
  rows.push([csvCell(labels.opening), '', '', csvCell(csvAmount(statement.openingBalance)), '', '']);
  for (const key of Object.keys(labels.totals) as (keyof StatementTotals)[]) {
    rows.push([csvCell(labels.totals[key]), '', '', csvCell(csvAmount(statement.totals[key])), '', '']);
  }
  rows.push([csvCell(labels.closing), '', '', csvCell(csvAmount(statement.closingBalance)), '', '']);
  return rows.map((row) => row.join(',')).join('\r\n') + '\r\n';
}

export type StatementLanguage = 'en' | 'fil';
export const statementFileQuery = z.strictObject({ lang: z.enum(['en', 'fil']).optional() });

/** The words of the downloaded files (the server writes them), in the player's language. */
export const STATEMENT_FILE_TEXTS: Record<
  StatementLanguage,
  StatementCsvLabels & { title: string; month: string; player: string; generated: string; noLines: string }
> = {
  en: {
    language: 'en',
    title: 'Karera activity statement',
    month: 'Month',
    player: 'Player',
    generated: 'Generated',
    noLines: 'No transactions this month.',
    header: ['Date (Manila)', 'Type', 'Description', 'Amount (PHP)', 'Balance (PHP)', 'Transaction'],
    category: {
      deposit: 'Deposit',
      withdrawal: 'Withdrawal',
      stake: 'Bet',
      winnings: 'Winnings',
      refund: 'Refund',
      bonus: 'Bonus or rebate',
      adjustment: 'Adjustment',
      other: 'Other',
    },
    opening: 'Opening balance',
    closing: 'Closing balance',
    totals: {
      deposits: 'Deposits',
      withdrawals: 'Withdrawals',
      stakes: 'Bets (stakes)',
      winnings: 'Winnings',
      refunds: 'Refunds',
      bonuses: 'Bonuses and rebates',
      adjustments: 'Adjustments',
      other: 'Other',
      netResult: 'Net result of betting',
    },
  },
  fil: {
    language: 'fil',
    title: 'Karera statement ng aktibidad',
    month: 'Buwan',
    player: 'Player',
    generated: 'Ginawa noong',
    noLines: 'Walang transaksyon ngayong buwan.',
    header: ['Petsa (Manila)', 'Uri', 'Detalye', 'Halaga (PHP)', 'Balanse (PHP)', 'Transaksyon'],
    category: {
      deposit: 'Deposit',
      withdrawal: 'Withdraw',
      stake: 'Taya',
      winnings: 'Panalo',
      refund: 'Refund',
      bonus: 'Bonus o rebate',
      adjustment: 'Adjustment',
      other: 'Iba pa',
    },
    opening: 'Balanse sa simula',
    closing: 'Balanse sa dulo',
    totals: {
      deposits: 'Mga deposit',
      withdrawals: 'Mga withdraw',
      stakes: 'Mga taya',
      winnings: 'Mga panalo',
      refunds: 'Mga refund',
      bonuses: 'Mga bonus at rebate',
      adjustments: 'Mga adjustment',
      other: 'Iba pa',
      netResult: 'Netong resulta ng pagtaya',
    },
  },
};
