import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { MASTER_AGENT_PHOTO_KINDS, type MasterAgentApplicationView, type MasterAgentPhotoKind } from '@karera/shared';
import { Alert, Button, Dialog, Spinner, TextArea } from '../../../components/ui/index.ts';
import { newIdempotencyKey } from '../../../lib/api.ts';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { FieldList } from '../../components/FieldRow.tsx';
import { useObjectUrl } from '../../lib/useObjectUrl.ts';
import { RecordNotFound, RecordPage } from '../../components/RecordPage.tsx';
import { ErrorBlock } from '../../components/QueryState.tsx';
import { errorText } from '../../lib/errors.ts';
import { useT } from '../../i18n/useT.ts';
import { applicantName, applicationIdOf, declineReasonError } from './applications.ts';
import { ApplicationStatus } from './ApplicationStatus.tsx';
import {
  useApplicationQuery,
  useDecisionMutation,
  usePhotoQuery,
  useSendSignInLinkMutation,
} from './masterAgents.api.ts';
import './masteragents.css';

export function ApplicationDetailPage() {
  const t = useT();
  const id = applicationIdOf(useParams().applicationId);
  if (id === null) {
    return (
      <RecordNotFound
        title={t('masterAgents.notFound')}
        backTo="/master-agent-applications"
        backLabel={t('masterAgents.back')}
      />
    );
  }
  return <ApplicationDetail key={id} id={id} />;
}

function ApplicationDetail({ id }: { id: number }) {
  const t = useT();
  const detail = useApplicationQuery(id);
  return (
    <RecordPage
      title={t('masterAgents.detailTitle', { id })}
      backTo="/master-agent-applications"
      backLabel={t('masterAgents.back')}
      query={detail}
    >
      {(data) => (
        <>
          <Applicant application={data.application} />
          <Photos application={data.application} />
          <Decision application={data.application} />
        </>
      )}
    </RecordPage>
  );
}

function Applicant({ application: a }: { application: MasterAgentApplicationView }) {
  const t = useT();
  const rows: [string, ReactNode][] = [
    [t('masterAgents.status'), <ApplicationStatus key="status" status={a.status} />],
    [t('masterAgents.name'), applicantName(a)],
    [t('masterAgents.username'), a.username],
    [t('masterAgents.email'), <a href={`mailto:${a.email}`}>{a.email}</a>],
    [t('masterAgents.mobile'), a.mobileNo],
    [
      t('masterAgents.telegram'),
      <a key="telegram" href={`https://t.me/${a.telegram.replace(/^@/, '')}`} target="_blank" rel="noreferrer">
        {a.telegram}
      </a>,
    ],
    [t('masterAgents.received'), <ManilaTime key="received" iso={a.createdAt} />],
  ];
  if (a.decidedAt) {
    rows.push([t('masterAgents.decidedAt'), <ManilaTime key="decided" iso={a.decidedAt} />]);
    rows.push([t('masterAgents.decidedBy'), a.decidedBy?.username ?? t('common.none')]);
  }
  if (a.declineReason) rows.push([t('masterAgents.declineReason'), a.declineReason]);
  if (a.staff) {
    rows.push([t('masterAgents.account'), a.staff.username]);
    rows.push([t('masterAgents.referralCode'), a.referralCode ?? t('common.none')]);
  }
  return (
    <section className="card bo-section" aria-labelledby="bo-ma-applicant">
      <h2 id="bo-ma-applicant">{t('masterAgents.details')}</h2>
      <FieldList rows={rows} testId="application-fields" />
    </section>
  );
}

function Photos({ application }: { application: MasterAgentApplicationView }) {
  const t = useT();
  const kinds = MASTER_AGENT_PHOTO_KINDS.filter((kind) => application.photos.some((p) => p.kind === kind));
  return (
    <section className="card bo-section" aria-labelledby="bo-ma-photos">
      <h2 id="bo-ma-photos">{t('masterAgents.photos')}</h2>
      <div className="bo-ma-photos">
        {kinds.map((kind) => (
          <Photo key={kind} application={application} kind={kind} />
        ))}
      </div>
    </section>
  );
}

/** One photo, read with the staff cookie and shown through a blob URL that ends with the page. */
function Photo({ application, kind }: { application: MasterAgentApplicationView; kind: MasterAgentPhotoKind }) {
  const t = useT();
  const photo = usePhotoQuery(application.id, kind);
  const meta = application.photos.find((p) => p.kind === kind);
  const url = useObjectUrl(photo.data);

  return (
    <figure className="bo-ma-photo" data-testid={`photo-${kind}`}>
      <figcaption>
        <strong>{t(`masterAgents.photo.${kind}`)}</strong>
        {meta ? (
          <span className="bo-muted"> · {t('masterAgents.photoSize', { width: meta.width, height: meta.height })}</span>
        ) : null}
      </figcaption>
      {photo.isError ? (
        <ErrorBlock error={photo.error} onRetry={() => void photo.refetch()} />
      ) : url ? (
        <>
          <img src={url} alt={t(`masterAgents.photoAlt.${kind}`, { name: applicantName(application) })} />
          <a href={url} target="_blank" rel="noreferrer">
            {t('masterAgents.photoOpen')}
          </a>
        </>
      ) : (
        <Spinner label={t('masterAgents.photoLoading')} />
      )}
    </figure>
  );
}

