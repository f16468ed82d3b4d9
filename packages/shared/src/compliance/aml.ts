import { z } from 'zod';

/**
 * Anti-money-laundering rules (issue 22, decision 035): what raises a flag into the back office's AML queue,
 * the thresholds with their defaults, and the inputs and answers of the queue. Pure: no Node, no DOM.
 */

export const AML_RULES = ['COVERED_AMOUNT', 'STRUCTURING', 'LOW_TURNOVER', 'SHARED_ACCOUNT', 'RAPID_CYCLES'] as const;
export type AmlRule = (typeof AML_RULES)[number];

/** OPEN until resolved once, as no action or as reported (a covered or suspicious transaction report). */
export const AML_STATUSES = ['OPEN', 'NO_ACTION', 'REPORTED'] as const;
export type AmlStatus = (typeof AML_STATUSES)[number];
export const AML_RESOLUTIONS = ['NO_ACTION', 'REPORTED'] as const;
export type AmlResolution = (typeof AML_RESOLUTIONS)[number];

export const AML_RULE_LABELS: Record<AmlRule, string> = {
  COVERED_AMOUNT: 'Covered amount in one day',
  STRUCTURING: 'Structuring (deposits just below the covered amount)',
  LOW_TURNOVER: 'Withdrawal after little betting',
  SHARED_ACCOUNT: 'Account or number shared by several players',
  RAPID_CYCLES: 'Rapid deposit and withdrawal cycles',
};

export const AML_STATUS_LABELS: Record<AmlStatus, string> = {
  OPEN: 'Open',
  NO_ACTION: 'Resolved: no action',
  REPORTED: 'Reported',
};

/** The thresholds; money in centavos. */
export interface AmlSettings {
  /** A player's approved deposits (or withdrawals) in one Manila day at or above this are a covered amount. */
  coveredAmount: number;
  /** Deposits within the window totalling at or above this share (percent) of the covered amount are "just below" it. */
  structuringBandPercent: number;
  /** At least this many deposits within the window, together just below the covered amount, is structuring. */
  structuringDeposits: number;
  structuringWindowHours: number;
  /** A withdrawal whose bets since the previous withdrawal are below this share (percent) of the deposits since. */
  lowTurnoverPercent: number;
  /** One withdrawal account or deposit sender number used by at least this many players. */
  sharedAccountPlayers: number;
  /** A withdrawal requested within this many minutes of an approved deposit is a cycle... */
  rapidCycleMinutes: number;
  /** ...and this many cycles within 7 days are rapid cycles. */
  rapidCycles: number;
}

/** ₱500,000 covered amount (RA 9160 as amended, casino covered transactions), 90% band, 3 deposits in 24 h, 30% turnover. */
export const DEFAULT_AML_SETTINGS: AmlSettings = {
  coveredAmount: 50_000_000,
  structuringBandPercent: 90,
  structuringDeposits: 3,
  structuringWindowHours: 24,
  lowTurnoverPercent: 30,
  sharedAccountPlayers: 3,
  rapidCycleMinutes: 120,
  rapidCycles: 3,
};

export const RAPID_CYCLE_WINDOW_DAYS = 7;

/** The smallest total of a window's deposits that counts as "just below" the covered amount. */
export function structuringFloor(settings: Pick<AmlSettings, 'coveredAmount' | 'structuringBandPercent'>): number {
  return Math.ceil((settings.coveredAmount * settings.structuringBandPercent) / 100);
}

/** Whether bets since the previous withdrawal are too little against the deposits since it. */
export function isLowTurnover(deposits: number, turnover: number, lowTurnoverPercent: number): boolean {
  return deposits > 0 && turnover * 100 < deposits * lowTurnoverPercent;
}

export const AmlMessages = {
  flagNotFound: 'AML flag not found.',
  alreadyResolved: 'This flag is already resolved.',
  noteRequired: 'Write a note.',
  narrativeRequired: 'Write the narrative of the report: what was found and why it is suspicious.',
} as const;

