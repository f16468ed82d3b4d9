import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { HorseRecord } from '@karera/shared';
import { Alert, Button, Dialog } from '../../../components/ui/index.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { RecordTypeAhead } from '../../components/RecordTypeAhead.tsx';
import { errorText } from '../../lib/errors.ts';
import { parseId } from '../../lib/raceCard.ts';
import type { RecordOption } from '../../lib/records.ts';
import { useT } from '../../i18n/useT.ts';
import { HorseForm } from './HorseForm.tsx';
import { useHorseQuery, useMergeHorseMutation } from './horses.api.ts';
import './records.css';

/** Admin: a horse's record to edit, and the merge of a duplicate into it. */
export function HorseEditPage() {
  const t = useT();
  const horseId = parseId(useParams().horseId);
  const back = (
    <Link to="/horses" className="bo-back">
      {t('records.horses.back')}
    </Link>
  );
  if (horseId === null) return <PageHeading title={t('records.horses.title')}>{back}</PageHeading>;
  return <HorseEditScreen horseId={horseId} back={back} />;
}

function HorseEditScreen({ horseId, back }: { horseId: number; back: React.ReactNode }) {
  const t = useT();
  const horse = useHorseQuery(horseId);
  const formId = useId();
  if (horse.isPending || horse.isError) {
    return (
      <>
        <PageHeading title={t('records.horses.title')}>{back}</PageHeading>
        {horse.isPending ? <LoadingBlock /> : <ErrorBlock error={horse.error} onRetry={() => void horse.refetch()} />}
      </>
    );
  }
  const record = horse.data.horse;
  return (
    <>
      <PageHeading title={t('records.horses.editTitle', { name: record.name })}>{back}</PageHeading>
      <div className="bo-records-layout">
        <section className="card bo-section" aria-labelledby={formId}>
          <h2 id={formId}>{t('records.horses.editTitle', { name: record.name })}</h2>
          <HorseForm
            key={record.id}
            horse={record}
            submitLabel={t('records.horses.save')}
            onSaved={(saved) => t('records.saved', { name: saved.name })}
          />
        </section>
        <MergeSection horse={record} />
      </div>
    </>
  );
}

function MergeSection({ horse }: { horse: HorseRecord }) {
  const t = useT();
  const headingId = useId();
  const merge = useMergeHorseMutation(horse.id);
  const [typed, setTyped] = useState('');
  const [duplicate, setDuplicate] = useState<RecordOption | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    merge.reset();
    if (!duplicate) {
      setError(t('records.horses.duplicateHint'));
      return;
    }
    setConfirming(true);
  }

  function confirm() {
    if (!duplicate || merge.isPending) return;
    merge.mutate(duplicate.id, {
      onSuccess: (answer) => {
        setDone(
          t('records.horses.merged', {
            runners: answer.movedRunners,
            results: answer.movedResults,
            name: answer.horse.name,
          }),
        );
        setTyped('');
        setDuplicate(null);
      },
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('records.horses.mergeTitle')}</h2>
      <p className="bo-muted">{t('records.horses.mergeIntro', { name: horse.name })}</p>
      <form className="bo-form" noValidate onSubmit={submit} data-testid="horse-merge-form">
        {done ? <Alert tone="success">{done}</Alert> : null}
        {/* The server's refusal (e.g. a horse merged into itself), as it words it. */}
        {merge.isError ? <Alert tone="error">{errorText(t, merge.error)}</Alert> : null}
        <RecordTypeAhead
          kind="horses"
          name="duplicate"
          label={t('records.horses.duplicate')}
          hint={t('records.horses.duplicateHint')}
          value={typed}
          pickedId={duplicate?.id}
          error={error}
          onChange={(value) => {
            setTyped(value);
            setDuplicate(null);
            setError(undefined);
          }}
          onPick={(record) => {
            setTyped(record.name);
            setDuplicate(record);
            setError(undefined);
          }}
        />
        <Button type="submit" variant="secondary">
          {t('records.horses.merge')}
        </Button>
      </form>
      <Dialog
        open={confirming}
        onClose={() => {
          if (!merge.isPending) setConfirming(false);
        }}
        title={t('records.horses.mergeConfirmTitle', { duplicate: duplicate?.name ?? '', name: horse.name })}
        closeLabel={t('common.close')}
        actions={
          <>
            <Button variant="danger" busy={merge.isPending} onClick={confirm}>
              {t('records.horses.mergeConfirm')}
            </Button>
            <Button variant="secondary" data-autofocus disabled={merge.isPending} onClick={() => setConfirming(false)}>
              {t('records.horses.mergeKeep')}
            </Button>
          </>
        }
      >
        <p>{t('records.horses.mergeConfirmBody', { duplicate: duplicate?.name ?? '', name: horse.name })}</p>
      </Dialog>
    </section>
  );
}
