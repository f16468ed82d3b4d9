import { useQuery } from '@tanstack/react-query';
import { NotificationOperations, type NotificationStatsResponse } from '@karera/shared';
import { callOperation } from '../../lib/callOperation.ts';
import { useT } from '../i18n/useT.ts';
import { DataTable, type Column } from './DataTable.tsx';
import { ErrorBlock, LoadingBlock } from './QueryState.tsx';

type Row = NotificationStatsResponse['channels'][number];

/** The dashboard's notification deliveries per channel over 24 hours (admins, decision 055). */
export function NotificationStatsSection() {
  const t = useT();
  const stats = useQuery({
    queryKey: ['backoffice', 'notifications', 'stats'],
    queryFn: ({ signal }) => callOperation(NotificationOperations.stats, { signal }),
    refetchInterval: 60_000,
  });
  const columns: Column<Row>[] = [
    { id: 'channel', header: t('notifications.channel'), rowHeader: true, cell: (r) => r.channel },
    { id: 'delivered', header: t('notifications.delivered'), numeric: true, cell: (r) => r.delivered },
    { id: 'pending', header: t('notifications.waiting'), numeric: true, cell: (r) => r.pending },
    { id: 'failed', header: t('notifications.failed'), numeric: true, cell: (r) => r.failed },
    { id: 'other', header: t('notifications.other'), numeric: true, cell: (r) => r.other },
  ];
  return (
    <section className="bo-section" aria-labelledby="bo-dash-notifications" data-testid="dashboard-notifications">
      <h2 id="bo-dash-notifications">{t('notifications.statsTitle')}</h2>
      {stats.isPending ? (
        <LoadingBlock />
      ) : stats.isError ? (
        <ErrorBlock error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <DataTable
          caption={t('notifications.statsCaption')}
          columns={columns}
          rows={stats.data.channels}
          rowKey={(r) => r.channel}
        />
      )}
    </section>
  );
}
