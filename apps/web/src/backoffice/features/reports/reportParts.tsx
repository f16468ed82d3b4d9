import { useState, type ReactNode } from 'react';
import { formatPeso, type ReportRange } from '@karera/shared';
import { Button } from '../../../components/ui/index.ts';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useT } from '../../i18n/useT.ts';
import { downloadText } from './reportCsv.ts';

/** The parts every report section is made of: its totals, its CSV button and its loading states. */

export const fileName = (kind: string, range: ReportRange) => `karera-report-${kind}-${range.from}-to-${range.to}.csv`;

export function Totals({ items }: { items: [label: string, centavos: number][] }) {
  const t = useT();
  return (
    <dl className="bo-report-totals" aria-label={t('reports.totals')}>
      {items.map(([label, amount]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{formatPeso(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CsvButton({ fileName, csv, label }: { fileName: string; csv: () => string; label?: string }) {
  const t = useT();
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <div className="bo-report-toolbar">
      <Button
        variant="secondary"
        onClick={() => {
          downloadText(fileName, csv());
          setSaved(fileName);
        }}
      >
        {label ?? t('reports.downloadCsv')}
      </Button>
      {saved ? (
        <span role="status" className="bo-muted">
          {t('reports.downloaded', { file: saved })}
        </span>
      ) : null}
    </div>
  );
}

/** Loading, error and empty states around a report's content. */
export function ReportState<T>({
  query,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) return <LoadingBlock />;
  if (query.isError || query.data === undefined)
    return <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty(query.data)) return <EmptyBlock text={t('reports.empty')} />;
  return <>{children(query.data)}</>;
}