type Open = { kind: 'approve' | 'decline' | 'signInLink'; idempotencyKey: string } | null;

function Decision({ application }: { application: MasterAgentApplicationView }) {
  const t = useT();
  const decide = useDecisionMutation(application.id);
  const sendLink = useSendSignInLinkMutation(application.id);
  const [open, setOpen] = useState<Open>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [done, setDone] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  function start(kind: NonNullable<Open>['kind']) {
    decide.reset();
    sendLink.reset();
    setReason('');
    setReasonError(null);
    setDone(null);
    // One key per dialog: Confirm pressed again after a lost answer repeats the same decision.
    setOpen({ kind, idempotencyKey: newIdempotencyKey() });
  }

  function confirm() {
    if (!open || decide.isPending || sendLink.isPending) return;
    if (open.kind === 'signInLink') {
      sendLink.mutate(undefined, {
        onSuccess: (answer) => {
          setOpen(null);
          setDone(
            answer.linkSms === 'sent'
              ? { tone: 'success', text: t('masterAgents.signInLinkSent', { mobile: answer.sentTo }) }
              : { tone: 'error', text: t('masterAgents.signInLinkSmsFailed') },
          );
        },
      });
      return;
    }
    if (open.kind === 'decline') {
      const error = declineReasonError(reason);
      setReasonError(error);
      if (error) return;
    }
    decide.mutate(
      {
        decision: open.kind === 'approve' ? { decision: 'approve' } : { decision: 'decline', reason },
        idempotencyKey: open.idempotencyKey,
      },
      {
        onSuccess: (answer) => {
          setOpen(null);
          if (answer.application.status === 'declined') setDone({ tone: 'success', text: t('masterAgents.declined') });
          else setDone({ tone: 'success', text: t('masterAgents.approvalSent', { username: application.username }) });
        },
      },
    );
  }

  const failure = decide.isError ? decide.error : sendLink.isError ? sendLink.error : null;
  const title = !open
    ? ''
    : open.kind === 'approve'
      ? t('masterAgents.approveTitle', { id: application.id })
      : open.kind === 'decline'
        ? t('masterAgents.declineTitle', { id: application.id })
        : t('masterAgents.sendSignInLink');

  return (
    <section className="card bo-section" aria-labelledby="bo-ma-decision">
      <h2 id="bo-ma-decision">{t('masterAgents.decision')}</h2>
      {done ? (
        <Alert tone={done.tone}>
          <span data-testid="decision-result">{done.text}</span>
        </Alert>
      ) : null}
      {application.pendingApproval ? (
        <p data-testid="application-waiting">
          {t('masterAgents.waitingForSecond', { username: application.pendingApproval.proposedBy.username })}{' '}
          <Link to="/staff">{t('masterAgents.openStaffRequests')}</Link>
        </p>
      ) : null}
      {application.status === 'pending' ? (
        <div className="bo-actions">
          {application.pendingApproval ? null : (
            <Button variant="primary" onClick={() => start('approve')}>
              {t('masterAgents.approve')}
            </Button>
          )}
          <Button variant="danger" onClick={() => start('decline')}>
            {t('masterAgents.decline')}
          </Button>
        </div>
      ) : application.status === 'approved' && application.staff ? (
        <div className="bo-actions">
          <Button variant="secondary" onClick={() => start('signInLink')}>
            {t('masterAgents.sendSignInLink')}
          </Button>
        </div>
      ) : null}
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={title}
        closeLabel={t('masterAgents.close')}
        testId="application-decision-dialog"
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(null)}>
              {t('masterAgents.cancel')}
            </Button>
            <Button
              variant={open?.kind === 'decline' ? 'danger' : 'primary'}
              busy={decide.isPending || sendLink.isPending}
              onClick={confirm}
              data-autofocus={open?.kind === 'decline' ? undefined : true}
            >
              {t('masterAgents.confirm')}
            </Button>
          </>
        }
      >
        {open?.kind === 'approve' ? (
          <p>{t('masterAgents.approveText', { username: application.username, mobile: application.mobileNo })}</p>
        ) : null}
        {open?.kind === 'signInLink' ? (
          <p>
            {t('masterAgents.sendSignInLinkText', {
              username: application.staff?.username ?? application.username,
              mobile: application.mobileNo,
            })}
          </p>
        ) : null}
        {open?.kind === 'decline' ? (
          <>
            <p>{t('masterAgents.declineText')}</p>
            <TextArea
              label={t('masterAgents.reason')}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(null);
              }}
              error={reasonError ?? undefined}
              data-autofocus
            />
          </>
        ) : null}
        {failure ? <Alert tone="error">{errorText(t, failure)}</Alert> : null}
      </Dialog>
    </section>
  );
}
