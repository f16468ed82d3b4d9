import type { SmsOutboxEntry } from '@karera/shared';
import { Button, TextField } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useUrlSearch } from '../../lib/useUrlSearch.ts';
import { useT, type BoT } from '../../i18n/useT.ts';
import { useSmsOutboxQuery } from './outbox.api.ts';
import { mobileSearchTerm, newestFirst, statusTone } from './outbox.ts';

const STATUS_KEYS = {
  stored: 'outbox.statusStored',
  sent: 'outbox.statusSent',
  failed: 'outbox.statusFailed',
} as const satisfies Record<SmsOutboxEntry['status'], `outbox.${string}`>;

function outboxColumns(t: BoT): Column<SmsOutboxEntry>[] {
  return [
    { id: 'date', header: t('outbox.colDate'), nowrap: true, cell: (m) => <ManilaTime iso={m.createdAt} /> },
    { id: 'mobile', header: t('outbox.colMobile'), rowHeader: true, nowrap: true, cell: (m) => m.mobileNo },
    { id: 'message', header: t('outbox.colMessage'), cell: (m) => <span className="bo-prewrap">{m.message}</span> },
    { id: 'purpose', header: t('outbox.colPurpose'), nowrap: true, cell: (m) => <code>{m.purpose}</code> },
    {
      id: 'status',
      header: t('outbox.colStatus'),
      nowrap: true,
      cell: (m) => (
        <span className={`bo-status bo-status--${statusTone(m.status)}`}>
          {STATUS_KEYS[m.status] ? t(STATUS_KEYS[m.status]) : m.status}
        </span>
      ),
    },
  ];
}

/**
 * Every SMS the server sent or stored (OTP codes among them), for support: a player who did not get a
 * code can be read it. Admin only. Search and page live in the address.
 */
export function OutboxPage() {
  const t = useT();
  const { q, page, draft, setDraft, submit, goToPage } = useUrlSearch(mobileSearchTerm);
  const outbox = useSmsOutboxQuery(q, page);

  return (
    <>
      <PageHeading title={t('outbox.title')} />
      <form role="search" className="bo-search" onSubmit={submit}>
        <TextField
          label={t('outbox.searchLabel')}
          hint={t('outbox.searchHint')}
          type="search"
          name="q"
          inputMode="tel"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit">{t('outbox.searchSubmit')}</Button>
      </form>
      {outbox.isPending ? (
        <LoadingBlock />
      ) : outbox.isError ? (
        <ErrorBlock error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : (
        <div aria-busy={outbox.isPlaceholderData || undefined} className="bo-results">
          {outbox.data.messages.length === 0 ? (
            <EmptyBlock text={t('outbox.empty')} />
          ) : (
            <DataTable
              caption={t('outbox.caption')}
              columns={outboxColumns(t)}
              rows={newestFirst(outbox.data.messages)}
              rowKey={(m) => m.id}
            />
          )}
          {outbox.data.total > 0 ? (
            <Pagination
              page={outbox.data.page}
              pageSize={outbox.data.pageSize}
              total={outbox.data.total}
              onPageChange={goToPage}
              busy={outbox.isPlaceholderData}
            />
          ) : null}
        </div>
      )}
    </>
  );
}
