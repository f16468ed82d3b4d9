import { useSearchParams } from 'react-router';
import { Pagination, type PaginationProps } from './Pagination.tsx';

/** Pagination whose page is the address's ?page= (so a page can be linked to and Back returns to it). */
export function UrlPagination(props: Omit<PaginationProps, 'onPageChange'>) {
  const [, setParams] = useSearchParams();
  return (
    <Pagination
      {...props}
      onPageChange={(next) =>
        setParams((current) => {
          const updated = new URLSearchParams(current);
          updated.set('page', String(next));
          return updated;
        })
      }
    />
  );
}
