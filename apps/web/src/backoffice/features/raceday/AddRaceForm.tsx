import { useId, useState, type FormEvent } from 'react';
import { MAX_RACES_PER_EVENT, type GameEvent, type Race } from '@karera/shared';
import { Alert, Button, TextField } from '../../../components/ui/index.ts';
import { errorText, serverFieldErrors } from '../../lib/errors.ts';
import { localizeMessage, useT } from '../../i18n/useT.ts';
import { BetTypeChecks } from './BetTypeChecks.tsx';
import { focusFirstError } from '../../lib/formFocus.ts';
import { useCreateRaceMutation } from './raceday.api.ts';
import {
  checkRace,
  newRaceDraft,
  nextFreeRaceNo,
  orderedBetTypes,
  pickFields,
  type RaceDraft,
  type RaceField,
} from './raceday.ts';

const RACE_FIELDS: readonly RaceField[] = ['raceNo', 'startDateTime', 'enabledBetTypes'];

/**
 * A new race: the next free number, a start in Manila time (sent as UTC) and the bet types it offers
 * among the event's. Hidden once the event has its maximum of races.
 */
export function AddRaceForm({ event, races }: { event: GameEvent; races: readonly Race[] }) {
  const t = useT();
  const headingId = useId();
  const create = useCreateRaceMutation(event.id);
  const [draft, setDraft] = useState<RaceDraft>(() => newRaceDraft(event.raceDate, races, event.enabledBetTypes));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<RaceField, string>>>({});
  const [added, setAdded] = useState<string | null>(null);

  function update<K extends keyof RaceDraft>(field: K, value: RaceDraft[K], errorField: RaceField) {
    setDraft((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [errorField]: undefined }));
    setAdded(null);
  }

  function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (create.isPending) return;
    setAdded(null);
    const check = checkRace(draft, races, event.enabledBetTypes, event.raceDate);
    if (!check.ok) {
      create.reset();
      setFieldErrors(check.fieldErrors);
      focusFirstError(formEvent.currentTarget);
      return;
    }
    setFieldErrors({});
    create.mutate(check.body, {
      onSuccess: (answer) => {
        setAdded(t('raceForm.added', { raceNo: answer.race.raceNo }));
        setDraft(newRaceDraft(event.raceDate, [...races, answer.race], event.enabledBetTypes));
      },
      onError: (error) => setFieldErrors(pickFields(serverFieldErrors(t, error), RACE_FIELDS)),
    });
  }

  const error = (field: RaceField) => {
    const message = fieldErrors[field];
    return message ? localizeMessage(t, message) : undefined;
  };
  const serverMessage = create.isError ? errorText(t, create.error) : null;
  const formError =
    serverMessage && !Object.values(fieldErrors).some((m) => m && localizeMessage(t, m) === serverMessage)
      ? serverMessage
      : null;
  const full = nextFreeRaceNo(races) === null;

  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('raceForm.title')}</h2>
      {added ? <Alert tone="success">{added}</Alert> : null}
      {full ? (
        <p className="bo-muted">{t('raceForm.full')}</p>
      ) : (
        <form onSubmit={submit} noValidate className="bo-form">
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <TextField
            label={t('raceForm.raceNo')}
            name="raceNo"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_RACES_PER_EVENT}
            step={1}
            value={draft.raceNo}
            error={error('raceNo')}
            onChange={(e) => update('raceNo', e.target.value, 'raceNo')}
          />
          <TextField
            label={t('raceForm.start')}
            name="startDateTime"
            type="datetime-local"
            value={draft.startLocal}
            error={error('startDateTime')}
            onChange={(e) => update('startLocal', e.target.value, 'startDateTime')}
          />
          {event.enabledBetTypes.length > 0 ? (
            <BetTypeChecks
              legend={t('raceForm.betTypes')}
              hint={t('raceForm.betTypesHint')}
              options={orderedBetTypes(event.enabledBetTypes)}
              value={draft.enabledBetTypes}
              error={error('enabledBetTypes')}
              onChange={(next) => update('enabledBetTypes', next, 'enabledBetTypes')}
            />
          ) : (
            <p className="field__hint bo-form__note">{t('raceForm.noBetTypes')}</p>
          )}
          <Button type="submit" busy={create.isPending}>
            {t('raceForm.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
