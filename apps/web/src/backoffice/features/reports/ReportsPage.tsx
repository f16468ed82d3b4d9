import { useMemo, useState, type FormEvent } from 'react';
import { Link, NavLink, Route, Routes, useSearchParams } from 'react-router';
import {
  formatPeso,
  GAMING_FIGURES,
  REPORT_MAX_DAYS,
  reportRangeProblem,
  type GamingGroup,
  type GamingRow,
  type PaymentReportRow,
  type PromotionFigures,
  type ReportRange,
} from '@karera/shared';
import { Alert, Button, TextField } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useT, type BoT } from '../../i18n/useT.ts';
import { BarChart } from './BarChart.tsx';
import { rangeFromParams } from './reportRange.ts';
import { reportCsv, type CsvColumn } from './reportCsv.ts';
import { CsvButton, fileName, ReportState, Totals } from './reportParts.tsx';
import { TaxReport } from './TaxReport.tsx';
import { useGamingReport, usePaymentReport, usePromotionReport } from './reports.api.ts';
import './reports.css';

type GamingSection = 'days' | 'events' | 'races' | 'pools';
type Section = GamingSection | 'payments' | 'promotions' | 'taxes';

const GAMING_SECTIONS: Record<GamingGroup, { section: GamingSection; path: string }> = {
  day: { section: 'days', path: '' },
  event: { section: 'events', path: 'events' },
  race: { section: 'races', path: 'races' },
  pool: { section: 'pools', path: 'pools' },
};

/** The report pages, as links that keep the chosen range. The per-agent report belongs to the agent network. */
function ReportTabs({ search }: { search: string }) {
  const t = useT();
  const tabs: { to: string; section: Section }[] = [
    // Absolute: inside the reports/* route a relative link would resolve from the current sub-page.
    ...Object.values(GAMING_SECTIONS).map(({ section, path }) => ({
      to: `/reports${path ? `/${path}` : ''}`,
      section,
    })),
    { to: '/reports/payments', section: 'payments' },
    { to: '/reports/promotions', section: 'promotions' },
    { to: '/reports/taxes', section: 'taxes' },
  ];
  return (
    <nav className="bo-report-tabs" aria-label={t('reports.sections')}>
      {tabs.map(({ to, section }) => (
        <NavLink key={section} to={{ pathname: to, search }} end className="bo-report-tabs__link">
          {t(`reports.tabs.${section}`)}
        </NavLink>
      ))}
      {/* Issue 23: the per-agent and per-master-agent report is the agent network's (its own page). */}
      <Link to="/agents/report" className="bo-report-tabs__link" title={t('reports.agentsNote')}>
        {t('reports.tabs.agents')}
      </Link>
    </nav>
  );
}

function RangeForm({ range, onApply }: { range: ReportRange; onApply: (range: ReportRange) => void }) {
  const t = useT();
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = reportRangeProblem(draft.from, draft.to);
    setProblem(found);
    if (!found) onApply(draft);
  };
  return (
    <form className="bo-filters" aria-label={t('reports.range.label')} onSubmit={submit} noValidate>
      <TextField
        label={t('reports.range.from')}
        type="date"
        required
        value={draft.from}
        onChange={(event) => setDraft({ ...draft, from: event.target.value })}
      />
      <TextField
        label={t('reports.range.to')}
        type="date"
        required
        value={draft.to}
        error={problem ?? undefined}
        onChange={(event) => setDraft({ ...draft, to: event.target.value })}
      />
      <div className="bo-actions bo-filters__actions">
        <Button type="submit">{t('reports.range.show')}</Button>
      </div>
    </form>
  );
}

function rowLabel(t: BoT, by: GamingGroup, row: GamingRow): string {
  const race = row.raceNo === null ? '' : t('reports.raceNo', { no: row.raceNo });
  switch (by) {
    case 'day':
      return row.day ?? '';
    case 'event':
      return row.eventName ?? '';
    case 'race':
      return `${row.eventName ?? ''} ${race}`.trim();
    case 'pool':
      return `${row.eventName ?? ''} ${race} ${row.betType ?? ''}`.trim();
  }
}

