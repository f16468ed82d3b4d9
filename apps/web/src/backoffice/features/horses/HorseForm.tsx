import { useState, type FormEvent, type ReactNode } from 'react';
import { HORSE_SEXES, type HorseRecord } from '@karera/shared';
import { Alert, Button, SelectField, TextField } from '../../../components/ui/index.ts';
import { RecordTypeAhead } from '../../components/RecordTypeAhead.tsx';
import { errorText, serverFieldErrors } from '../../lib/errors.ts';
import { focusFirstError } from '../../lib/formFocus.ts';
import { useT } from '../../i18n/useT.ts';
import { useSaveHorseMutation } from './horses.api.ts';
import { checkHorse, emptyHorseDraft, horseDraftOf, type HorseDraft } from './recordForms.ts';

/** Create (horse null) or edit a horse: every field the issue lists, the trainer picked by type-ahead. */
export function HorseForm({
  horse,
  submitLabel,
  onSaved,
}: {
  horse: HorseRecord | null;
  submitLabel: string;
  onSaved: (saved: HorseRecord) => ReactNode;
}) {
  const t = useT();
  const save = useSaveHorseMutation(horse?.id ?? null);
  const [draft, setDraft] = useState<HorseDraft>(() => (horse ? horseDraftOf(horse) : emptyHorseDraft()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<ReactNode>(null);
  const idPrefix = horse ? `bo-horse-${horse.id}` : 'bo-horse-new';

  function change<K extends keyof HorseDraft>(field: K, value: HorseDraft[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
    setDone(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const form = event.currentTarget;
    const check = checkHorse(draft);
    if (!check.ok) {
      save.reset();
      setErrors(check.fieldErrors);
      focusFirstError(form);
      return;
    }
    setErrors({});
    save.mutate(check.body, {
      onSuccess: (answer) => {
        setDone(onSaved(answer.horse));
        if (!horse) setDraft(emptyHorseDraft());
      },
      onError: (error) => setErrors(serverFieldErrors(t, error)),
    });
  }

  const fieldError = (field: string) => errors[field] || undefined;
  const shownFieldErrors = Object.values(errors).filter(Boolean);
  const formError = save.isError && shownFieldErrors.length === 0 ? errorText(t, save.error) : null;
  const text = (field: 'name' | 'colour' | 'sire' | 'dam' | 'owner', label: string) => (
    <TextField
      id={`${idPrefix}-${field}`}
      label={label}
      name={field}
      autoComplete="off"
      maxLength={60}
      value={draft[field]}
      error={fieldError(field)}
      onChange={(event) => change(field, event.target.value)}
    />
  );
  return (
    <form
      className="bo-form"
      noValidate
      onSubmit={submit}
      data-testid={horse ? 'horse-edit-form' : 'horse-create-form'}
    >
      {done ? <Alert tone="success">{done}</Alert> : null}
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {text('name', t('records.name'))}
      <SelectField
        id={`${idPrefix}-sex`}
        label={t('records.horses.sex')}
        name="sex"
        placeholder={t('records.horses.pickSex')}
        options={HORSE_SEXES.map((sex) => ({ value: sex, label: t(`records.horses.sexes.${sex}`) }))}
        value={draft.sex}
        error={fieldError('sex')}
        onChange={(event) => change('sex', event.target.value)}
      />
      <TextField
        id={`${idPrefix}-foalingYear`}
        label={t('records.horses.foalingYear')}
        name="foalingYear"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        value={draft.foalingYear}
        error={fieldError('foalingYear')}
        onChange={(event) => change('foalingYear', event.target.value)}
      />
      {text('colour', t('records.horses.colour'))}
      {text('sire', t('records.horses.sire'))}
      {text('dam', t('records.horses.dam'))}
      {text('owner', t('records.horses.owner'))}
      <RecordTypeAhead
        id={`${idPrefix}-trainer`}
        kind="trainers"
        name="trainer"
        label={t('records.horses.trainer')}
        hint={t('records.horses.trainerHint')}
        value={draft.trainerName}
        pickedId={draft.trainerId ?? undefined}
        error={fieldError('trainerId')}
        onChange={(value) => {
          setDraft((current) => ({ ...current, trainerName: value, trainerId: null }));
          setErrors((current) => ({ ...current, trainerId: '' }));
        }}
        onPick={(trainer) => {
          setDraft((current) => ({ ...current, trainerName: trainer.name, trainerId: trainer.id }));
          setErrors((current) => ({ ...current, trainerId: '' }));
        }}
      />
      <Button type="submit" busy={save.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
