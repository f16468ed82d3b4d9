import { Link, useSearchParams } from 'react-router';
import { AML_PAGE_SIZE, AML_RULES, AML_STATUSES, formatPeso, type AmlFlagView } from '@karera/shared';
import { Alert, Button, SelectField } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { UrlPagination } from '../../components/UrlPagination.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { errorText } from '../../lib/errors.ts';
import { pageFromParam } from '../../lib/format.ts';
import { useT, type BoT } from '../../i18n/useT.ts';
import { useAmlExportMutation, useAmlFlagsQuery } from './aml.api.ts';
import { ruleFilterOf, statusFilterOf } from './amlFilters.ts';
import './aml.css';

function columns(t: BoT): Column<AmlFlagView>[] {
  return [
    {
      id: 'rule',
      header: t('aml.col.rule'),
      rowHeader: true,
      cell: (f) => (
        <Link to={`/aml/${f.id}`} aria-label={t('aml.open', { id: f.id })}>
          {t(`aml.rulesShort.${f.rule}`)}
        </Link>
      ),
    },
    {
      id: 'player',
      header: t('aml.col.player'),
      cell: (f) => (
        <div>
          <div>{f.playerName}</div>
          <div className="bo-muted bo-aml-nowrap">{f.mobileNo}</div>
        </div>
      ),
    },
    { id: 'amount', header: t('aml.col.amount'), numeric: true, nowrap: true, cell: (f) => formatPeso(f.amount) },
    { id: 'status', header: t('aml.col.status'), nowrap: true, cell: (f) => <AmlStatusBadge status={f.status} /> },
    { id: 'raised', header: t('aml.col.raised'), nowrap: true, cell: (f) => <ManilaTime iso={f.raisedAt} /> },
    { id: 'id', header: t('aml.col.id'), numeric: true, cell: (f) => f.id },
  ];
}

const TONE: Record<AmlFlagView['status'], string> = {
  OPEN: '',
  NO_ACTION: ' bo-status--success',
  REPORTED: ' bo-status--danger',
};

export function AmlStatusBadge({ status }: { status: AmlFlagView['status'] }) {
  const t = useT();
  return (
    <span className={`bo-status${TONE[status]}`} data-testid="aml-status">
      {t(`aml.statuses.${status}`)}
    </span>
  );
}

/** Admin: the AML queue, newest first, open flags unless filtered otherwise; the reported cases' export. */
export function AmlQueuePage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const rule = ruleFilterOf(params.get('rule'));
  const status = statusFilterOf(params.get('status'));
  const page = pageFromParam(params.get('page'));
  const flags = useAmlFlagsQuery(rule, status, page);
  const exportReports = useAmlExportMutation();

  const setFilter = (name: 'rule' | 'status', value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(name, value);
      next.delete('page');
      return next;
    });

  return (
    <>
      <PageHeading title={t('aml.title')}>
        <Button variant="secondary" onClick={() => exportReports.mutate()} disabled={exportReports.isPending}>
          {exportReports.isPending ? t('aml.exporting') : t('aml.exportReports')}
        </Button>
      </PageHeading>
      <p className="bo-muted">{t('aml.intro')}</p>
      {exportReports.isSuccess ? (
        <Alert tone="success">{t('aml.exported', { file: exportReports.data })}</Alert>
      ) : exportReports.isError ? (
        <Alert tone="error">{errorText(t, exportReports.error)}</Alert>
      ) : null}
      <form className="bo-aml-filters" aria-label={t('aml.filters')} onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label={t('aml.rule')}
          value={rule ?? 'all'}
          options={[
            { value: 'all', label: t('aml.all') },
            ...AML_RULES.map((value) => ({ value, label: t(`aml.rules.${value}`) })),
          ]}
          onChange={(event) => setFilter('rule', event.target.value)}
        />
        <SelectField
          label={t('aml.status')}
          value={status ?? 'all'}
          options={[
            ...AML_STATUSES.map((value) => ({ value, label: t(`aml.statuses.${value}`) })),
            { value: 'all', label: t('aml.all') },
          ]}
          onChange={(event) => setFilter('status', event.target.value)}
        />
      </form>
      {flags.isPending ? (
        <LoadingBlock />
      ) : flags.isError ? (
        <ErrorBlock error={flags.error} onRetry={() => void flags.refetch()} />
      ) : flags.data.flags.length === 0 ? (
        <EmptyBlock text={t('aml.empty')} />
      ) : (
        <>
          <DataTable caption={t('aml.caption')} columns={columns(t)} rows={flags.data.flags} rowKey={(f) => f.id} />
          <UrlPagination page={page} pageSize={AML_PAGE_SIZE} total={flags.data.total} busy={flags.isFetching} />
        </>
      )}
    </>
  );
}
