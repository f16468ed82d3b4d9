import { Button } from '../../components/ui/index.ts';
import { useT } from '../i18n/useT.ts';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  busy?: boolean;
}

export function Pagination({ page, pageSize, total, onPageChange, busy }: PaginationProps) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  return (
    <nav className="bo-pagination" aria-label={t('pagination.label')}>
      <Button variant="secondary" disabled={page <= 1 || busy} onClick={() => onPageChange(Math.min(page - 1, pages))}>
        {t('pagination.previous')}
      </Button>
      <span className="bo-pagination__status" aria-live="polite">
        {t('pagination.status', { page, pages, total })}
      </span>
      <Button variant="secondary" disabled={page >= pages || busy} onClick={() => onPageChange(page + 1)}>
        {t('pagination.next')}
      </Button>
    </nav>
  );
}
