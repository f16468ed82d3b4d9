import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageHeading } from './PageHeading.tsx';
import { ErrorBlock, LoadingBlock } from './QueryState.tsx';

/** A record's id as the URL gives it: a positive whole number that fits the database's ids, else null. */
export function recordIdOf(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return id <= 2 ** 31 - 1 ? id : null;
}

interface BackLink {
  /** Where the page's back link goes (the queue or list the record belongs to). */
  backTo: string;
  backLabel: string;
}

/** A URL whose id cannot be a record: the not-found heading and the way back. */
export function RecordNotFound({ title, backTo, backLabel }: BackLink & { title: string }) {
  return (
    <>
      <PageHeading title={title} />
      <Link to={backTo}>{backLabel}</Link>
    </>
  );
}

/**
 * One record's page (a verification to review, an AML flag, an application, a promo, an event): its
 * heading with the back link, then loading, the error with a retry, or the record's sections in
 * `className` (bo-detail unless told). `recordTitle` names the loaded record; `title` stands until then.
 */
export function RecordPage<T>({
  title,
  recordTitle,
  className = 'bo-detail',
  backTo,
  backLabel,
  query,
  children,
}: BackLink & {
  title: string;
  recordTitle?: (record: T) => string;
  className?: string;
  query: UseQueryResult<T>;
  children: (record: T) => ReactNode;
}) {
  return (
    <>
      <PageHeading title={query.isSuccess && recordTitle ? recordTitle(query.data) : title}>
        <Link to={backTo} className="bo-back">
          {backLabel}
        </Link>
      </PageHeading>
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className={className}>{children(query.data)}</div>
      )}
    </>
  );
}
