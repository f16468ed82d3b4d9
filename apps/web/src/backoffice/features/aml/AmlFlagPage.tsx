import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  AML_RESOLUTIONS,
  amlNoteSchema,
  amlResolveSchema,
  formatPeso,
  paymentTransactionId,
  type AmlFlagDetailResponse,
  type AmlResolution,
  type AmlTransactionView,
} from '@karera/shared';
import { Alert, Button, TextArea } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { FieldList } from '../../components/FieldRow.tsx';
import { RecordNotFound, RecordPage, recordIdOf } from '../../components/RecordPage.tsx';
import { errorText } from '../../lib/errors.ts';
import { useT, type BoT } from '../../i18n/useT.ts';
import { useAmlFlagQuery, useAmlNoteMutation, useAmlResolveMutation } from './aml.api.ts';
import { AmlStatusBadge } from './AmlQueuePage.tsx';
import './aml.css';

export function AmlFlagPage() {
  const t = useT();
  const id = recordIdOf(useParams().flagId);
  if (id === null) return <RecordNotFound title={t('aml.notFound')} backTo="/aml" backLabel={t('aml.back')} />;
  return <AmlFlag key={id} id={id} />;
}

function AmlFlag({ id }: { id: number }) {
  const t = useT();
  const detail = useAmlFlagQuery(id);
  return (
    <RecordPage title={t('aml.detailTitle', { id })} backTo="/aml" backLabel={t('aml.back')} query={detail}>
      {(data) => (
        <>
          <FlagFields detail={data} />
          <Transactions detail={data} />
          <LaterTransactions detail={data} />
          <History detail={data} />
          <NoteForm id={id} />
          {data.flag.status === 'OPEN' ? <ResolveForm id={id} /> : null}
        </>
      )}
    </RecordPage>
  );
}

function FlagFields({ detail: { flag } }: { detail: AmlFlagDetailResponse }) {
  const t = useT();
  const rows: [string, ReactNode][] = [
    [t('aml.rule'), t(`aml.rules.${flag.rule}`)],
    [t('aml.status'), <AmlStatusBadge key="status" status={flag.status} />],
    [t('aml.summary'), flag.summary],
    [
      t('aml.player'),
      <Link key="player" to={`/players/${flag.playerId}`}>
        {flag.playerName}
      </Link>,
    ],
    [t('aml.mobile'), flag.mobileNo],
    [t('aml.amount'), formatPeso(flag.amount)],
    [t('aml.raisedAt'), <ManilaTime key="raised" iso={flag.raisedAt} />],
  ];
  if (flag.resolvedAt) rows.push([t('aml.resolvedAt'), <ManilaTime key="resolved" iso={flag.resolvedAt} />]);
  return (
    <section className="card bo-section" aria-labelledby="bo-aml-flag">
      <h2 id="bo-aml-flag">{t('aml.details')}</h2>
      <FieldList rows={rows} testId="aml-flag-fields" />
    </section>
  );
}

function transactionColumns(t: BoT): Column<AmlTransactionView>[] {
  return [
    {
      id: 'id',
      header: t('aml.tx.id'),
      rowHeader: true,
      nowrap: true,
      cell: (r) => paymentTransactionId(r.kind, r.id),
    },
    { id: 'type', header: t('aml.tx.type'), cell: (r) => t(`aml.kinds.${r.kind}`) },
    { id: 'player', header: t('aml.tx.player'), cell: (r) => r.playerName },
    { id: 'amount', header: t('aml.tx.amount'), numeric: true, nowrap: true, cell: (r) => formatPeso(r.amount) },
    { id: 'channel', header: t('aml.tx.channel'), cell: (r) => r.channel },
    {
      id: 'account',
      header: t('aml.tx.account'),
      cell: (r) => (r.kind === 'DEPOSIT' ? (r.senderNumber ?? '') : r.accountNumber),
    },
    { id: 'reference', header: t('aml.tx.reference'), cell: (r) => r.referenceNumber ?? '' },
    { id: 'status', header: t('aml.tx.status'), cell: (r) => r.status },
    {
      id: 'date',
      header: t('aml.tx.date'),
      nowrap: true,
      cell: (r) => <ManilaTime iso={r.decidedAt ?? r.createdAt} />,
    },
  ];
}