function gamingKeyColumns(t: BoT, by: GamingGroup): { table: Column<GamingRow>[]; csv: CsvColumn<GamingRow>[] } {
  const keys: { id: string; header: string; value: (row: GamingRow) => string }[] = [
    { id: 'day', header: t('reports.col.day'), value: (row) => row.day ?? '' },
  ];
  if (by !== 'day') keys.push({ id: 'event', header: t('reports.col.event'), value: (row) => row.eventName ?? '' });
  if (by === 'race' || by === 'pool')
    keys.push({
      id: 'race',
      header: t('reports.col.race'),
      value: (row) => (row.raceNo === null ? '' : t('reports.raceNo', { no: row.raceNo })),
    });
  if (by === 'pool') keys.push({ id: 'pool', header: t('reports.col.pool'), value: (row) => row.betType ?? '' });
  const table: Column<GamingRow>[] = [
    ...keys.map((key, i) => ({
      id: key.id,
      header: key.header,
      rowHeader: i === keys.length - 1,
      nowrap: true,
      cell: key.value,
    })),
    ...GAMING_FIGURES.map((figure) => ({
      id: figure,
      header: t(`reports.figures.${figure}`),
      numeric: true,
      nowrap: true,
      cell: (row: GamingRow) => formatPeso(row[figure]),
    })),
  ];
  const csv: CsvColumn<GamingRow>[] = [
    ...keys.map((key) => ({ header: key.header, value: key.value })),
    ...GAMING_FIGURES.map((figure) => ({
      header: `${t(`reports.figures.${figure}`)} (PHP)`,
      value: (row: GamingRow) => ({ centavos: row[figure] }),
    })),
  ];
  return { table, csv };
}

function GamingReport({ by, range, enabled }: { by: GamingGroup; range: ReportRange; enabled: boolean }) {
  const t = useT();
  const report = useGamingReport(range, by, enabled);
  const { section } = GAMING_SECTIONS[by];
  const columns = useMemo(() => gamingKeyColumns(t, by), [t, by]);
  const chartTitle =
    by === 'day'
      ? t('reports.charts.ggrPerDay')
      : by === 'event'
        ? t('reports.charts.turnoverPerEvent')
        : by === 'race'
          ? t('reports.charts.turnoverPerRace')
          : t('reports.charts.turnoverPerPool');
  return (
    <ReportState query={report} isEmpty={(data) => data.rows.length === 0}>
      {(data) => {
        const totalsRow: GamingRow = {
          key: 'totals',
          day: t('reports.totals'),
          eventId: null,
          eventName: by === 'day' ? null : t('reports.totals'),
          raceId: null,
          raceNo: null,
          betType: null,
          ...data.totals,
        };
        const chartValues = data.rows.map((row) => (by === 'day' ? row.ggr : row.turnover));
        return (
          <>
            <Totals items={GAMING_FIGURES.map((figure) => [t(`reports.figures.${figure}`), data.totals[figure]])} />
            <p className="bo-muted">{t('reports.ggrNote')}</p>
            <BarChart title={chartTitle} labels={data.rows.map((row) => rowLabel(t, by, row))} values={chartValues} />
            <CsvButton
              fileName={fileName(section, range)}
              csv={() => reportCsv(columns.csv, data.rows, by === 'day' ? { ...totalsRow } : totalsRow)}
            />
            <DataTable
              caption={t(`reports.captions.${section}`)}
              columns={columns.table}
              rows={data.rows}
              rowKey={(row) => row.key}
            />
          </>
        );
      }}
    </ReportState>
  );
}

function paymentColumns(t: BoT): { table: Column<PaymentReportRow>[]; csv: CsvColumn<PaymentReportRow>[] } {
  return {
    table: [
      { id: 'kind', header: t('reports.col.kind'), nowrap: true, cell: (row) => t(`reports.kinds.${row.kind}`) },
      { id: 'channel', header: t('reports.col.channel'), rowHeader: true, nowrap: true, cell: (row) => row.channel },
      {
        id: 'status',
        header: t('reports.col.status'),
        nowrap: true,
        cell: (row) => t(`reports.statuses.${row.status}`),
      },
      { id: 'count', header: t('reports.col.count'), numeric: true, cell: (row) => row.count },
      {
        id: 'amount',
        header: t('reports.col.amount'),
        numeric: true,
        nowrap: true,
        cell: (row) => formatPeso(row.amount),
      },
      {
        id: 'bonus',
        header: t('reports.col.bonus'),
        numeric: true,
        nowrap: true,
        cell: (row) => formatPeso(row.bonus),
      },
    ],
    csv: [
      { header: t('reports.col.kind'), value: (row) => t(`reports.kinds.${row.kind}`) },
      { header: t('reports.col.channel'), value: (row) => row.channel },
      { header: t('reports.col.status'), value: (row) => t(`reports.statuses.${row.status}`) },
      { header: t('reports.col.count'), value: (row) => row.count },
      { header: `${t('reports.col.amount')} (PHP)`, value: (row) => ({ centavos: row.amount }) },
      { header: `${t('reports.col.bonus')} (PHP)`, value: (row) => ({ centavos: row.bonus }) },
    ],
  };
}

