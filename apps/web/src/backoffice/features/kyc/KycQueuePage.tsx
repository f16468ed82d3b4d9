import { Link, useSearchParams } from 'react-router';
import {
  KYC_ID_TYPE_LABELS,
  KYC_SUBMISSION_STATUSES,
  type KycSubmissionStatus,
  type KycSubmissionView,
} from '@karera/shared';
import { SelectField } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useT, type BoT } from '../../i18n/useT.ts';
import { useKycQueueQuery } from './kyc.api.ts';

export function kycStatusOf(value: string | null): KycSubmissionStatus {
  return (KYC_SUBMISSION_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as KycSubmissionStatus)
    : 'pending';
}

function columns(t: BoT): Column<KycSubmissionView>[] {
  return [
    {
      id: 'name',
      header: t('kyc.col.name'),
      rowHeader: true,
      cell: (s) => (
        <Link to={`/kyc/${s.id}`} aria-label={t('kyc.open', { id: s.id })}>
          {s.legalName}
        </Link>
      ),
    },
    { id: 'mobile', header: t('kyc.col.mobile'), nowrap: true, cell: (s) => s.mobileNo },
    { id: 'idType', header: t('kyc.col.idType'), cell: (s) => KYC_ID_TYPE_LABELS[s.idType] },
    { id: 'status', header: t('kyc.col.status'), cell: (s) => t(`kyc.statuses.${s.status}`) },
    {
      id: 'flags',
      header: t('kyc.col.flags'),
      cell: (s) => (s.duplicateOf.length > 0 ? <strong>{t('kyc.duplicateFlag')}</strong> : ''),
    },
    { id: 'submitted', header: t('kyc.col.submitted'), nowrap: true, cell: (s) => <ManilaTime iso={s.submittedAt} /> },
    { id: 'id', header: t('kyc.col.id'), numeric: true, cell: (s) => s.id },
  ];
}

/** Admin: identity verifications by status, the pending ones oldest first (the queue to work through). */
export function KycQueuePage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const status = kycStatusOf(params.get('status'));
  const queue = useKycQueueQuery(status);
  return (
    <>
      <PageHeading title={t('kyc.title')} />
      <p className="bo-muted">{t('kyc.intro')}</p>
      <form aria-label={t('kyc.filter')} onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label={t('kyc.filter')}
          value={status}
          options={KYC_SUBMISSION_STATUSES.map((value) => ({ value, label: t(`kyc.statuses.${value}`) }))}
          onChange={(event) => setParams(new URLSearchParams({ status: event.target.value }))}
        />
      </form>
      {queue.isPending ? (
        <LoadingBlock />
      ) : queue.isError ? (
        <ErrorBlock error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.submissions.length === 0 ? (
        <EmptyBlock text={t('kyc.empty')} />
      ) : (
        <DataTable caption={t('kyc.caption')} columns={columns(t)} rows={queue.data.submissions} rowKey={(s) => s.id} />
      )}
    </>
  );
}
