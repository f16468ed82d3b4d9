import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf, FormAdminOperations, jockeyChangeInputSchema, type Runner } from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { Alert, Button, TextField } from '../../../components/ui/index.ts';
import { RecordTypeAhead } from '../../components/RecordTypeAhead.tsx';
import { errorText, serverFieldErrors } from '../../lib/errors.ts';
import { focusFirstError } from '../../lib/formFocus.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { useT } from '../../i18n/useT.ts';

/** A runner's change of jockey, kept with its reason (who and when are the server's). */
export function JockeyChangeForm({ runner, onDone }: { runner: Runner; onDone: (message: string | null) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (body: { jockeyId: number; reason: string }) =>
      callOperation(FormAdminOperations.changeJockey, { params: { runnerId: runner.id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.racingEventAll }),
  });
  const [jockeyName, setJockeyName] = useState('');
  const [jockeyId, setJockeyId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const idPrefix = `bo-runner-${runner.id}-jockey-change`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    const form = event.currentTarget;
    const check = jockeyChangeInputSchema.safeParse({ jockeyId: jockeyId ?? undefined, reason });
    if (!check.success) {
      change.reset();
      setErrors(fieldErrorsOf(check.error));
      focusFirstError(form);
      return;
    }
    setErrors({});
    change.mutate(check.data, {
      onSuccess: (answer) =>
        onDone(t('records.jockeyChange.done', { runnerNo: runner.runnerNo, jockey: answer.jockeyName })),
      onError: (error) => setErrors(serverFieldErrors(t, error)),
    });
  }

  const shown = Object.values(errors).filter(Boolean);
  return (
    <form className="bo-form bo-runner__form" noValidate onSubmit={submit} aria-label={t('records.jockeyChange.title')}>
      {change.isError && shown.length === 0 ? <Alert tone="error">{errorText(t, change.error)}</Alert> : null}
      <RecordTypeAhead
        id={`${idPrefix}-jockey`}
        kind="jockeys"
        name="jockey"
        label={t('records.jockeyChange.jockey')}
        hint={t('records.jockeyChange.jockeyHint')}
        value={jockeyName}
        pickedId={jockeyId ?? undefined}
        error={errors.jockeyId || undefined}
        onChange={(value) => {
          setJockeyName(value);
          setJockeyId(null);
          setErrors((current) => ({ ...current, jockeyId: '' }));
        }}
        onPick={(record) => {
          setJockeyName(record.name);
          setJockeyId(record.id);
          setErrors((current) => ({ ...current, jockeyId: '' }));
        }}
      />
      <TextField
        id={`${idPrefix}-reason`}
        label={t('records.jockeyChange.reason')}
        hint={t('records.jockeyChange.reasonHint')}
        name="reason"
        autoComplete="off"
        maxLength={200}
        value={reason}
        error={errors.reason || undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setErrors((current) => ({ ...current, reason: '' }));
        }}
      />
      <div className="bo-actions">
        <Button type="submit" size="sm" busy={change.isPending}>
          {t('records.jockeyChange.save')}
        </Button>
        <Button variant="secondary" size="sm" disabled={change.isPending} onClick={() => onDone(null)}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
