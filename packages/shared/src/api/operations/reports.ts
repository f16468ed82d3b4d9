import { z } from 'zod';
import { Audiences, defineOperations } from '../contract.ts';
import {
  gamingReportQuery,
  gamingReportResponseSchema,
  paymentReportResponseSchema,
  promotionReportResponseSchema,
  reportRangeQuery,
} from '../../reports/reports.ts';
import {
  ownCertificateParams,
  playerCertificateParams,
  taxCertificateResponseSchema,
  taxMonthsResponseSchema,
  taxReportResponseSchema,
  taxYearQuery,
} from '../../reports/taxes.ts';

/**
 * The tax reports that are not over a range of days: a year's months, and a player's annual certificate of
 * the tax withheld from their winnings (JSON and PDF; the PDF answers file bytes, so it stays out of the
 * contract). `ownCertificate*` are the player's own, scoped by the session.
 */
export const TaxReportRoutes = {
  months: '/api/backoffice/reports/taxes/months',
  certificate: '/api/backoffice/reports/tax-certificates/:playerId/:year',
  certificatePdf: '/api/backoffice/reports/tax-certificates/:playerId/:year/pdf',
  ownCertificate: '/api/tax-certificates/:year',
  ownCertificatePdf: '/api/tax-certificates/:year/pdf',
} as const;

/** The address of a certificate PDF: a player's (back office) or the signed-in player's own. */
export function taxCertificatePdfUrl(year: string, playerId?: number, lang?: 'en' | 'fil'): string {
  const path =
    playerId === undefined
      ? TaxReportRoutes.ownCertificatePdf.replace(':year', year)
      : TaxReportRoutes.certificatePdf.replace(':playerId', String(playerId)).replace(':year', year);
  return lang ? `${path}?lang=${lang}` : path;
}

/** A certificate's JSON takes nothing in its query: an unknown field is refused. */
const noQuery = z.strictObject({});

/** The business reports (decision 039): admins only, over a range of Manila days. */
export const ReportOperations = defineOperations({
  gamingReport: {
    method: 'GET',
    path: '/api/backoffice/reports/gaming',
    audience: Audiences.admins,
    summary:
      'Turnover, refunds, payouts before tax, winnings tax, takeout with each share and the stamp tax, breakage, carryover, gross gaming revenue and net revenue per Manila day, event, race or pool, from the ledger (admins)',
    querystring: gamingReportQuery,
    response: gamingReportResponseSchema,
  },
  paymentReport: {
    method: 'GET',
    path: '/api/backoffice/reports/payments',
    audience: Audiences.admins,
    summary: 'Deposits and withdrawals per channel and status over a range of Manila days (admins)',
    querystring: reportRangeQuery,
    response: paymentReportResponseSchema,
  },
  promotionReport: {
    method: 'GET',
    path: '/api/backoffice/reports/promotions',
    audience: Audiences.admins,
    summary: 'Promotion, deposit bonus and rebate cost per Manila day, from the promo expense account (admins)',
    querystring: reportRangeQuery,
    response: promotionReportResponseSchema,
  },
  taxReport: {
    method: 'GET',
    path: '/api/backoffice/reports/taxes',
    audience: Audiences.admins,
    summary:
      "Stamp tax due and winnings tax withheld per Manila day, and the pools' franchise commission, prize fund and regulator share per event, from the ledger (admins)",
    querystring: reportRangeQuery,
    response: taxReportResponseSchema,
  },
  taxMonths: {
    method: 'GET',
    path: TaxReportRoutes.months,
    audience: Audiences.admins,
    summary: 'Stamp tax due and winnings tax withheld per Manila month of a year, from the ledger (admins)',
    querystring: taxYearQuery,
    response: taxMonthsResponseSchema,
  },
  taxCertificate: {
    method: 'GET',
    path: TaxReportRoutes.certificate,
    audience: Audiences.admins,
    summary: "A player's certificate of the tax withheld from their winnings in a year, per Manila month (admins)",
    params: playerCertificateParams,
    querystring: noQuery,
    response: taxCertificateResponseSchema,
  },
  ownTaxCertificate: {
    method: 'GET',
    path: TaxReportRoutes.ownCertificate,
    audience: Audiences.player,
    summary: "The signed-in player's certificate of the tax withheld from their winnings in a year",
    params: ownCertificateParams,
    querystring: noQuery,
    response: taxCertificateResponseSchema,
  },
});

/** The paths of ReportOperations, for callers. Built from the operations, so each path is written once. */
export const ReportRoutes = {
  gaming: ReportOperations.gamingReport.path,
  payments: ReportOperations.paymentReport.path,
  promotions: ReportOperations.promotionReport.path,
  taxes: ReportOperations.taxReport.path,
} as const;
