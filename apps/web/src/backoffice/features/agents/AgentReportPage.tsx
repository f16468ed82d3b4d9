import { useState, type FormEvent } from 'react';
import {
  AgentRoutes,
  COMMISSION_PERIODS,
  formatPeso,
  type AgentReportRow,
  type CommissionPeriod,
} from '@karera/shared';
import { Button, SelectField, TextField } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useT, type BoT } from '../../i18n/useT.ts';
import { reportSearch, useAgentReportQuery, type ReportRange } from './agents.api.ts';
import { defaultReportRange } from './reportRange.ts';
import './agents.css';

function isPeriod(value: string): value is CommissionPeriod {
  return COMMISSION_PERIODS.some((period) => period === value);
}

function columns(t: BoT): Column<AgentReportRow>[] {
  return [
    { id: 'period', header: t('agents.report.col.period'), nowrap: true, cell: (r) => r.period },
    { id: 'agent', header: t('agents.report.col.agent'), rowHeader: true, cell: (r) => r.agentName },
    { id: 'role', header: t('agents.report.col.role'), cell: (r) => t(`roles.${r.role}`) },
    {
      id: 'turnover',
      header: t('agents.report.col.turnover'),
      numeric: true,
      nowrap: true,
      cell: (r) => formatPeso(r.turnover),
    },
    { id: 'ggr', header: t('agents.report.col.ggr'), numeric: true, nowrap: true, cell: (r) => formatPeso(r.ggr) },
    {
      id: 'commission',
      header: t('agents.report.col.commission'),
      numeric: true,
      nowrap: true,
      cell: (r) => formatPeso(r.commission),
    },
  ];
}

/** Per agent and period: turnover, GGR and commission of the caller's subtree (an admin: every agent), with CSV. */
export function AgentReportPage() {
  const t = useT();
  const [draft, setDraft] = useState<ReportRange>(defaultReportRange);
  const [range, setRange] = useState<ReportRange>(draft);
  const report = useAgentReportQuery(range);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRange(draft);
  };
  return (
    <>
      <PageHeading title={t('agents.report.title')}>
        <a className="btn btn--secondary" href={`${AgentRoutes.reportCsv}?${reportSearch(range)}`} download>
          {t('agents.report.csv')}
        </a>
      </PageHeading>
      <p className="bo-muted">{t('agents.report.intro')}</p>
      <form className="bo-agents-range" aria-label={t('agents.report.filters')} onSubmit={submit}>
        <SelectField
          label={t('agents.report.period')}
          value={draft.period}
          options={COMMISSION_PERIODS.map((value) => ({ value, label: t(`agents.commission.periods.${value}`) }))}
          onChange={(event) => {
            const period = event.target.value;
            if (isPeriod(period)) setDraft((current) => ({ ...current, period }));
          }}
        />
        <TextField
          label={t('agents.report.from')}
          type="date"
          value={draft.from}
          onChange={(event) => setDraft((current) => ({ ...current, from: event.target.value }))}
        />
        <TextField
          label={t('agents.report.to')}
          type="date"
          value={draft.to}
          onChange={(event) => setDraft((current) => ({ ...current, to: event.target.value }))}
        />
        <Button type="submit">{t('agents.report.show')}</Button>
      </form>
      {report.isPending ? (
        <LoadingBlock />
      ) : report.isError ? (
        <ErrorBlock error={report.error} onRetry={() => void report.refetch()} />
      ) : report.data.rows.length === 0 ? (
        <EmptyBlock text={t('agents.report.none')} />
      ) : (
        <DataTable
          caption={t('agents.report.caption')}
          columns={columns(t)}
          rows={report.data.rows}
          rowKey={(r) => `${r.agentId}|${r.period}`}
        />
      )}
    </>
  );
}
