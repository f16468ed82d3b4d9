import { formatPeso, type Carryover } from '@karera/shared';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useT } from '../../i18n/useT.ts';
import { useCarryoversQuery } from './tote.api.ts';
import { ToteSections } from './ToteSections.tsx';
import './tote.css';

/** Jackpots and pools waiting for their next race (/tote/carryovers). */
export function CarryoversPage() {
  const t = useT();
  const carryovers = useCarryoversQuery();
  const columns: Column<Carryover>[] = [
    {
      id: 'type',
      header: t('carryovers.colBetType'),
      cell: (row) => `${row.betTypeName} (${row.betType})`,
      rowHeader: true,
    },
    { id: 'amount', header: t('carryovers.colAmount'), cell: (row) => formatPeso(row.amount), numeric: true },
  ];
  return (
    <>
      <PageHeading title={t('tote.carryoversTitle')} />
      <ToteSections />
      {carryovers.isPending ? (
        <LoadingBlock />
      ) : carryovers.isError ? (
        <ErrorBlock error={carryovers.error} onRetry={() => void carryovers.refetch()} />
      ) : carryovers.data.carryovers.length === 0 ? (
        <EmptyBlock text={t('carryovers.empty')} />
      ) : (
        <DataTable
          caption={t('carryovers.caption')}
          columns={columns}
          rows={carryovers.data.carryovers}
          rowKey={(row) => row.betType}
        />
      )}
    </>
  );
}
