import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  currentManilaYear,
  formatPeso,
  taxCertificatePdfUrl,
  type ReportRange,
  type TaxDayRow,
  type TaxEventRow,
  type TaxMonthRow,
} from '@karera/shared';
import { Button, SelectField, TextField } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useT } from '../../i18n/useT.ts';
import { reportCsv, type CsvColumn } from './reportCsv.ts';
import { CsvButton, fileName, ReportState, Totals } from './reportParts.tsx';
import { useTaxCertificate, useTaxMonths, useTaxReport } from './reports.api.ts';

/** The years a month report or a certificate can be asked for: this Manila year and the five before it. */
const yearOptions = () => {
  const current = currentManilaYear();
  return Array.from({ length: 6 }, (_, i) => String(current - i)).map((year) => ({ value: year, label: year }));
};

/** A figure's table column and CSV column. */
function amountColumns<Row>(figures: readonly (keyof Row & string)[], label: (figure: string) => string) {
  const table: Column<Row>[] = figures.map((figure) => ({
    id: figure,
    header: label(figure),
    numeric: true,
    nowrap: true,
    cell: (row: Row) => formatPeso(Number(row[figure])),
  }));
  const csv: CsvColumn<Row>[] = figures.map((figure) => ({
    header: `${label(figure)} (PHP)`,
    value: (row: Row) => ({ centavos: Number(row[figure]) }),
  }));
  return { table, csv };
}

