import { useId, useState, type FormEvent } from 'react';
import { DUAL_CONTROL_KIND_LABELS, DualControlMessages, type DualControlRequestView } from '@karera/shared';
import { Alert, Button, TextArea } from '../../../components/ui/index.ts';
import { newIdempotencyKey } from '../../../lib/api.ts';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { localizeMessage, useT } from '../../i18n/useT.ts';
import { useStaff } from '../../lib/session.tsx';
import { approvalErrorText, useApprovalsQuery, useApproveMutation, useRejectMutation } from '../../lib/approvals.ts';
import { ChangeSummary } from '../../components/ProposalSummary.tsx';

function PendingRequest({ request, onDone }: { request: DualControlRequestView; onDone: (text: string) => void }) {
  const t = useT();
  const approve = useApproveMutation();
  const reject = useRejectMutation();
  // One key per request shown: a retried click is the same approval, never a second one.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [note, setNote] = useState('');
  const headingId = useId();
  const ownId = useId();
  const refusal = approve.error ?? reject.error;
  // The server refuses the proposer's own approval: it is not offered, and the card says why.
  const own = request.proposedBy.id === useStaff().id;

  function submitReject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reject.mutate({ id: request.id, note }, { onSuccess: (answer) => onDone(answer.statusMessage) });
  }

  return (
    <article className="card" aria-labelledby={headingId} data-testid={`approval-${request.id}`}>
      <h3 id={headingId}>{DUAL_CONTROL_KIND_LABELS[request.kind] ?? request.kind}</h3>
      <p className="bo-muted">
        {t('approvals.proposedBy', { name: request.proposedBy.displayName, username: request.proposedBy.username })}{' '}
        <ManilaTime iso={request.proposedAt} />
      </p>
      <ChangeSummary request={request} />
      {refusal ? <Alert tone="error">{approvalErrorText(t, refusal)}</Alert> : null}
      {own ? (
        <p className="bo-muted" id={ownId} data-testid="approval-own">
          {localizeMessage(t, DualControlMessages.proposerCannotApprove)}
        </p>
      ) : null}
      <Button
        type="button"
        busy={approve.isPending}
        disabled={own}
        aria-describedby={own ? ownId : undefined}
        onClick={() =>
          approve.mutate({ id: request.id, idempotencyKey }, { onSuccess: (answer) => onDone(answer.statusMessage) })
        }
      >
        {t('approvals.approve')}
      </Button>
      <form onSubmit={submitReject} noValidate>
        <TextArea label={t('approvals.rejectReason')} value={note} onChange={(event) => setNote(event.target.value)} />
        <Button type="submit" variant="secondary" busy={reject.isPending}>
          {t('approvals.reject')}
        </Button>
      </form>
    </article>
  );
}

/** Admins: changes proposed by one admin, waiting for another (decision 045), and the last decided. */
export function ApprovalsPage() {
  const t = useT();
  const approvals = useApprovalsQuery();
  const [done, setDone] = useState<string | null>(null);
  const headingId = useId();
  const recentId = useId();

  return (
    <div className="bo-page">
      <h1>{t('approvals.title')}</h1>
      <p className="bo-muted">{t('approvals.intro')}</p>
      {done ? <Alert tone="success">{done}</Alert> : null}
      <section className="bo-section" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('approvals.pending')}</h2>
        {approvals.isPending ? (
          <LoadingBlock />
        ) : approvals.isError ? (
          <ErrorBlock error={approvals.error} onRetry={() => void approvals.refetch()} />
        ) : approvals.data.pending.length === 0 ? (
          <EmptyBlock text={t('approvals.empty')} />
        ) : (
          <ul className="bo-cards" aria-labelledby={headingId}>
            {approvals.data.pending.map((request) => (
              <li key={request.id}>
                <PendingRequest request={request} onDone={setDone} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {approvals.data && approvals.data.recent.length > 0 ? (
        <section className="bo-section" aria-labelledby={recentId}>
          <h2 id={recentId}>{t('approvals.recent')}</h2>
          <ul className="bo-cards" aria-labelledby={recentId}>
            {approvals.data.recent.map((request) => (
              <li key={request.id} className="card">
                <p>
                  <strong>{request.summary.title}</strong>:{' '}
                  {t(request.status === 'approved' ? 'approvals.approvedBy' : 'approvals.rejectedBy', {
                    name: request.decidedBy?.displayName ?? '',
                  })}{' '}
                  {request.decidedAt ? <ManilaTime iso={request.decidedAt} /> : null}
                  {request.decisionNote ? ` — ${request.decisionNote}` : ''}
                </p>
                <p className="bo-muted">
                  {t('approvals.proposedBy', {
                    name: request.proposedBy.displayName,
                    username: request.proposedBy.username,
                  })}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
