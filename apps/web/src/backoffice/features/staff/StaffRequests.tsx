import { useId, useState } from 'react';
import { StaffRequestMessages, type StaffRequestView } from '@karera/shared';
import { Alert, Button } from '../../../components/ui/index.ts';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { localizeMessage, useT } from '../../i18n/useT.ts';
import { useStaff } from '../../lib/session.tsx';
import { useStaffRequestDecisionMutation, useStaffRequestsQuery } from './staff.api.ts';
import { staffRequestErrorText, staffRequestTitle } from './staffRequests.ts';

/**
 * New admins and master agents and staff number changes waiting for a second, independent admin
 * (decision 044), each with Approve and Reject. A refusal is shown as the server words it.
 */
export function StaffRequests() {
  const t = useT();
  const headingId = useId();
  const me = useStaff();
  const requests = useStaffRequestsQuery();
  const decide = useStaffRequestDecisionMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const [failed, setFailed] = useState<{ id: number; text: string } | null>(null);

  function decideOn(request: StaffRequestView, decision: 'approve' | 'reject') {
    if (decide.isPending) return;
    setNotice(null);
    setFailed(null);
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: (answer) => {
          const id = request.id;
          if (answer.decision === 'reject') setNotice(t('staffAccess.requests.rejected', { id }));
          else if (request.kind !== 'create') setNotice(t('staffAccess.requests.approved', { id }));
          else if (answer.enrolmentLinkSent) setNotice(t('staffAccess.requests.approvedWithLink', { id }));
          else setNotice(t('staffAccess.requests.approvedLinkFailed', { id }));
        },
        onError: (error) => setFailed({ id: request.id, text: staffRequestErrorText(t, error) }),
      },
    );
  }

  const pending = requests.data?.requests ?? [];
  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('staffAccess.requests.title')}</h2>
      <p className="bo-muted">{t('staffAccess.requests.intro')}</p>
      <div aria-live="polite">{notice ? <Alert tone="success">{notice}</Alert> : null}</div>
      {requests.isPending ? (
        <LoadingBlock />
      ) : requests.isError ? (
        <ErrorBlock error={requests.error} onRetry={() => void requests.refetch()} />
      ) : pending.length === 0 ? (
        <EmptyBlock text={t('staffAccess.requests.empty')} />
      ) : (
        <ul className="bo-staff-requests" aria-label={t('staffAccess.requests.listLabel')}>
          {pending.map((request) => (
            <li key={request.id} className="bo-staff-request" data-testid="staff-request">
              <p className="bo-staff-request__title">
                <strong>{staffRequestTitle(t, request)}</strong>
              </p>
              <p className="bo-muted">
                {t('staffAccess.requests.mobile', { mobile: request.mobileNo })} ·{' '}
                {t('staffAccess.requests.proposed', { username: request.proposedBy.username })} ·{' '}
                <ManilaTime iso={request.proposedAt} />
              </p>
              {failed?.id === request.id ? <Alert tone="error">{failed.text}</Alert> : null}
              {/* The server refuses the asker's own approval: it is not offered, and the page says why. */}
              {request.proposedBy.id === me.id ? (
                <p className="bo-muted" id={`staff-request-own-${request.id}`} data-testid="staff-request-own">
                  {localizeMessage(t, StaffRequestMessages.ownRequest)}
                </p>
              ) : null}
              <div className="bo-actions">
                <Button
                  aria-label={t('staffAccess.requests.approveLabel', { id: request.id })}
                  disabled={request.proposedBy.id === me.id}
                  aria-describedby={request.proposedBy.id === me.id ? `staff-request-own-${request.id}` : undefined}
                  busy={
                    decide.isPending && decide.variables.id === request.id && decide.variables.decision === 'approve'
                  }
                  onClick={() => decideOn(request, 'approve')}
                >
                  {t('staffAccess.requests.approve')}
                </Button>
                <Button
                  variant="danger"
                  aria-label={t('staffAccess.requests.rejectLabel', { id: request.id })}
                  busy={
                    decide.isPending && decide.variables.id === request.id && decide.variables.decision === 'reject'
                  }
                  onClick={() => decideOn(request, 'reject')}
                >
                  {t('staffAccess.requests.reject')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
