import { useState } from 'react';
import { errorText, serverFieldErrors } from '../../lib/errors.ts';
import { localizeMessage, useT } from '../../i18n/useT.ts';
import { pickFields, type RunnerDraft, type RunnerField } from './raceday.ts';

/** Record ids of a runner picked by type-ahead (decision 053); a typed name is found or entered by name. */
export interface PickedRecords {
  horseId?: number;
  jockeyId?: number;
}

const RUNNER_FIELDS: readonly RunnerField[] = ['runnerNo', 'horseName', 'jockeyName'];

/** The draft and messages of a runner form, with the server's refusal split between fields and form. */
export function useRunnerForm(initial: RunnerDraft) {
  const t = useT();
  const [draft, setDraft] = useState<RunnerDraft>(initial);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<RunnerField, string>>>({});
  // The horse and jockey records picked by type-ahead, while the box still shows the picked name.
  const [picked, setPicked] = useState<PickedRecords>({});

  function change(field: RunnerField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    if (field === 'horseName') setPicked(({ horseId: _dropped, ...rest }) => rest);
    if (field === 'jockeyName') setPicked(({ jockeyId: _dropped, ...rest }) => rest);
  }

  function pick(field: 'horseName' | 'jockeyName', record: { id: number; name: string }) {
    setDraft((current) => ({ ...current, [field]: record.name }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setPicked((current) => ({ ...current, [field === 'horseName' ? 'horseId' : 'jockeyId']: record.id }));
  }

  function reset(next: RunnerDraft) {
    setDraft(next);
    setPicked({});
  }

  const errors = Object.fromEntries(
    RUNNER_FIELDS.map((field) => {
      const message = fieldErrors[field];
      return [field, message ? localizeMessage(t, message) : undefined];
    }),
  ) as Partial<Record<RunnerField, string | undefined>>;

  /** The refusal's text unless a field already shows it. */
  function formError(error: unknown): string | null {
    if (!error) return null;
    const message = errorText(t, error);
    return Object.values(errors).includes(message) ? null : message;
  }

  return {
    draft,
    setDraft: reset,
    picked,
    pick,
    errors,
    setFieldErrors,
    change,
    formError,
    serverFields: (error: unknown) => pickFields(serverFieldErrors(t, error), RUNNER_FIELDS),
  };
}
