import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  formatManilaDateTime,
  formatPeso,
  lineDescription,
  statementFileUrl,
  taxCertificatePdfUrl,
  type Statement,
  type StatementLine,
  type StatementTotals,
} from '@karera/shared';
import { Alert, Button, Page, SelectField, Spinner } from '../../components/ui/index.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { statementMonthsQuery, statementQuery } from './statementApi.ts';
import { monthLabel } from './statementFormat.ts';
import { useStatementT } from './statementI18n.ts';
import './statement.css';

const TOTAL_ROWS = [
  'deposits',
  'withdrawals',
  'stakes',
  'winnings',
  'refunds',
  'bonuses',
  'adjustments',
] as const satisfies readonly (keyof StatementTotals)[];

/**
 * Activity Statement (/statement, issue 22): a Manila month of the player's wallet from the ledger, with
 * its totals and lines, downloadable as CSV and PDF (the server writes both files).
 */
export function StatementPage() {
  const text = useStatementT();
  const { i18n } = useTranslation();
  const title = useRouteTitle();
  const months = useQuery(statementMonthsQuery);
  const [chosen, setChosen] = useState<string | null>(null);
  const month = chosen ?? months.data?.months[0] ?? null;
  const language = i18n.language === 'fil' ? 'fil' : 'en';

  return (
    <Page title={title} className="page--narrow" testId="statement-page">
      <p className="statement__intro">{text('intro')}</p>
      {months.isPending ? (
        <div className="statement__state">
          <Spinner label={text('monthsLoading')} />
        </div>
      ) : months.isError ? (
        <div className="statement__state">
          <Alert tone="error">{text('monthsError')}</Alert>
          <Button variant="secondary" onClick={() => void months.refetch()}>
            {text('retry')}
          </Button>
        </div>
      ) : (
        <>
          <form className="statement__picker" onSubmit={(event) => event.preventDefault()}>
            <SelectField
              label={text('month')}
              value={month ?? ''}
              options={months.data.months.map((value) => ({ value, label: monthLabel(value, language) }))}
              onChange={(event) => setChosen(event.target.value)}
              data-testid="statement-month"
            />
          </form>
          {month ? <MonthStatement month={month} language={language} /> : null}
        </>
      )}
    </Page>
  );
}

function MonthStatement({ month, language }: { month: string; language: 'en' | 'fil' }) {
  const text = useStatementT();
  const statement = useQuery({ ...statementQuery(month), placeholderData: keepPreviousData });
  const label = monthLabel(month, language);

  if (statement.isPending) {
    return (
      <div className="statement__state">
        <Spinner label={text('loading')} />
      </div>
    );
  }
  if (statement.isError) {
    return (
      <div className="statement__state">
        <Alert tone="error">{text('error')}</Alert>
        <Button variant="secondary" onClick={() => void statement.refetch()}>
          {text('retry')}
        </Button>
      </div>
    );
  }
  const data = statement.data.statement;
  return (
    <div className="statement" aria-busy={statement.isPlaceholderData || undefined}>
      <Summary statement={data} label={label} />
      <div className="statement__downloads">
        <a
          className="btn btn--secondary"
          href={`${statementFileUrl(month, 'csv')}?lang=${language}`}
          download
          data-testid="statement-csv"
        >
          {text('downloadCsv')} <span className="visually-hidden">{text('downloadOf', { month: label })}</span>
        </a>
        <a
          className="btn btn--secondary"
          href={`${statementFileUrl(month, 'pdf')}?lang=${language}`}
          download
          data-testid="statement-pdf"
        >
          {text('downloadPdf')} <span className="visually-hidden">{text('downloadOf', { month: label })}</span>
        </a>
        {/* The year's certificate of the tax withheld from the player's winnings (decision 039, amended). */}
        <a
          className="btn btn--secondary"
          href={taxCertificatePdfUrl(month.slice(0, 4), undefined, language)}
          download
          data-testid="statement-tax-certificate"
        >
          {text('taxCertificate', { year: month.slice(0, 4) })}
        </a>
      </div>
      <Lines statement={data} label={label} />
    </div>
  );
}

function Summary({ statement, label }: { statement: Statement; label: string }) {
  const text = useStatementT();
  const headingId = useId();
  const row = (key: string, name: string, amount: number, strong = false) => (
    <div
      className={`statement__row${strong ? ' statement__row--strong' : ''}`}
      key={key}
      data-testid={`statement-${key}`}
    >
      <dt>{name}</dt>
      <dd>{formatPeso(amount)}</dd>
    </div>
  );
  return (
    <section className="card statement__summary" aria-labelledby={headingId}>
      <h2 className="statement__heading" id={headingId}>
        {text('summary', { month: label })}
      </h2>
      <dl className="statement__totals">
        {row('opening', text('opening'), statement.openingBalance, true)}
        {TOTAL_ROWS.map((key) => row(key, text(`totals.${key}`), statement.totals[key]))}
        {statement.totals.other !== 0 ? row('other', text('totals.other'), statement.totals.other) : null}
        {row('netResult', text('totals.netResult'), statement.totals.netResult, true)}
        {row('closing', text('closing'), statement.closingBalance, true)}
      </dl>
    </section>
  );
}

function Lines({ statement, label }: { statement: Statement; label: string }) {
  const text = useStatementT();
  const headingId = useId();
  return (
    <section className="statement__lines" aria-labelledby={headingId}>
      <h2 className="statement__heading" id={headingId}>
        {text('lines')}
      </h2>
      {statement.lines.length === 0 ? (
        <p className="statement__empty" data-testid="statement-empty">
          {text('empty')}
        </p>
      ) : (
        <>
          {statement.lineCount > statement.lines.length ? (
            <p className="statement__note">
              {text('partial', { shown: statement.lines.length, count: statement.lineCount })}
            </p>
          ) : null}
          <ul
            className="statement__list"
            aria-label={text('linesLabel', { month: label })}
            data-testid="statement-lines"
          >
            {statement.lines.map((line) => (
              <li key={line.transactionId}>
                <LineRow line={line} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function LineRow({ line }: { line: StatementLine }) {
  const text = useStatementT();
  const { i18n } = useTranslation();
  const language = i18n.language === 'fil' ? 'fil' : 'en';
  return (
    <div className="statement-line" data-testid="statement-line">
      <div className="statement-line__what">
        <span className="statement-line__category">{text(`category.${line.category}`)}</span>
        <span className="statement-line__description" data-testid="statement-line-description">
          {lineDescription(line, language)}
        </span>
        <time className="statement-line__date" dateTime={line.dateTime}>
          {formatManilaDateTime(line.dateTime)}
        </time>
      </div>
      <div className="statement-line__money">
        <span className={`statement-line__amount${line.amount < 0 ? ' statement-line__amount--out' : ''}`}>
          {formatPeso(line.amount)}
        </span>
        <span className="statement-line__balance">
          {text('balanceAfter', { amount: formatPeso(line.balanceAfter) })}
        </span>
      </div>
    </div>
  );
}