function PaymentReport({ range, enabled }: { range: ReportRange; enabled: boolean }) {
  const t = useT();
  const report = usePaymentReport(range, enabled);
  const columns = useMemo(() => paymentColumns(t), [t]);
  return (
    <ReportState query={report} isEmpty={(data) => data.rows.length === 0}>
      {(data) => {
        const deposits = data.rows.filter((row) => row.kind === 'DEPOSIT' && row.status === 'APPROVED');
        return (
          <>
            <Totals
              items={(['depositsApproved', 'depositBonuses', 'withdrawalsApproved', 'netCashIn'] as const).map(
                (key) => [t(`reports.payments.${key}`), data.totals[key]],
              )}
            />
            <p className="bo-muted">{t('reports.payments.note')}</p>
            <BarChart
              title={t('reports.charts.depositsPerChannel')}
              labels={deposits.map((row) => row.channel)}
              values={deposits.map((row) => row.amount)}
            />
            <CsvButton fileName={fileName('payments', range)} csv={() => reportCsv(columns.csv, data.rows)} />
            <DataTable
              caption={t('reports.captions.payments')}
              columns={columns.table}
              rows={data.rows}
              rowKey={(row) => `${row.kind}:${row.channel}:${row.status}`}
            />
          </>
        );
      }}
    </ReportState>
  );
}

type PromotionRow = PromotionFigures & { day: string };
const PROMOTION_FIGURES = ['promos', 'depositBonuses', 'rebates', 'other', 'total'] as const;

function PromotionReport({ range, enabled }: { range: ReportRange; enabled: boolean }) {
  const t = useT();
  const report = usePromotionReport(range, enabled);
  const columns = useMemo(() => {
    const table: Column<PromotionRow>[] = [
      { id: 'day', header: t('reports.col.day'), rowHeader: true, nowrap: true, cell: (row) => row.day },
      ...PROMOTION_FIGURES.map((figure) => ({
        id: figure,
        header: t(`reports.promotions.${figure}`),
        numeric: true,
        nowrap: true,
        cell: (row: PromotionRow) => formatPeso(row[figure]),
      })),
    ];
    const csv: CsvColumn<PromotionRow>[] = [
      { header: t('reports.col.day'), value: (row) => row.day },
      ...PROMOTION_FIGURES.map((figure) => ({
        header: `${t(`reports.promotions.${figure}`)} (PHP)`,
        value: (row: PromotionRow) => ({ centavos: row[figure] }),
      })),
    ];
    return { table, csv };
  }, [t]);
  return (
    <ReportState query={report} isEmpty={(data) => data.rows.length === 0}>
      {(data) => (
        <>
          <Totals items={PROMOTION_FIGURES.map((figure) => [t(`reports.promotions.${figure}`), data.totals[figure]])} />
          <BarChart
            title={t('reports.charts.costPerDay')}
            labels={data.rows.map((row) => row.day)}
            values={data.rows.map((row) => row.total)}
          />
          <CsvButton
            fileName={fileName('promotions', range)}
            csv={() => reportCsv(columns.csv, data.rows, { day: t('reports.totals'), ...data.totals })}
          />
          <DataTable
            caption={t('reports.captions.promotions')}
            columns={columns.table}
            rows={data.rows}
            rowKey={(row) => row.day}
          />
        </>
      )}
    </ReportState>
  );
}

/** Admin: the business reports (decision 039), over a range of Manila days kept in the address. */
export function ReportsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const { range, problem } = rangeFromParams(params);
  const search = params.toString() ? `?${params.toString()}` : '';
  const enabled = problem === null;
  const gaming = (by: GamingGroup) => <GamingReport by={by} range={range} enabled={enabled} />;
  return (
    <>
      <PageHeading title={t('reports.title')} />
      <p className="bo-muted">{t('reports.intro', { max: REPORT_MAX_DAYS })}</p>
      <ReportTabs search={search} />
      <RangeForm
        key={`${range.from}:${range.to}`}
        range={range}
        onApply={(next) => setParams(new URLSearchParams({ from: next.from, to: next.to }))}
      />
      <p className="bo-muted">{t('reports.showing', range)}</p>
      {problem ? (
        <Alert tone="error">{problem}</Alert>
      ) : (
        <Routes>
          <Route index element={gaming('day')} />
          <Route path="events" element={gaming('event')} />
          <Route path="races" element={gaming('race')} />
          <Route path="pools" element={gaming('pool')} />
          <Route path="payments" element={<PaymentReport range={range} enabled={enabled} />} />
          <Route path="promotions" element={<PromotionReport range={range} enabled={enabled} />} />
          <Route path="taxes" element={<TaxReport range={range} enabled={enabled} />} />
        </Routes>
      )}
    </>
  );
}