const noteText = z.string().trim().min(1, AmlMessages.noteRequired).max(2000);

export const amlNoteSchema = z.strictObject({ note: noteText });
export type AmlNoteInput = z.infer<typeof amlNoteSchema>;

/** A resolution; a report carries the narrative the report needs, "no action" says why. */
export const amlResolveSchema = z.strictObject({
  resolution: z.enum(AML_RESOLUTIONS),
  note: z.string().trim().min(1, AmlMessages.narrativeRequired).max(4000),
});
export type AmlResolveInput = z.infer<typeof amlResolveSchema>;

export const amlFlagViewSchema = z.object({
  id: z.number().int(),
  rule: z.enum(AML_RULES),
  status: z.enum(AML_STATUSES),
  playerId: z.number().int(),
  playerName: z.string(),
  mobileNo: z.string(),
  /** Centavos: the total of the transactions behind the flag. */
  amount: z.number().int(),
  summary: z.string(),
  raisedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type AmlFlagView = z.infer<typeof amlFlagViewSchema>;

/** At most this many later transactions are shown on a flag's page. */
export const AML_LATER_TRANSACTIONS = 100;

export const amlTransactionViewSchema = z.object({
  id: z.number().int(),
  transactionId: z.string(),
  kind: z.enum(['DEPOSIT', 'WITHDRAW']),
  status: z.enum(['PENDING', 'APPROVED', 'DECLINED']),
  playerId: z.number().int(),
  playerName: z.string(),
  amount: z.number().int(),
  channel: z.string(),
  accountNumber: z.string(),
  senderNumber: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AmlTransactionView = z.infer<typeof amlTransactionViewSchema>;

export const amlEventViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['NOTE', 'RESOLUTION']),
  resolution: z.enum(AML_RESOLUTIONS).nullable(),
  note: z.string(),
  staffName: z.string(),
  createdAt: z.string(),
});
export type AmlEventView = z.infer<typeof amlEventViewSchema>;

export const amlFlagListResponseSchema = z.object({
  statusCode: z.literal(200),
  flags: z.array(amlFlagViewSchema),
  total: z.number().int(),
});
export const amlFlagDetailResponseSchema = z.object({
  statusCode: z.literal(200),
  flag: amlFlagViewSchema,
  transactions: z.array(amlTransactionViewSchema),
  /**
   * The same players' deposits and withdrawals asked for after the flag was raised (until it was
   * resolved), newest first, at most AML_LATER_TRANSACTIONS: what the case went on to do.
   */
  laterTransactions: z.array(amlTransactionViewSchema),
  events: z.array(amlEventViewSchema),
});
export type AmlFlagDetailResponse = z.infer<typeof amlFlagDetailResponseSchema>;
/** The reported cases as CSV text (UTF-8, one row per transaction of each reported flag). */
export const amlReportExportResponseSchema = z.object({
  statusCode: z.literal(200),
  fileName: z.string(),
  csv: z.string(),
});
export type AmlReportExportResponse = z.infer<typeof amlReportExportResponseSchema>;

export const AML_PAGE_SIZE = 50;

/** The columns of the report export: what a covered or suspicious transaction report asks for. */
export const AML_REPORT_COLUMNS = [
  'flag_id',
  'rule',
  'reported_at_manila',
  'player_id',
  'player_name',
  'name_verified',
  'id_type',
  'id_number',
  'mobile_no',
  'transaction_id',
  'transaction_type',
  'transaction_status',
  'transaction_date_manila',
  'amount_php',
  'channel',
  'account_number',
  'sender_number',
  'reference_number',
  'narrative',
] as const;

/** One CSV field: quoted when needed, and a leading = + - @ neutralised so a spreadsheet never runs it. */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Centavos as pesos with two decimals and no separators: 123456 -> "1234.56". */
export function pesosText(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
