import { useState } from 'react';
import { errorText, serverFieldErrors } from '../../lib/errors.ts';
import { localizeMessage, useT } from '../../i18n/useT.ts';
import { pickFields, type RunnerDraft, type RunnerField } from './raceday.ts';

const RUNNER_FIELDS: readonly RunnerField[] = ['runnerNo', 'horseName', 'jockeyName'];

/** The draft and messages of a runner form, with the server's refusal split between fields and form. */
export function useRunnerForm(initial: RunnerDraft) {
  const t = useT();
  const [draft, setDraft] = useState<RunnerDraft>(initial);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<RunnerField, string>>>({});

  function change(field: RunnerField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
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
    setDraft,
    errors,
    setFieldErrors,
    change,
    formError,
    serverFields: (error: unknown) => pickFields(serverFieldErrors(t, error), RUNNER_FIELDS),
  };
}
