import { useQuery } from '@tanstack/react-query';
import { NotificationOperations, type StaffPlayerNoticesResponse } from '@karera/shared';
import { callOperation } from '../../lib/callOperation.ts';
import { useT } from '../i18n/useT.ts';
import { DataTable, type Column } from './DataTable.tsx';
import { ManilaTime } from './ManilaTime.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from './QueryState.tsx';

type Notice = StaffPlayerNoticesResponse['notices'][number];

/**
 * A player's notices on their page (admins, decision 055): each with every channel's delivery and its attempts.
 * Here, below the features, because the players page shows it and features never import each other.
 */
export function NoticesSection({ playerId }: { playerId: number }) {
  const t = useT();
  const notices = useQuery({
    queryKey: ['backoffice', 'notifications', 'player', playerId],
    queryFn: ({ signal }) => callOperation(NotificationOperations.staffPlayerNotices, { params: { playerId }, signal }),
  });
  const columns: Column<Notice>[] = [
    { id: 'notice', header: t('notifications.notice'), rowHeader: true, cell: (n) => n.title },
    { id: 'sent', header: t('notifications.sent'), nowrap: true, cell: (n) => <ManilaTime iso={n.createdAt} /> },
    {
      id: 'read',
      header: t('notifications.read'),
      nowrap: true,
      cell: (n) => (n.readAt ? <ManilaTime iso={n.readAt} /> : t('notifications.unread')),
    },
    {
      id: 'deliveries',
      header: t('notifications.deliveries'),
      cell: (n) => (
        <ul>
          {n.deliveries.map((d) => (
            <li key={d.channel}>
              {t('notifications.delivery', { channel: d.channel, status: d.status, attempts: d.attempts })}
              {d.lastError ? <> · {d.lastError}</> : null}
              {d.tries.length > 0 ? (
                <ul>
                  {d.tries.map((a) => (
                    <li key={a.attempt}>
                      {t('notifications.attempt', {
                        attempt: a.attempt,
                        time: new Date(a.startedAt).toLocaleString('en-PH', { timeZone: 'Asia/Manila' }),
                        outcome: a.outcome ?? t('notifications.pending'),
                      })}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <section className="card bo-section" aria-labelledby="bo-player-notices" data-testid="player-notices">
      <h2 id="bo-player-notices">{t('notifications.playerTitle')}</h2>
      {notices.isPending ? (
        <LoadingBlock />
      ) : notices.isError ? (
        <ErrorBlock error={notices.error} onRetry={() => void notices.refetch()} />
      ) : notices.data.notices.length === 0 ? (
        <EmptyBlock text={t('notifications.playerEmpty')} />
      ) : (
        <DataTable
          caption={t('notifications.playerCaption')}
          columns={columns}
          rows={notices.data.notices}
          rowKey={(n) => n.id}
        />
      )}
    </section>
  );
}
