import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { KYC_ID_TYPE_LABELS, KYC_PHOTO_KINDS, type KycPhotoKind, type KycSubmissionView } from '@karera/shared';
import { Alert, Button, Spinner, TextArea } from '../../../components/ui/index.ts';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { FieldList } from '../../components/FieldRow.tsx';
import { useObjectUrl } from '../../lib/useObjectUrl.ts';
import { ErrorBlock } from '../../components/QueryState.tsx';
import { RecordNotFound, RecordPage, recordIdOf } from '../../components/RecordPage.tsx';
import { errorText } from '../../lib/errors.ts';
import { useT } from '../../i18n/useT.ts';
import { useKycDecisionMutation, useKycPhotoQuery, useKycSubmissionQuery } from './kyc.api.ts';
import './kyc.css';

/** Admin: one verification with its photos, other accounts with the same ID, and the decision. */
export function KycReviewPage() {
  const t = useT();
  const id = recordIdOf(useParams().submissionId);
  if (id === null) return <RecordNotFound title={t('kyc.notFound')} backTo="/kyc" backLabel={t('kyc.back')} />;
  return <Review key={id} id={id} />;
}

function Review({ id }: { id: number }) {
  const t = useT();
  const detail = useKycSubmissionQuery(id);
  return (
    <RecordPage title={t('kyc.detailTitle', { id })} backTo="/kyc" backLabel={t('kyc.back')} query={detail}>
      {(data) => (
        <>
          <KycFields submission={data.submission} />
          <section className="card bo-section" aria-labelledby="bo-kyc-photos">
            <h2 id="bo-kyc-photos">{t('kyc.photos')}</h2>
            <div className="bo-kyc-photos">
              {KYC_PHOTO_KINDS.filter((kind) => data.submission.photos.some((p) => p.kind === kind)).map((kind) => (
                <Photo key={kind} submission={data.submission} kind={kind} />
              ))}
            </div>
          </section>
          {data.submission.status === 'pending' ? <Decision submission={data.submission} /> : null}
        </>
      )}
    </RecordPage>
  );
}

/** The submission's fields (also on the player's page). */
export function KycFields({ submission: s }: { submission: KycSubmissionView }) {
  const t = useT();
  const rows: [string, ReactNode][] = [
    [
      t('kyc.status'),
      <span key="status" data-testid="kyc-review-status">
        {t(`kyc.statuses.${s.status}`)}
      </span>,
    ],
    [t('kyc.legalName'), s.legalName],
    [t('kyc.dateOfBirth'), s.dateOfBirth],
    [t('kyc.idType'), KYC_ID_TYPE_LABELS[s.idType]],
    [t('kyc.idNumber'), s.idNumber],
    [
      t('kyc.player'),
      <Link key="player" to={`/players/${s.playerId}`}>
        {s.mobileNo}
      </Link>,
    ],
    [t('kyc.submitted'), <ManilaTime key="submitted" iso={s.submittedAt} />],
    [
      t('kyc.duplicates'),
      s.duplicateOf.length === 0 ? (
        t('kyc.duplicatesNone')
      ) : (
        <strong key="dups">
          {s.duplicateOf.map((d, i) => (
            <span key={d.playerId}>
              {i > 0 ? ', ' : ''}
              <Link to={`/players/${d.playerId}`}>{d.mobileNo}</Link>
            </span>
          ))}
        </strong>
      ),
    ],
  ];
  if (s.decidedAt) {
    rows.push([t('kyc.decidedAt'), <ManilaTime key="decided" iso={s.decidedAt} />]);
    rows.push([t('kyc.decidedBy'), s.decidedBy?.username ?? '']);
  }
  if (s.reason) rows.push([t('kyc.reason'), s.reason]);
  return (
    <section className="card bo-section" aria-labelledby={`bo-kyc-details-${s.id}`}>
      <h2 id={`bo-kyc-details-${s.id}`}>{t('kyc.details')}</h2>
      <FieldList rows={rows} />
    </section>
  );
}

/** One photo, read with the staff cookie and shown through a blob URL that ends with the page. */
function Photo({ submission, kind }: { submission: KycSubmissionView; kind: KycPhotoKind }) {
  const t = useT();
  const photo = useKycPhotoQuery(submission.id, kind);
  const url = useObjectUrl(photo.data);
  return (
    <figure className="bo-kyc-photo" data-testid={`kyc-photo-${kind}`}>
      <figcaption>
        <strong>{t(`kyc.photo.${kind}`)}</strong>
      </figcaption>
      {photo.isError ? (
        <ErrorBlock error={photo.error} onRetry={() => void photo.refetch()} />
      ) : url ? (
        <img src={url} alt={t(`kyc.photoAlt.${kind}`, { name: submission.legalName })} />
      ) : (
        <Spinner label={t('kyc.photoLoading')} />
      )}
    </figure>
  );
}

function Decision({ submission }: { submission: KycSubmissionView }) {
  const t = useT();
  const decide = useKycDecisionMutation(submission.id);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  function withReason(decision: 'reject' | 'ask-again') {
    const trimmed = reason.trim();
    if (trimmed.length < 5 || trimmed.length > 300) {
      setReasonError(t('kyc.reasonError'));
      return;
    }
    setReasonError(null);
    decide.mutate({ decision, reason: trimmed });
  }

  return (
    <section className="card bo-section" aria-labelledby="bo-kyc-decision">
      <h2 id="bo-kyc-decision">{t('kyc.decision')}</h2>
      <TextArea
        label={t('kyc.reasonLabel')}
        value={reason}
        error={reasonError ?? undefined}
        maxLength={300}
        onChange={(event) => setReason(event.target.value)}
      />
      {decide.isError ? <Alert tone="error">{errorText(t, decide.error)}</Alert> : null}
      <div className="bo-actions">
        <Button disabled={decide.isPending} onClick={() => decide.mutate({ decision: 'approve' })}>
          {t('kyc.approve')}
        </Button>
        <Button variant="secondary" disabled={decide.isPending} onClick={() => withReason('ask-again')}>
          {t('kyc.askAgain')}
        </Button>
        <Button variant="danger" disabled={decide.isPending} onClick={() => withReason('reject')}>
          {t('kyc.reject')}
        </Button>
      </div>
    </section>
  );
}
