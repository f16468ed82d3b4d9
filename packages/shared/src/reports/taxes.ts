import { z } from 'zod';
import { manilaDayOf } from '../datetime.ts';
import { idParam } from '../api/params.ts';

/**
 * The tax reports (decision 039, amended): the documentary stamp tax due on tickets (EO 194 §2) and the tax
 * withheld from winnings (PD 1157) per Manila day and month, read from the ledger's postings to
 * house:stamp-tax-payable and house:winnings-tax-payable; the shares of the pools' gross (EO 194 §1) per
 * event; and a player's annual certificate of the tax withheld from their winnings.
 */

/** The operator named on a certificate of tax withheld. */
export const OPERATOR_NAME = 'Karera';

export const TaxReportMessages = {
  yearInvalid: 'Enter the year as four digits, such as 2026.',
  yearInFuture: 'That year has not started yet.',
} as const;

/** The current Manila year (a certificate or a month report of a later year is refused). */
export const currentManilaYear = (now: Date = new Date()): number => Number(manilaDayOf(now).slice(0, 4));

/** A year written as four digits, not later than the current Manila year (kept as text: a query is never coerced). */
export const taxYearSchema = z
  .string()
  .regex(/^[1-9]\d{3}$/, TaxReportMessages.yearInvalid)
  .refine((year) => Number(year) <= currentManilaYear(), TaxReportMessages.yearInFuture);

export const taxYearQuery = z.strictObject({ year: taxYearSchema });

const centavos = z.number().int();

/** The taxes of a period: stamp tax due on the tickets, tax withheld from winnings. */
export const taxFiguresSchema = z.object({ stampTax: centavos, winningsTax: centavos });
export type TaxFigures = z.infer<typeof taxFiguresSchema>;
export const TAX_FIGURES = ['stampTax', 'winningsTax'] as const satisfies readonly (keyof TaxFigures)[];

/** The shares of the pools' gross (EO 194 §1), or the single takeout of pools settled before the split. */
export const shareFiguresSchema = z.object({
  franchiseCommission: centavos,
  prizeFund: centavos,
  regulatorShare: centavos,
  legacyTakeout: centavos,
});
export type ShareFigures = z.infer<typeof shareFiguresSchema>;

export const taxDayRowSchema = taxFiguresSchema.extend({ day: z.string() });
export type TaxDayRow = z.infer<typeof taxDayRowSchema>;
export const taxEventRowSchema = shareFiguresSchema.extend({
  key: z.string(),
  eventId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  day: z.string().nullable(),
});
export type TaxEventRow = z.infer<typeof taxEventRowSchema>;

export const taxReportResponseSchema = z.object({
  statusCode: z.literal(200),
  from: z.string(),
  to: z.string(),
  days: z.array(taxDayRowSchema),
  events: z.array(taxEventRowSchema),
  totals: taxFiguresSchema.extend(shareFiguresSchema.shape),
});
export type TaxReportResponse = z.infer<typeof taxReportResponseSchema>;

export const taxMonthRowSchema = taxFiguresSchema.extend({ month: z.string() });
export type TaxMonthRow = z.infer<typeof taxMonthRowSchema>;
export const taxMonthsResponseSchema = z.object({
  statusCode: z.literal(200),
  year: z.string(),
  months: z.array(taxMonthRowSchema),
  totals: taxFiguresSchema,
});
export type TaxMonthsResponse = z.infer<typeof taxMonthsResponseSchema>;

/** The certificate's months: each month of the year, its winnings before the tax and the tax withheld. */
export const certificateMonthSchema = z.object({
  month: z.string(),
  grossWinnings: centavos,
  winningsTax: centavos,
});
export type CertificateMonth = z.infer<typeof certificateMonthSchema>;

export const taxCertificateSchema = z.object({
  year: z.string(),
  operator: z.string(),
  player: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
  months: z.array(certificateMonthSchema),
  totals: z.object({ grossWinnings: centavos, winningsTax: centavos }),
});
export type TaxCertificate = z.infer<typeof taxCertificateSchema>;
export const taxCertificateResponseSchema = z.object({
  statusCode: z.literal(200),
  certificate: taxCertificateSchema,
});
export type TaxCertificateResponse = z.infer<typeof taxCertificateResponseSchema>;

export const playerCertificateParams = z.strictObject({ playerId: idParam, year: taxYearSchema });
export const ownCertificateParams = z.strictObject({ year: taxYearSchema });
/** The certificate file's query: its language only. */
export const certificateFileQuery = z.strictObject({ lang: z.enum(['en', 'fil']).optional() });
export type CertificateLanguage = 'en' | 'fil';

/** The certificate file's name: the year, nothing about the player (it may be forwarded). */
export const certificateFileName = (year: string) => `karera-tax-certificate-${year}.pdf`;

/** The 12 months of a year, YYYY-MM. */
export const monthsOfYear = (year: string): string[] =>
  Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);

/** The words of the certificate PDF, in English and Filipino. */
export const TAX_CERTIFICATE_TEXTS: Record<
  CertificateLanguage,
  {
    title: string;
    subtitle: string;
    year: string;
    player: string;
    username: string;
    operator: string;
    generated: string;
    month: string;
    grossWinnings: string;
    winningsTax: string;
    total: string;
    monthNames: readonly string[];
    statement: (operator: string, year: string) => string;
    note: string;
  }
> = {
  en: {
    title: 'Certificate of tax withheld on winnings',
    subtitle: 'Horse race betting winnings (PD 1157)',
    year: 'Year',
    player: 'Player',
    username: 'Username (mobile number)',
    operator: 'Operator',
    generated: 'Generated',
    month: 'Month',
    grossWinnings: 'Gross winnings (₱)',
    winningsTax: 'Tax withheld (₱)',
    total: 'Total',
    monthNames: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    statement: (operator, year) =>
      `${operator} certifies that it withheld the tax below from this player's winnings in ${year} and remits it to the Bureau of Internal Revenue.`,
    note: 'Gross winnings are the winnings before the tax; months count in Manila time, on the day each race settled.',
  },
  fil: {
    title: 'Sertipiko ng buwis na kinaltas sa panalo',
    subtitle: 'Mga panalo sa taya sa karera ng kabayo (PD 1157)',
    year: 'Taon',
    player: 'Player',
    username: 'Username (numero ng mobile)',
    operator: 'Operator',
    generated: 'Ginawa noong',
    month: 'Buwan',
    grossWinnings: 'Kabuuang panalo (₱)',
    winningsTax: 'Buwis na kinaltas (₱)',
    total: 'Kabuuan',
    monthNames: [
      'Enero',
      'Pebrero',
      'Marso',
      'Abril',
      'Mayo',
      'Hunyo',
      'Hulyo',
      'Agosto',
      'Setyembre',
      'Oktubre',
      'Nobyembre',
      'Disyembre',
    ],
    statement: (operator, year) =>
      `Pinatutunayan ng ${operator} na kinaltas nito ang buwis sa ibaba mula sa mga panalo ng player na ito noong ${year} at ibinabayad ito sa Bureau of Internal Revenue.`,
    note: 'Ang kabuuang panalo ay ang panalo bago ang buwis; ang mga buwan ay ayon sa oras sa Manila, sa araw na na-settle ang bawat karera.',
  },
};
