import { defineOperations } from '../contract.ts';
import {
  gamingReportQuery,
  gamingReportResponseSchema,
  paymentReportResponseSchema,
  promotionReportResponseSchema,
  reportRangeQuery,
} from '../../reports/reports.ts';

export const ReportRoutes = {
  gaming: '/api/backoffice/reports/gaming',
  payments: '/api/backoffice/reports/payments',
  promotions: '/api/backoffice/reports/promotions',
} as const;

/** The business reports (decision 039): admins only, over a range of Manila days. */
export const ReportOperations = defineOperations({
  gamingReport: {
    method: 'GET',
    path: ReportRoutes.gaming,
    auth: 'staff',
    summary:
      'Turnover, refunds, payouts, takeout, breakage, carryover and gross gaming revenue per Manila day, event, race or pool, from the ledger (admins)',
    querystring: gamingReportQuery,
    response: gamingReportResponseSchema,
  },
  paymentReport: {
    method: 'GET',
    path: ReportRoutes.payments,
    auth: 'staff',
    summary: 'Deposits and withdrawals per channel and status over a range of Manila days (admins)',
    querystring: reportRangeQuery,
    response: paymentReportResponseSchema,
  },
  promotionReport: {
    method: 'GET',
    path: ReportRoutes.promotions,
    auth: 'staff',
    summary: 'Promotion, deposit bonus and rebate cost per Manila day, from the promo expense account (admins)',
    querystring: reportRangeQuery,
    response: promotionReportResponseSchema,
  },
});
