import { useQuery } from '@tanstack/react-query';
import {
  BakasOperations,
  type BakasCancelInput,
  type BakasCreateInput,
  type BakasGroupResponse,
  type BakasJoinInput,
  type BakasPlaceInput,
} from '@karera/shared';
import { ApiError } from '../../lib/api.ts';
import { callOperation } from '../../lib/callOperation.ts';
import { PLAYER_QUERY_ROOT } from '../../lib/queryKeys.ts';

/** Group tickets' query keys, under the player's root: logging out drops them. */
export const bakasQueryKeys = {
  group: (code: string) => [...PLAYER_QUERY_ROOT, 'bakas', code] as const,
};

export const createBakas = (body: BakasCreateInput): Promise<BakasGroupResponse> =>
  callOperation(BakasOperations.create, { body });

export const joinBakas = (body: BakasJoinInput): Promise<BakasGroupResponse> =>
  callOperation(BakasOperations.join, { body });

export const cancelBakas = (body: BakasCancelInput): Promise<BakasGroupResponse> =>
  callOperation(BakasOperations.cancel, { body });

export const placeBakas = (body: BakasPlaceInput): Promise<BakasGroupResponse> =>
  callOperation(BakasOperations.place, { body });

/** What the share page says first after a creation: the credit the server answered. */
export interface CreatedNotice {
  created: { credit: number | null };
}

export const isNotFound = (error: Error | null) =>
  error instanceof ApiError && (error.httpStatus === 404 || error.statusCode === 404);

/** A group ticket from its link. */
export function useBakasGroup(code: string | null) {
  return useQuery({
    queryKey: bakasQueryKeys.group(code ?? ''),
    queryFn: ({ signal }) => callOperation(BakasOperations.get, { body: { code: code ?? '' }, signal }),
    enabled: code !== null,
    retry: (count, error) => !isNotFound(error) && count < 1,
  });
}
