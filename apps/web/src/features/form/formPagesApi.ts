import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormOperations } from '@karera/shared';
import { ApiError } from '../../lib/api.ts';
import { callOperation } from '../../lib/callOperation.ts';

const options = { staleTime: 60_000, placeholderData: keepPreviousData } as const;
/** A record that does not exist is an answer, not worth retrying. */
const retry = (count: number, error: Error) => !(error instanceof ApiError && error.httpStatus === 404) && count < 1;

export function useHorsePage(horseId: number, page: number) {
  return useQuery({
    queryKey: ['form', 'horse', horseId, page] as const,
    queryFn: ({ signal }) =>
      callOperation(FormOperations.horsePage, { params: { horseId }, query: `page=${page}`, signal }),
    retry,
    ...options,
  });
}

export function usePersonPage(who: 'jockey' | 'trainer', id: number, page: number) {
  return useQuery({
    queryKey: ['form', who, id, page] as const,
    queryFn: ({ signal }) =>
      who === 'jockey'
        ? callOperation(FormOperations.jockeyPage, { params: { jockeyId: id }, query: `page=${page}`, signal })
        : callOperation(FormOperations.trainerPage, { params: { trainerId: id }, query: `page=${page}`, signal }),
    retry,
    ...options,
  });
}

export function isNotFound(error: Error | null): boolean {
  return error instanceof ApiError && (error.httpStatus === 404 || error.statusCode === 404);
}
