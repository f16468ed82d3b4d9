import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEPOSIT_TYPE_LABELS,
  formatPeso,
  PAYMENT_STATUSES,
  PaymentBackofficeRoutes,
  paymentTypeLabel,
  secondApprovalRefusal,
  WITHDRAW_COMPANY_LABELS,
  type PaymentRequestKind,
  type PaymentRequestView,
  type PaymentStatus,
} from '@karera/shared';
import { Alert, Button, Dialog, SelectField, TextArea } from '../../../components/ui/index.ts';
import { newIdempotencyKey } from '../../../lib/api.ts';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { pageFromParam } from '../../lib/format.ts';
import { useStaff } from '../../lib/session.tsx';
import { localizeMessage, useT } from '../../i18n/useT.ts';
import { decisionErrorText } from './decisionError.ts';
import { PendingAdjustmentsSection } from './Approvals.tsx';
import { useApprovalSettingsQuery, useDecisionMutation, usePaymentRequestsQuery } from './payments.api.ts';
import './payments.css';

function statusOf(value: string | null): PaymentStatus {
  return PAYMENT_STATUSES.find((s) => s === value) ?? 'PENDING';
}
function kindOf(value: string | null): PaymentRequestKind | null {
  return value === 'DEPOSIT' || value === 'WITHDRAW' ? value : null;
}

function channelLabel(request: PaymentRequestView): string {
  if (request.kind === 'WITHDRAW') {
    return request.channel in WITHDRAW_COMPANY_LABELS
      ? WITHDRAW_COMPANY_LABELS[request.channel as keyof typeof WITHDRAW_COMPANY_LABELS]
      : request.channel;
  }
  return request.channel in DEPOSIT_TYPE_LABELS
    ? DEPOSIT_TYPE_LABELS[request.channel as keyof typeof DEPOSIT_TYPE_LABELS]
    : paymentTypeLabel(request.channel);
}

interface Pending {
  request: PaymentRequestView;
  decision: 'approve' | 'decline';
  idempotencyKey: string;
}

/**
 * Deposits and withdrawals waiting for verification, for the staff member's own players (the server
 * scopes the list). Cards rather than a table: agents decide on their phones.
 */
