import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BackofficeOperations,
  IDEMPOTENCY_KEY_HEADER,
  type BalanceAdjustmentInput,
  type ListSortDirection,
  type LoginLinkInput,
  type PlayerSortKey,
} from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

export interface PlayerListParams {
  q: string;
  page: number;
  sort: PlayerSortKey;
  dir: ListSortDirection;
  verified: 'yes' | 'no' | undefined;
}

/** A page of the players list, sorted and filtered by the server. */
export function usePlayersQuery(list: PlayerListParams) {
  return useQuery({
    queryKey: queryKeys.players({ ...list }),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(list.page), sort: list.sort, dir: list.dir });
      if (list.q) params.set('q', list.q);
      if (list.verified) params.set('verified', list.verified);
      return callOperation(BackofficeOperations.players, { query: params, signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function usePlayerQuery(playerId: number) {
  return useQuery({
    queryKey: queryKeys.player(playerId),
    queryFn: ({ signal }) => callOperation(BackofficeOperations.player, { params: { playerId }, signal }),
  });
}

export interface AdjustmentRequest {
  input: BalanceAdjustmentInput;
  idempotencyKey: string;
}

/** Posts one adjustment; on success the player's balances, entries and the list are fetched again. */
export function useAdjustmentMutation(playerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: AdjustmentRequest) =>
      callOperation(BackofficeOperations.adjustBalance, {
        params: { playerId },
        body: input,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.player(playerId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.playersAll }),
      ]),
  });
}

/** A fresh single-use login link for the player, for a reason; nothing is cached, the link is shown once. */
export function useLoginLinkMutation(playerId: number) {
  return useMutation({
    mutationFn: (input: LoginLinkInput) =>
      callOperation(BackofficeOperations.loginLink, { params: { playerId }, body: input }),
  });
}