const TAX_FIGURES = ['stampTax', 'winningsTax'] as const;
const SHARE_FIGURES = ['franchiseCommission', 'prizeFund', 'regulatorShare', 'legacyTakeout'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

function TaxDaysAndEvents({ range, enabled }: { range: ReportRange; enabled: boolean }) {
  const t = useT();
  const report = useTaxReport(range, enabled);
  const days = useMemo(() => {
    const figures = amountColumns<TaxDayRow>(TAX_FIGURES, (figure) =>
      t(`reports.taxes.${figure as (typeof TAX_FIGURES)[number]}`),
    );
    return {
      table: [
        { id: 'day', header: t('reports.col.day'), rowHeader: true, nowrap: true, cell: (row: TaxDayRow) => row.day },
        ...figures.table,
      ],
      csv: [{ header: t('reports.col.day'), value: (row: TaxDayRow) => row.day }, ...figures.csv],
    };
  }, [t]);
  const events = useMemo(() => {
    const figures = amountColumns<TaxEventRow>(SHARE_FIGURES, (figure) =>
      t(`reports.taxes.${figure as (typeof SHARE_FIGURES)[number]}`),
    );
    return {
      table: [
        { id: 'day', header: t('reports.col.day'), nowrap: true, cell: (row: TaxEventRow) => row.day ?? '' },
        {
          id: 'event',
          header: t('reports.col.event'),
          rowHeader: true,
          cell: (row: TaxEventRow) => row.eventName ?? '',
        },
        ...figures.table,
      ],
      csv: [
        { header: t('reports.col.day'), value: (row: TaxEventRow) => row.day ?? '' },
        { header: t('reports.col.event'), value: (row: TaxEventRow) => row.eventName ?? '' },
        ...figures.csv,
      ],
    };
  }, [t]);
  return (
    <ReportState query={report} isEmpty={() => false}>
      {(data) => (
        <>
          <Totals
            items={[...TAX_FIGURES, ...SHARE_FIGURES].map((figure) => [
              t(`reports.taxes.${figure}`),
              data.totals[figure],
            ])}
          />
          <Section title={t('reports.taxes.daysTitle')}>
            {data.days.length === 0 ? (
              <EmptyBlock text={t('reports.taxes.noTaxes')} />
            ) : (
              <>
                <CsvButton
                  label={t('reports.taxes.csvDays')}
                  fileName={fileName('taxes-per-day', range)}
                  csv={() =>
                    reportCsv(days.csv, data.days, {
                      day: t('reports.totals'),
                      stampTax: data.totals.stampTax,
                      winningsTax: data.totals.winningsTax,
                    })
                  }
                />
                <DataTable
                  caption={t('reports.captions.taxDays')}
                  columns={days.table}
                  rows={data.days}
                  rowKey={(row) => row.day}
                />
              </>
            )}
          </Section>
          <Section title={t('reports.taxes.eventsTitle')}>
            {data.events.length === 0 ? (
              <EmptyBlock text={t('reports.taxes.noEvents')} />
            ) : (
              <>
                <CsvButton
                  label={t('reports.taxes.csvEvents')}
                  fileName={fileName('shares-per-event', range)}
                  csv={() =>
                    reportCsv(events.csv, data.events, {
                      key: 'totals',
                      eventId: null,
                      eventName: t('reports.totals'),
                      day: '',
                      franchiseCommission: data.totals.franchiseCommission,
                      prizeFund: data.totals.prizeFund,
                      regulatorShare: data.totals.regulatorShare,
                      legacyTakeout: data.totals.legacyTakeout,
                    })
                  }
                />
                <DataTable
                  caption={t('reports.captions.taxEvents')}
                  columns={events.table}
                  rows={data.events}
                  rowKey={(row) => row.key}
                />
              </>
            )}
          </Section>
        </>
      )}
    </ReportState>
  );
}

function TaxMonths() {
  const t = useT();
  const years = useMemo(yearOptions, []);
  const [year, setYear] = useState(years[0]?.value ?? String(currentManilaYear()));
  const report = useTaxMonths(year);
  const columns = useMemo(() => {
    const figures = amountColumns<TaxMonthRow>(TAX_FIGURES, (figure) =>
      t(`reports.taxes.${figure as (typeof TAX_FIGURES)[number]}`),
    );
    return {
      table: [
        {
          id: 'month',
          header: t('reports.taxes.month'),
          rowHeader: true,
          nowrap: true,
          cell: (row: TaxMonthRow) => row.month,
        },
        ...figures.table,
      ],
      csv: [{ header: t('reports.taxes.month'), value: (row: TaxMonthRow) => row.month }, ...figures.csv],
    };
  }, [t]);
  return (
    <Section title={t('reports.taxes.monthsTitle')}>
      <div className="bo-filters">
        <SelectField
          label={t('reports.taxes.year')}
          options={years}
          value={year}
          onChange={(event) => setYear(event.target.value)}
        />
      </div>
      <ReportState query={report} isEmpty={() => false}>
        {(data) => (
          <>
            <CsvButton
              label={t('reports.taxes.csvMonths')}
              fileName={`karera-report-taxes-per-month-${data.year}.csv`}
              csv={() => reportCsv(columns.csv, data.months, { month: t('reports.totals'), ...data.totals })}
            />
            <DataTable
              caption={t('reports.captions.taxMonths')}
              columns={columns.table}
              rows={data.months}
              rowKey={(row) => row.month}
            />
          </>
        )}
      </ReportState>
    </Section>
  );
}

function Certificate() {
  const t = useT();
  const years = useMemo(yearOptions, []);
  const [draft, setDraft] = useState({ playerId: '', year: years[0]?.value ?? '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [choice, setChoice] = useState<{ playerId: number; year: string } | null>(null);
  const certificate = useTaxCertificate(choice);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = /^[1-9]\d{0,9}$/.test(draft.playerId.trim());
    setProblem(valid ? null : t('reports.taxes.playerIdInvalid'));
    if (valid) setChoice({ playerId: Number(draft.playerId.trim()), year: draft.year });
  };
  const found = certificate.data?.certificate;
  return (
    <Section title={t('reports.taxes.certificateTitle')}>
      <p className="bo-muted">{t('reports.taxes.certificateIntro')}</p>
      <form className="bo-filters" onSubmit={submit} noValidate aria-label={t('reports.taxes.certificateTitle')}>
        <TextField
          label={t('reports.taxes.playerId')}
          inputMode="numeric"
          required
          value={draft.playerId}
          error={problem ?? undefined}
          onChange={(event) => setDraft({ ...draft, playerId: event.target.value })}
        />
        <SelectField
          label={t('reports.taxes.year')}
          options={years}
          value={draft.year}
          onChange={(event) => setDraft({ ...draft, year: event.target.value })}
        />
        <div className="bo-actions bo-filters__actions">
          <Button type="submit">{t('reports.taxes.showCertificate')}</Button>
        </div>
      </form>
      {choice === null ? null : certificate.isPending ? (
        <LoadingBlock />
      ) : certificate.isError || !found ? (
        <ErrorBlock error={certificate.error} onRetry={() => void certificate.refetch()} />
      ) : (
        <div className="bo-report-certificate" data-testid="tax-certificate">
          <dl className="bo-report-totals">
            <div>
              <dt>{t('reports.taxes.player')}</dt>
              <dd>
                {found.player.name} (#{found.player.id})
              </dd>
            </div>
            <div>
              <dt>{t('reports.taxes.username')}</dt>
              <dd>{found.player.username}</dd>
            </div>
            <div>
              <dt>{t('reports.taxes.grossWinnings')}</dt>
              <dd>{formatPeso(found.totals.grossWinnings)}</dd>
            </div>
            <div>
              <dt>{t('reports.taxes.winningsTax')}</dt>
              <dd>{formatPeso(found.totals.winningsTax)}</dd>
            </div>
          </dl>
          <div className="bo-actions">
            <a className="btn btn--secondary" href={taxCertificatePdfUrl(found.year, found.player.id, 'en')} download>
              {t('reports.taxes.pdfEnglish')}
            </a>
            <a className="btn btn--secondary" href={taxCertificatePdfUrl(found.year, found.player.id, 'fil')} download>
              {t('reports.taxes.pdfFilipino')}
            </a>
          </div>
        </div>
      )}
    </Section>
  );
}

/** Admin: the tax reports (decision 039, amended) and a player's certificate of tax withheld. */
export function TaxReport({ range, enabled }: { range: ReportRange; enabled: boolean }) {
  const t = useT();
  return (
    <>
      <p className="bo-muted">{t('reports.taxes.intro')}</p>
      <TaxDaysAndEvents range={range} enabled={enabled} />
      <TaxMonths />
      <Certificate />
    </>
  );
}
