import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { FLAG_BET_TYPES, manilaDate, upcomingRaceDays, type EventInput, type GameEvent } from '@karera/shared';
import { Alert, Button, TextField } from '../../../components/ui/index.ts';
import { errorText, serverFieldErrors } from '../../lib/errors.ts';
import { localizeMessage, useT } from '../../i18n/useT.ts';
import { BetTypeChecks } from './BetTypeChecks.tsx';
import { focusFirstError } from '../../lib/formFocus.ts';
import {
  calendarDateToString,
  checkEvent,
  formatQuickPick,
  pickFields,
  type EventDraft,
  type EventField,
} from './raceday.ts';

const EVENT_FIELDS: readonly EventField[] = ['name', 'arena', 'streamUrl', 'raceDate', 'enabledBetTypes'];
const QUICK_PICKS = 4;

export interface EventFormProps {
  initial: EventDraft;
  mutation: UseMutationResult<{ statusCode: 200; event: GameEvent }, Error, EventInput>;
  submitLabel: string;
  /** After a save: the message to show (null for none). */
  onSaved: (event: GameEvent) => ReactNode;
  /** Empty the form after a save (creating), or keep what was saved (editing). */
  resetAfterSave: boolean;
  onCancel?: () => void;
}

/**
 * Create or edit a race day: name, arena, stream, Manila race date (with the next race days as quick
 * picks) and the flag-enabled bet types. Checked with the server's schema before sending; a refusal is
 * shown beside its field, or above the form.
 */
export function EventForm({ initial, mutation, submitLabel, onSaved, resetAfterSave, onCancel }: EventFormProps) {
  const t = useT();
  const quickId = useId();
  const [draft, setDraft] = useState<EventDraft>(initial);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<EventField, string>>>({});
  const [saved, setSaved] = useState<ReactNode>(null);
  const [quickPicks] = useState(() => upcomingRaceDays(manilaDate(new Date()), QUICK_PICKS).map(calendarDateToString));

  function update<K extends EventField>(field: K, value: EventDraft[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setSaved(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setSaved(null);
    const check = checkEvent(draft);
    if (!check.ok) {
      mutation.reset();
      setFieldErrors(check.fieldErrors);
      focusFirstError(event.currentTarget);
      return;
    }
    setFieldErrors({});
    mutation.mutate(check.body, {
      onSuccess: (answer) => {
        if (resetAfterSave) setDraft(initial);
        setSaved(onSaved(answer.event));
      },
      onError: (error) => setFieldErrors(pickFields(serverFieldErrors(t, error), EVENT_FIELDS)),
    });
  }

  const error = (field: EventField) => {
    const message = fieldErrors[field];
    return message ? localizeMessage(t, message) : undefined;
  };
  const serverMessage = mutation.isError ? errorText(t, mutation.error) : null;
  const formError =
    serverMessage && !Object.values(fieldErrors).some((m) => m && localizeMessage(t, m) === serverMessage)
      ? serverMessage
      : null;

  return (
    <form onSubmit={submit} noValidate className="bo-form">
      {saved ? <Alert tone="success">{saved}</Alert> : null}
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField
        label={t('eventForm.name')}
        name="name"
        autoComplete="off"
        maxLength={80}
        value={draft.name}
        error={error('name')}
        onChange={(event) => update('name', event.target.value)}
      />
      <TextField
        label={t('eventForm.arena')}
        name="arena"
        autoComplete="off"
        maxLength={80}
        value={draft.arena}
        error={error('arena')}
        onChange={(event) => update('arena', event.target.value)}
      />
      <TextField
        label={t('eventForm.streamUrl')}
        name="streamUrl"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="url"
        maxLength={500}
        hint={t('eventForm.streamHint')}
        value={draft.streamUrl}
        error={error('streamUrl')}
        onChange={(event) => update('streamUrl', event.target.value)}
      />
      <TextField
        label={t('eventForm.raceDate')}
        name="raceDate"
        type="date"
        value={draft.raceDate}
        error={error('raceDate')}
        onChange={(event) => update('raceDate', event.target.value)}
      />
      <div className="bo-quick-picks" role="group" aria-labelledby={quickId}>
        <span id={quickId} className="field__hint">
          {t('eventForm.quickPicks')}
        </span>
        <div className="bo-quick-picks__buttons">
          {quickPicks.map((date) => (
            <Button
              key={date}
              variant="secondary"
              size="sm"
              aria-pressed={draft.raceDate === date}
              onClick={() => update('raceDate', date)}
            >
              <time dateTime={date}>{formatQuickPick(date)}</time>
            </Button>
          ))}
        </div>
      </div>
      <BetTypeChecks
        legend={t('eventForm.betTypes')}
        hint={t('eventForm.betTypesHint')}
        options={FLAG_BET_TYPES}
        value={draft.enabledBetTypes}
        error={error('enabledBetTypes')}
        onChange={(next) => update('enabledBetTypes', next)}
      />
      <div className="bo-actions">
        <Button type="submit" busy={mutation.isPending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" disabled={mutation.isPending} onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
