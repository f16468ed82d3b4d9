import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormAdminOperations, type HorseInput, type PersonInput } from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { recordKeys } from '../../lib/records.ts';

export function useHorseQuery(horseId: number) {
  return useQuery({
    queryKey: [...recordKeys.all, 'horse', horseId],
    queryFn: ({ signal }) => callOperation(FormAdminOperations.horse, { params: { horseId }, signal }),
  });
}

export function useSaveHorseMutation(horseId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HorseInput) =>
      horseId === null
        ? callOperation(FormAdminOperations.createHorse, { body })
        : callOperation(FormAdminOperations.updateHorse, { params: { horseId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  });
}

export function useMergeHorseMutation(horseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (duplicateId: number) =>
      callOperation(FormAdminOperations.mergeHorse, { params: { horseId }, body: { duplicateId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  });
}

export function useSavePersonMutation(kind: 'jockeys' | 'trainers', id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonInput) => {
      if (kind === 'jockeys') {
        return id === null
          ? callOperation(FormAdminOperations.createJockey, { body })
          : callOperation(FormAdminOperations.updateJockey, { params: { jockeyId: id }, body });
      }
      return id === null
        ? callOperation(FormAdminOperations.createTrainer, { body })
        : callOperation(FormAdminOperations.updateTrainer, { params: { trainerId: id }, body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  });
}

export function useImportCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => callOperation(FormAdminOperations.importCard, { body: { csv } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.racingEvents }),
      ]),
  });
}
