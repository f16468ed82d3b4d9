import { Link, useSearchParams } from 'react-router';
import { MASTER_AGENT_APPLICATION_STATUSES, type MasterAgentApplicationSummary } from '@karera/shared';
import { SelectField } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { UrlPagination } from '../../components/UrlPagination.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { pageFromParam } from '../../lib/format.ts';
import { useT, type BoT } from '../../i18n/useT.ts';
import { applicantName, statusFilterOf } from './applications.ts';
import { ApplicationStatus } from './ApplicationStatus.tsx';
import { useApplicationsQuery } from './masterAgents.api.ts';
import './masteragents.css';

function columns(t: BoT): Column<MasterAgentApplicationSummary>[] {
  return [
    {
      id: 'name',
      header: t('masterAgents.col.name'),
      rowHeader: true,
      cell: (a) => (
        <Link to={`/master-agent-applications/${a.id}`} aria-label={t('masterAgents.open', { id: a.id })}>
          {applicantName(a)}
        </Link>
      ),
    },
    { id: 'username', header: t('masterAgents.col.username'), cell: (a) => a.username },
    { id: 'mobile', header: t('masterAgents.col.mobile'), nowrap: true, cell: (a) => a.mobileNo },
    { id: 'status', header: t('masterAgents.col.status'), cell: (a) => <ApplicationStatus status={a.status} /> },
    {
      id: 'received',
      header: t('masterAgents.col.received'),
      nowrap: true,
      cell: (a) => <ManilaTime iso={a.createdAt} />,
    },
    { id: 'id', header: t('masterAgents.col.id'), numeric: true, cell: (a) => a.id },
  ];
}

/** Admin: master-agent applications by status (pending first), newest first. */
export function ApplicationsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const status = statusFilterOf(params.get('status'));
  const page = pageFromParam(params.get('page'));
  const applications = useApplicationsQuery(status, page);

  return (
    <>
      <PageHeading title={t('masterAgents.title')} />
      <p className="bo-muted">{t('masterAgents.intro')}</p>
      <form className="bo-ma-filters" aria-label={t('masterAgents.filters')} onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label={t('masterAgents.status')}
          value={status ?? 'all'}
          options={[...MASTER_AGENT_APPLICATION_STATUSES, 'all' as const].map((value) => ({
            value,
            label: t(`masterAgents.statuses.${value}`),
          }))}
          onChange={(event) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('status', event.target.value);
              next.delete('page');
              return next;
            })
          }
        />
      </form>
      {applications.isPending ? (
        <LoadingBlock />
      ) : applications.isError ? (
        <ErrorBlock error={applications.error} onRetry={() => void applications.refetch()} />
      ) : applications.data.applications.length === 0 ? (
        <EmptyBlock text={t('masterAgents.empty')} />
      ) : (
        <>
          <DataTable
            caption={t('masterAgents.caption')}
            columns={columns(t)}
            rows={applications.data.applications}
            rowKey={(a) => a.id}
          />
          <UrlPagination
            page={page}
            pageSize={applications.data.pageSize}
            total={applications.data.total}
            busy={applications.isFetching}
          />
        </>
      )}
    </>
  );
}
