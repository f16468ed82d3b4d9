import { useQuery } from '@tanstack/react-query';
import { FormAdminOperations } from '@karera/shared';
import { callOperation } from '../../lib/callOperation.ts';

/** Horses, jockeys and trainers (decision 053): the lists and the type-ahead read them by name prefix. */
export type RecordKind = 'horses' | 'jockeys' | 'trainers';

/** One record as a list or a type-ahead shows it. */
export interface RecordOption {
  id: number;
  name: string;
  /** A second line: the licence number, or the horse's trainer. */
  detail: string | null;
}

const LIST = {
  horses: FormAdminOperations.listHorses,
  jockeys: FormAdminOperations.listJockeys,
  trainers: FormAdminOperations.listTrainers,
} as const;

export const recordKeys = {
  all: ['backoffice', 'records'] as const,
  list: (kind: RecordKind, q: string, page: number) => ['backoffice', 'records', kind, { q, page }] as const,
};

function searchOf(q: string, page: number): URLSearchParams {
  const search = new URLSearchParams({ page: String(page) });
  if (q) search.set('q', q);
  return search;
}

export async function fetchRecords(kind: RecordKind, q: string, page: number, signal?: AbortSignal) {
  const query = searchOf(q, page);
  if (kind === 'horses') {
    const answer = await callOperation(LIST.horses, { query, ...(signal ? { signal } : {}) });
    return {
      total: answer.total,
      page: answer.page,
      pageSize: answer.pageSize,
      options: answer.horses.map((horse) => ({ id: horse.id, name: horse.name, detail: horse.trainerName })),
      horses: answer.horses,
      people: [],
    };
  }
  const answer = await callOperation(LIST[kind], { query, ...(signal ? { signal } : {}) });
  return {
    total: answer.total,
    page: answer.page,
    pageSize: answer.pageSize,
    options: answer.people.map((person) => ({ id: person.id, name: person.name, detail: person.licenceNo })),
    horses: [],
    people: answer.people,
  };
}

export function useRecordsQuery(kind: RecordKind, q: string, page: number, enabled = true) {
  return useQuery({
    queryKey: recordKeys.list(kind, q, page),
    queryFn: ({ signal }) => fetchRecords(kind, q, page, signal),
    enabled,
    placeholderData: (previous) => previous,
  });
}
