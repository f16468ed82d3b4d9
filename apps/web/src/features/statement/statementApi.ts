import { StatementRoutes, type ResponseOf, type StatementOperations } from '@karera/shared';
import { apiRequest } from '../../lib/api.ts';
import { PLAYER_QUERY_ROOT } from '../../lib/queryKeys.ts';

type Answer<K extends keyof typeof StatementOperations> = ResponseOf<(typeof StatementOperations)[K]>;

/** Under the player's root, so signing out drops them. */
export const statementMonthsQuery = {
  queryKey: [...PLAYER_QUERY_ROOT, 'statement', 'months'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest<Answer<'getStatementMonths'>>(StatementRoutes.months, { signal }),
};

export function statementQuery(month: string) {
  return {
    queryKey: [...PLAYER_QUERY_ROOT, 'statement', month] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest<Answer<'getStatement'>>(StatementRoutes.month.replace(':month', month), { signal }),
  };
}