export function PaymentsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const kind = kindOf(params.get('kind'));
  const page = pageFromParam(params.get('page'));
  const requests = usePaymentRequestsQuery(status, kind, page);
  const decide = useDecisionMutation();
  const approvalSettings = useApprovalSettingsQuery();
  const staff = useStaff();
  const [pending, setPending] = useState<Pending | null>(null);
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const noteId = useId();
  const lastFocus = useRef<HTMLElement | null>(null);

  function setFilter(name: 'status' | 'kind', value: string) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });
  }

  function open(request: PaymentRequestView, decision: Pending['decision']) {
    lastFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    decide.reset();
    setNote('');
    setDone(null);
    // One key per decision dialog: pressing Confirm again after a lost answer repeats the same decision.
    setPending({ request, decision, idempotencyKey: newIdempotencyKey() });
  }

  function confirm() {
    if (!pending || decide.isPending) return;
    decide.mutate(
      { id: pending.request.id, decision: pending.decision, note, idempotencyKey: pending.idempotencyKey },
      {
        onSuccess: (answer) => {
          setPending(null);
          setDone(
            answer.request.status === 'PENDING'
              ? t('payments.firstApproved', { id: answer.request.transactionId })
              : t('payments.done', {
                  id: answer.request.transactionId,
                  status: t(`payments.statuses.${answer.request.status}`).toLowerCase(),
                }),
          );
        },
      },
    );
  }

  const request = pending?.request;
  const amount = request ? formatPeso(request.amount) : '';
  const threshold = approvalSettings.data?.depositSecondApprovalAbove;
  // The server says why a deposit needs two approvals (above the threshold, or no matching receipt).
  const firstOfTwoBecause =
    request?.kind === 'DEPOSIT' && pending?.decision === 'approve' && request.firstApprovedBy === null
      ? request.secondApprovalReason
      : null;
  const explanation = !request
    ? ''
    : pending.decision === 'approve'
      ? request.kind === 'DEPOSIT'
        ? request.firstApprovedBy !== null
          ? t('payments.secondApproveDeposit', { amount, name: request.playerName, first: request.firstApprovedBy })
          : request.bonus > 0
            ? t('payments.approveDepositBonus', { amount, bonus: formatPeso(request.bonus), name: request.playerName })
            : t('payments.approveDeposit', { amount, name: request.playerName })
        : t('payments.approveWithdraw', {
            amount,
            account: `${channelLabel(request)} ${request.accountName} ${request.accountNumber}`,
          })
      : request.kind === 'DEPOSIT'
        ? t('payments.declineDeposit', { name: request.playerName })
        : t('payments.declineWithdraw', { amount, name: request.playerName });

  return (
    <>
      <PageHeading title={t('payments.title')} />
      <p className="bo-muted">{t('payments.intro')}</p>
      <form className="bo-payments__filters" aria-label={t('payments.filters')} onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label={t('payments.status')}
          value={status}
          options={PAYMENT_STATUSES.map((value) => ({ value, label: t(`payments.statuses.${value}`) }))}
          onChange={(event) => setFilter('status', event.target.value)}
          data-testid="payments-status-filter"
        />
        <SelectField
          label={t('payments.kind')}
          value={kind ?? ''}
          options={[
            { value: '', label: t('payments.kinds.ALL') },
            { value: 'DEPOSIT', label: t('payments.kinds.DEPOSIT') },
            { value: 'WITHDRAW', label: t('payments.kinds.WITHDRAW') },
          ]}
          onChange={(event) => setFilter('kind', event.target.value)}
        />
      </form>
      {done ? <Alert tone="success">{done}</Alert> : null}
      {staff.role === 'admin' && status === 'PENDING' ? <PendingAdjustmentsSection /> : null}
      {requests.isPending ? (
        <LoadingBlock />
      ) : requests.isError ? (
        <ErrorBlock error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.data.requests.length === 0 ? (
        <EmptyBlock text={t('payments.empty')} />
      ) : (
        <>
          <ul className="bo-cards" aria-label={t('payments.listLabel')} data-testid="payment-requests">
            {requests.data.requests.map((item) => (
              <li key={item.id}>
                <RequestCard request={item} onDecide={(decision) => open(item, decision)} />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={requests.data.pageSize}
            total={requests.data.total}
            busy={requests.isFetching}
            onPageChange={(next) =>
              setParams((current) => {
                const updated = new URLSearchParams(current);
                updated.set('page', String(next));
                return updated;
              })
            }
          />
        </>
      )}
      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={
          request
            ? t(pending.decision === 'approve' ? 'payments.approveTitle' : 'payments.declineTitle', {
                id: request.transactionId,
              })
            : ''
        }
        closeLabel={t('payments.close')}
        testId="payment-decision-dialog"
        actions={
          <>
            <Button variant="secondary" onClick={() => setPending(null)}>
              {t('payments.cancel')}
            </Button>
            <Button
              variant={pending?.decision === 'decline' ? 'danger' : 'primary'}
              busy={decide.isPending}
              onClick={confirm}
              data-testid="payment-decision-confirm"
            >
              {t('payments.confirm')}
            </Button>
          </>
        }
      >
        <p>{explanation}</p>
        {firstOfTwoBecause ? (
          <Alert tone="info">
            {firstOfTwoBecause === 'amount' && threshold !== undefined
              ? t('payments.firstOfTwo', { threshold: formatPeso(threshold) })
              : `${t(`payments.twoApprovalsBecause.${firstOfTwoBecause}`)} ${t('payments.firstOfTwoBecause')}`}
          </Alert>
        ) : null}
        <TextArea
          id={noteId}
          label={pending?.decision === 'decline' ? t('payments.reason') : t('payments.optionalNote')}
          rows={3}
          maxLength={200}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          data-autofocus
          data-testid="payment-decision-note"
        />
        {decide.isError ? <Alert tone="error">{decisionErrorText(t, decide.error)}</Alert> : null}
      </Dialog>
    </>
  );
}

function RequestCard({
  request,
  onDecide,
}: {
  request: PaymentRequestView;
  onDecide: (d: 'approve' | 'decline') => void;
}) {
  const t = useT();
  const staff = useStaff();
  const headingId = useId();
  const reasonId = useId();
  const isDeposit = request.kind === 'DEPOSIT';
  // The second approval is offered only to whom the server would let give it (not the first approver).
  const secondRefusal =
    request.firstApprovedById !== null && request.firstApproverRole !== null
      ? secondApprovalRefusal({ id: request.firstApprovedById, role: request.firstApproverRole }, staff)
      : null;
  return (
    <article className="card bo-payment" aria-labelledby={headingId} data-testid="payment-request">
      <header className="bo-payment__head">
        <h2 id={headingId} className="bo-payment__title">
          {t(isDeposit ? 'payments.deposit' : 'payments.withdrawal')} {request.transactionId}
        </h2>
        <span className={`bo-payment__amount${isDeposit ? '' : ' bo-payment__amount--out'}`}>
          {formatPeso(isDeposit ? request.amount : -request.amount)}
        </span>
      </header>
      <dl className="bo-fields">
        <div className="bo-fields__row">
          <dt>{t('payments.player')}</dt>
          <dd>
            {t('payments.playerLine', { name: request.playerName, id: request.playerId, mobile: request.mobileNo })}
          </dd>
        </div>
        {request.agentName ? (
          <div className="bo-fields__row">
            <dt>{t('payments.agent')}</dt>
            <dd>{request.agentName}</dd>
          </div>
        ) : null}
        <div className="bo-fields__row">
          <dt>{isDeposit ? t('payments.toAccount') : t('payments.payTo')}</dt>
          <dd>
            {channelLabel(request)} · {request.accountName} · {request.accountNumber}
          </dd>
        </div>
        {request.senderNumber ? (
          <div className="bo-fields__row">
            <dt>{t('payments.sender')}</dt>
            <dd>{request.senderNumber}</dd>
          </div>
        ) : null}
        {request.referenceNumber ? (
          <div className="bo-fields__row">
            <dt>{t('payments.reference')}</dt>
            <dd>
              <code data-testid="payment-reference">{request.referenceNumber}</code>
            </dd>
          </div>
        ) : null}
        {request.hasReceipt ? (
          <div className="bo-fields__row">
            <dt>{t('payments.receipt')}</dt>
            <dd>
              {/* Served only to staff who may decide this request; opens full size in a new tab. */}
              <a href={PaymentBackofficeRoutes.receipt(request.id)} target="_blank" rel="noreferrer">
                <img
                  className="bo-payment__receipt"
                  src={PaymentBackofficeRoutes.receipt(request.id)}
                  alt={t('payments.receiptAlt', { id: request.transactionId })}
                  loading="lazy"
                  data-testid="payment-receipt"
                />
              </a>
            </dd>
          </div>
        ) : null}
        {request.receiptReading ? (
          <div className="bo-fields__row" data-testid="payment-receipt-reading">
            <dt>{t('payments.receiptReading')}</dt>
            <dd>
              {t('payments.receiptReadingLine', {
                amount:
                  request.receiptReading.amount === null
                    ? t('payments.receiptReadingNone')
                    : formatPeso(request.receiptReading.amount),
                reference: request.receiptReading.referenceNumber ?? t('payments.receiptReadingNone'),
              })}
            </dd>
          </div>
        ) : null}
        {request.status === 'PENDING' && request.secondApprovalReason !== null ? (
          <div className="bo-fields__row">
            <dt>{t('payments.approvalsNeeded')}</dt>
            <dd className="bo-payment__waits" data-testid="payment-two-approvals">
              {t(`payments.twoApprovalsBecause.${request.secondApprovalReason}`)}
            </dd>
          </div>
        ) : null}
        {request.bonus > 0 ? (
          <div className="bo-fields__row">
            <dt>{t('payments.bonus')}</dt>
            <dd>{formatPeso(request.bonus)}</dd>
          </div>
        ) : null}
        {request.note ? (
          <div className="bo-fields__row">
            <dt>{t('payments.note')}</dt>
            <dd className="bo-prewrap">{request.note}</dd>
          </div>
        ) : null}
        <div className="bo-fields__row">
          <dt>{t('payments.requested')}</dt>
          <dd>
            <ManilaTime iso={request.createdAt} />
          </dd>
        </div>
        {request.firstApprovedBy !== null ? (
          <div className="bo-fields__row" data-testid="payment-first-approval">
            <dt>{t('payments.firstApproval')}</dt>
            <dd>
              {request.firstApprovedBy}
              {request.firstApprovedAt ? (
                <>
                  {' · '}
                  <ManilaTime iso={request.firstApprovedAt} />
                </>
              ) : null}
              {request.secondApproverRole ? (
                <span className="bo-payment__waits"> {t(`payments.waitsFor.${request.secondApproverRole}`)}</span>
              ) : null}
            </dd>
          </div>
        ) : null}
        {request.status !== 'PENDING' ? (
          <div className="bo-fields__row">
            <dt>{t(`payments.statuses.${request.status}`)}</dt>
            <dd>
              {request.decidedBy ?? '—'}
              {request.decidedAt ? (
                <>
                  {' · '}
                  <ManilaTime iso={request.decidedAt} />
                </>
              ) : null}
              {request.decisionNote ? <span className="bo-prewrap"> · {request.decisionNote}</span> : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {request.status === 'PENDING' ? (
        <div className="bo-actions">
          <Button
            variant="primary"
            onClick={() => onDecide('approve')}
            data-testid="payment-approve"
            disabled={secondRefusal !== null}
            aria-describedby={secondRefusal ? reasonId : undefined}
          >
            {request.firstApprovedBy !== null ? t('payments.secondApprove') : t('payments.approve')}
          </Button>
          <Button variant="danger" onClick={() => onDecide('decline')} data-testid="payment-decline">
            {t('payments.decline')}
          </Button>
        </div>
      ) : null}
      {request.status === 'PENDING' && secondRefusal ? (
        <p id={reasonId} className="bo-muted" data-testid="payment-second-approval-refused">
          {localizeMessage(t, secondRefusal)}
        </p>
      ) : null}
    </article>
  );
}
