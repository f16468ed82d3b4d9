import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BackofficeOperations } from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { pageFromParam } from '../../lib/format.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { useT } from '../../i18n/useT.ts';

export function ContactsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const contacts = useQuery({
    queryKey: queryKeys.contacts(page),
    queryFn: ({ signal }) => callOperation(BackofficeOperations.contacts, { query: `page=${page}`, signal }),
    placeholderData: keepPreviousData,
  });

  const messages = (contacts.data?.messages ?? []).toSorted(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
  );

  return (
    <>
      <PageHeading title={t('contacts.title')} />
      {contacts.isPending ? (
        <LoadingBlock />
      ) : contacts.isError ? (
        <ErrorBlock error={contacts.error} onRetry={() => void contacts.refetch()} />
      ) : (
        <div aria-busy={contacts.isPlaceholderData || undefined}>
          {messages.length === 0 ? (
            <EmptyBlock text={t('contacts.empty')} />
          ) : (
            <ul className="bo-cards" aria-label={t('contacts.listLabel')}>
              {messages.map((message) => (
                <li key={message.id}>
                  <article className="card bo-message" aria-labelledby={`bo-contact-${message.id}`}>
                    <h2 id={`bo-contact-${message.id}`} className="bo-message__name">
                      {message.name}
                    </h2>
                    <dl className="bo-fields">
                      <div className="bo-fields__row">
                        <dt>{t('contacts.email')}</dt>
                        <dd>
                          <a href={`mailto:${message.email}`}>{message.email}</a>
                        </dd>
                      </div>
                      <div className="bo-fields__row">
                        <dt>{t('contacts.reason')}</dt>
                        <dd>{message.reason}</dd>
                      </div>
                      <div className="bo-fields__row">
                        <dt>{t('contacts.received')}</dt>
                        <dd>
                          <ManilaTime iso={message.createdAt} />
                        </dd>
                      </div>
                      <div className="bo-fields__row bo-fields__row--block">
                        <dt>{t('contacts.notes')}</dt>
                        <dd className="bo-prewrap">{message.notes}</dd>
                      </div>
                    </dl>
                  </article>
                </li>
              ))}
            </ul>
          )}
          {contacts.data.total > 0 ? (
            <Pagination
              page={contacts.data.page}
              pageSize={contacts.data.pageSize}
              total={contacts.data.total}
              busy={contacts.isPlaceholderData}
              onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
            />
          ) : null}
        </div>
      )}
    </>
  );
}
