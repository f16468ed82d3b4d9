import { useEffect, useState, type ReactNode } from 'react';
import { TextField } from '../../../components/ui/index.ts';
import { Pagination } from '../../components/Pagination.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useRecordsQuery, type RecordKind } from '../../lib/records.ts';
import { useT } from '../../i18n/useT.ts';

type Answer = NonNullable<ReturnType<typeof useRecordsQuery>['data']>;

/** A list of records by name: a search by name prefix (applied as typed, after a short pause), a page at a time. */
export function RecordSearch({ kind, children }: { kind: RecordKind; children: (answer: Answer) => ReactNode }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useRecordsQuery(kind, q, page);
  return (
    <>
      <search>
        <TextField
          label={t('records.search')}
          hint={t('records.searchHint')}
          type="search"
          name="q"
          autoComplete="off"
          maxLength={60}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </search>
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyBlock text={t('records.empty')} />
      ) : (
        <>
          {children(list.data)}
          <Pagination
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            busy={list.isFetching}
            onPageChange={setPage}
          />
        </>
      )}
    </>
  );
}
