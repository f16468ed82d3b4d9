import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { PersonRecord } from '@karera/shared';
import { Alert, Button, TextField } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { errorText, serverFieldErrors } from '../../lib/errors.ts';
import { focusFirstError } from '../../lib/formFocus.ts';
import { useT } from '../../i18n/useT.ts';
import { useSavePersonMutation } from './horses.api.ts';
import { RecordSearch } from './RecordSearch.tsx';
import { checkPerson, personDraftOf, type PersonDraft } from './recordForms.ts';
import './records.css';

type Kind = 'jockeys' | 'trainers';

/** Admin: jockeys or trainers by name, a search by name prefix, and the form that adds or edits one. */
export function PeoplePage({ kind }: { kind: Kind }) {
  const t = useT();
  const listId = useId();
  const formId = useId();
  const [editing, setEditing] = useState<PersonRecord | null>(null);
  const columns: Column<PersonRecord>[] = [
    { id: 'name', header: t('records.name'), rowHeader: true, cell: (person) => person.name },
    { id: 'licenceNo', header: t('records.licenceNo'), nowrap: true, cell: (person) => person.licenceNo ?? '' },
    {
      id: 'edit',
      header: t('records.edit'),
      cell: (person) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('records.editLabel', { name: person.name })}
          onClick={() => {
            setEditing(person);
            requestAnimationFrame(() => document.getElementById(`${formId}-name`)?.focus());
          }}
        >
          {t('records.edit')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeading title={t(`records.${kind}.title`)}>
        <Link to="/horses" className="bo-back">
          {t('records.nav.horses')}
        </Link>
      </PageHeading>
      <p className="bo-muted">{t(`records.${kind}.intro`)}</p>
      <div className="bo-records-layout">
        <section className="bo-section" aria-labelledby={listId}>
          <h2 id={listId}>{t(`records.${kind}.listTitle`)}</h2>
          <RecordSearch kind={kind}>
            {(answer) => (
              <DataTable
                caption={t(`records.${kind}.caption`)}
                columns={columns}
                rows={answer.people}
                rowKey={(person) => person.id}
              />
            )}
          </RecordSearch>
        </section>
        <section className="card bo-section" aria-labelledby={`${formId}-heading`}>
          <h2 id={`${formId}-heading`}>
            {editing ? t(`records.${kind}.editTitle`, { name: editing.name }) : t(`records.${kind}.createTitle`)}
          </h2>
          <PersonForm
            key={editing?.id ?? 'new'}
            kind={kind}
            person={editing}
            idPrefix={formId}
            onDone={() => setEditing(null)}
          />
        </section>
      </div>
    </>
  );
}

function PersonForm({
  kind,
  person,
  idPrefix,
  onDone,
}: {
  kind: Kind;
  person: PersonRecord | null;
  idPrefix: string;
  onDone: () => void;
}) {
  const t = useT();
  const save = useSavePersonMutation(kind, person?.id ?? null);
  const [draft, setDraft] = useState<PersonDraft>(() => personDraftOf(person));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);

  function change(field: keyof PersonDraft, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
    setDone(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const form = event.currentTarget;
    const check = checkPerson(draft);
    if (!check.ok) {
      save.reset();
      setErrors(check.fieldErrors);
      focusFirstError(form);
      return;
    }
    setErrors({});
    save.mutate(check.body, {
      onSuccess: (answer) => {
        setDone(t(person ? 'records.saved' : 'records.created', { name: answer.person.name }));
        if (!person) setDraft(personDraftOf(null));
      },
      onError: (error) => setErrors(serverFieldErrors(t, error)),
    });
  }

  const shown = Object.values(errors).filter(Boolean);
  const formError = save.isError && shown.length === 0 ? errorText(t, save.error) : null;
  return (
    <form className="bo-form" noValidate onSubmit={submit} data-testid={`${kind}-form`}>
      {done ? <Alert tone="success">{done}</Alert> : null}
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField
        id={`${idPrefix}-name`}
        label={t('records.name')}
        name="name"
        autoComplete="off"
        maxLength={60}
        value={draft.name}
        error={errors.name || undefined}
        onChange={(event) => change('name', event.target.value)}
      />
      <TextField
        id={`${idPrefix}-licence`}
        label={t('records.licenceNo')}
        name="licenceNo"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={20}
        value={draft.licenceNo}
        error={errors.licenceNo || undefined}
        onChange={(event) => change('licenceNo', event.target.value)}
      />
      <div className="bo-actions">
        <Button type="submit" busy={save.isPending}>
          {t(person ? `records.${kind}.save` : `records.${kind}.create`)}
        </Button>
        {person ? (
          <Button variant="secondary" disabled={save.isPending} onClick={onDone}>
            {t('records.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

export function JockeysPage() {
  return <PeoplePage kind="jockeys" />;
}

export function TrainersPage() {
  return <PeoplePage kind="trainers" />;
}