function Transactions({ detail }: { detail: AmlFlagDetailResponse }) {
  const t = useT();
  return (
    <section className="card bo-section" aria-labelledby="bo-aml-transactions">
      <h2 id="bo-aml-transactions">{t('aml.transactions')}</h2>
      <DataTable
        caption={t('aml.transactionsCaption', { id: detail.flag.id })}
        columns={transactionColumns(t)}
        rows={detail.transactions}
        rowKey={(r) => r.id}
      />
    </section>
  );
}

/** What the same players did after the flag was raised (until it was resolved). */
function LaterTransactions({ detail }: { detail: AmlFlagDetailResponse }) {
  const t = useT();
  return (
    <section className="card bo-section" aria-labelledby="bo-aml-later">
      <h2 id="bo-aml-later">{t('aml.laterTransactions')}</h2>
      {detail.laterTransactions.length === 0 ? (
        <p className="bo-muted">{t('aml.noLaterTransactions')}</p>
      ) : (
        <DataTable
          caption={t('aml.laterTransactionsCaption', { id: detail.flag.id })}
          columns={transactionColumns(t)}
          rows={detail.laterTransactions}
          rowKey={(r) => r.id}
        />
      )}
    </section>
  );
}

function History({ detail }: { detail: AmlFlagDetailResponse }) {
  const t = useT();
  return (
    <section className="card bo-section" aria-labelledby="bo-aml-history">
      <h2 id="bo-aml-history">{t('aml.history')}</h2>
      {detail.events.length === 0 ? (
        <p className="bo-muted">{t('aml.noNotes')}</p>
      ) : (
        <ol className="bo-aml-history" data-testid="aml-history">
          {detail.events.map((event) => (
            <li key={event.id}>
              {event.resolution ? (
                <strong>{t('aml.resolutionNote', { resolution: t(`aml.resolutions.${event.resolution}`) })}</strong>
              ) : null}
              <div className="bo-muted">
                {event.staffName}, <ManilaTime iso={event.createdAt} />
              </div>
              <p>{event.note}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function NoteForm({ id }: { id: number }) {
  const t = useT();
  const save = useAmlNoteMutation(id);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = amlNoteSchema.safeParse({ note });
    if (!parsed.success) {
      setError(t('aml.messages.noteRequired'));
      return;
    }
    setError(null);
    save.mutate(parsed.data.note, { onSuccess: () => setNote('') });
  }

  return (
    <section className="card bo-section" aria-labelledby="bo-aml-note">
      <h2 id="bo-aml-note">{t('aml.addNote')}</h2>
      <form onSubmit={submit} noValidate>
        <TextArea
          label={t('aml.note')}
          value={note}
          maxLength={2000}
          rows={3}
          error={error ?? undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        {save.isError ? <Alert tone="error">{errorText(t, save.error)}</Alert> : null}
        {save.isSuccess && note === '' ? <Alert tone="success">{t('aml.noteSaved')}</Alert> : null}
        <div className="bo-actions">
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            {t('aml.saveNote')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function ResolveForm({ id }: { id: number }) {
  const t = useT();
  const resolve = useAmlResolveMutation(id);
  const [resolution, setResolution] = useState<AmlResolution>('REPORTED');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (resolve.isPending) return;
    const parsed = amlResolveSchema.safeParse({ resolution, note });
    if (!parsed.success) {
      setError(t('aml.messages.narrativeRequired'));
      return;
    }
    setError(null);
    resolve.mutate(parsed.data);
  }

  return (
    <section className="card bo-section" aria-labelledby="bo-aml-resolve">
      <h2 id="bo-aml-resolve">{t('aml.resolve')}</h2>
      <form onSubmit={submit} noValidate>
        <fieldset className="bo-aml-choice">
          <legend>{t('aml.resolution')}</legend>
          {AML_RESOLUTIONS.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="aml-resolution"
                value={value}
                checked={resolution === value}
                onChange={() => setResolution(value)}
              />
              {t(`aml.resolutions.${value}`)}
            </label>
          ))}
        </fieldset>
        <TextArea
          label={t('aml.narrative')}
          value={note}
          maxLength={4000}
          rows={4}
          error={error ?? undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        <p className="bo-muted">{t('aml.narrativeHint')}</p>
        {resolve.isError ? <Alert tone="error">{errorText(t, resolve.error)}</Alert> : null}
        <div className="bo-actions">
          <Button type="submit" variant="primary" disabled={resolve.isPending}>
            {t('aml.confirmResolve')}
          </Button>
        </div>
      </form>
    </section>
  );
}
