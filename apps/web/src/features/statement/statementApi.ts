import { StatementOperations } from '@karera/shared';
import { callOperation } from '../../lib/callOperation.ts';
import { PLAYER_QUERY_ROOT } from '../../lib/queryKeys.ts';

/** Under the player's root, so signing out drops them. */
export const statementMonthsQuery = {
  queryKey: [...PLAYER_QUERY_ROOT, 'statement', 'months'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => callOperation(StatementOperations.getStatementMonths, { signal }),
};

export function statementQuery(month: string) {
  return {
    queryKey: [...PLAYER_QUERY_ROOT, 'statement', month] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callOperation(StatementOperations.getStatement, { params: { month }, signal }),
  };
}
