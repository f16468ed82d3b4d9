import { Audiences, defineOperations } from '../contract.ts';
import {
  StatementRoutes,
  statementMonthParams,
  statementMonthsResponseSchema,
  statementResponseSchema,
} from '../../compliance/statement.ts';

/**
 * The player's monthly activity statement (issue 22). The CSV and PDF files of a month
 * (StatementRoutes.csv / .pdf) answer file bytes, not JSON, so they stay out of the contract.
 */
export const StatementOperations = defineOperations({
  getStatementMonths: {
    method: 'GET',
    path: StatementRoutes.months,
    audience: Audiences.player,
    summary: 'The Manila months a statement can be asked for: the current one back to the month the account was made',
    response: statementMonthsResponseSchema,
  },
  getStatement: {
    method: 'GET',
    path: StatementRoutes.month,
    audience: Audiences.player,
    summary:
      "The player's statement of one Manila month: opening and closing balance, totals by kind and the ledger lines",
    params: statementMonthParams,
    response: statementResponseSchema,
  },
});
