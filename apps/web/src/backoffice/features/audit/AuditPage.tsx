import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BackofficeRoutes, type AuditEntryView, type AuditListResponse } from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { compactJson, pageFromParam } from '../../lib/format.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { useT, type BoT } from '../../i18n/useT.ts';

const ACTOR_TYPE_KEYS = {
  staff: 'audit.actorStaff',
  player: 'audit.actorPlayer',
  system: 'audit.actorSystem',
} as const satisfies Record<AuditEntryView['actorType'], `audit.${string}`>;

function auditColumns(t: BoT): Column<AuditEntryView>[] {
  return [
    { id: 'id', header: t('audit.colId'), numeric: true, rowHeader: true, cell: (e) => e.id },
    { id: 'date', header: t('audit.colDate'), nowrap: true, cell: (e) => <ManilaTime iso={e.createdAt} /> },
    {
      id: 'actor',
      header: t('audit.colActor'),
      cell: (e) => (
        <>
          {e.actorName ?? (e.actorId !== null ? `#${e.actorId}` : t('common.none'))}{' '}
          <span className="bo-muted">({t(ACTOR_TYPE_KEYS[e.actorType])})</span>
        </>
      ),
    },
    { id: 'action', header: t('audit.colAction'), nowrap: true, cell: (e) => <code>{e.action}</code> },
    {
      id: 'target',
      header: t('audit.colTarget'),
      cell: (e) =>
        e.targetType === null && e.targetId === null
          ? t('common.none')
          : [e.targetType, e.targetId === null ? null : `#${e.targetId}`].filter(Boolean).join(' '),
    },
    {
      id: 'details',
      header: t('audit.colDetails'),
      cell: (e) => <code className="bo-json">{compactJson(e.details)}</code>,
    },
    { id: 'ip', header: t('audit.colIp'), nowrap: true, cell: (e) => e.ip ?? t('common.none') },
  ];
}

export function AuditPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const audit = useQuery({
    queryKey: queryKeys.audit(page),
    queryFn: ({ signal }) => apiRequest<AuditListResponse>(`${BackofficeRoutes.audit}?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeading title={t('audit.title')} />
      {audit.isPending ? (
        <LoadingBlock />
      ) : audit.isError ? (
        <ErrorBlock error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <div aria-busy={audit.isPlaceholderData || undefined}>
          {audit.data.entries.length === 0 ? (
            <EmptyBlock text={t('audit.empty')} />
          ) : (
            <DataTable
              caption={t('audit.caption')}
              columns={auditColumns(t)}
              rows={audit.data.entries}
              rowKey={(e) => e.id}
            />
          )}
          {audit.data.total > 0 ? (
            <Pagination
              page={audit.data.page}
              pageSize={audit.data.pageSize}
              total={audit.data.total}
              busy={audit.isPlaceholderData}
              onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
            />
          ) : null}
        </div>
      )}
    </>
  );
}
