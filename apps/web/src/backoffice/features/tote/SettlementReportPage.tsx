import { useId } from 'react';
import { Link } from 'react-router';
import { formatPeso, isRaceStatus, type SettlementReport } from '@karera/shared';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useT } from '../../i18n/useT.ts';
import { RaceRoute } from '../../components/RaceRoute.tsx';
import { RaceStatusBadge } from '../../components/RaceStatusBadge.tsx';
import { PoolCard } from './PoolCard.tsx';
import { useReportQuery } from './tote.api.ts';
import { grossSalesOf, shareTotals } from './tote.ts';
import './tote.css';

/** Settlement report of a race (/race-day/:eventId/races/:raceId/report): every pool, and whether it balances. */
export function SettlementReportPage() {
  return <RaceRoute render={(ids) => <Report {...ids} />} />;
}

function Report({ eventId, raceId }: { eventId: number; raceId: number }) {
  const t = useT();
  const report = useReportQuery(raceId);
  const raceHref = `/race-day/${eventId}/races/${raceId}`;
  if (report.isPending || report.isError) {
    return (
      <>
        <PageHeading title={t('tote.report')}>
          <Link to={raceHref} className="bo-back">
            {t('event.back')}
          </Link>
        </PageHeading>
        {report.isPending ? (
          <LoadingBlock />
        ) : (
          <ErrorBlock error={report.error} onRetry={() => void report.refetch()} />
        )}
      </>
    );
  }
  const data = report.data;
  return (
    <>
      <PageHeading title={t('report.title', { raceNo: data.raceNo })}>
        <Link to={raceHref} className="bo-back">
          {t('tote.backToRace', { raceNo: data.raceNo })}
        </Link>
      </PageHeading>
      <div className="bo-tote-report">
        <Summary report={data} />
        <Totals report={data} />
        <section className="bo-section" aria-label={t('report.pools')}>
          <h2>{t('report.pools')}</h2>
          {data.pools.length === 0 ? (
            <EmptyBlock text={t('report.noPools')} />
          ) : (
            <ul className="bo-pool-list">
              {data.pools.map((pool) => (
                <li key={`${pool.firstRaceId}-${pool.betType}`}>
                  <PoolCard pool={pool} status={pool.status} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

function Summary({ report }: { report: SettlementReport }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('report.summary')}</h2>
      <p
        className={`bo-balance ${report.balanced ? 'bo-balance--ok' : 'bo-balance--off'}`}
        data-testid="report-balance"
        role="status"
      >
        <span aria-hidden="true">{report.balanced ? '✓' : '✗'}</span>{' '}
        {report.balanced ? t('report.balanced') : t('report.notBalanced')}
      </p>
      <p className="bo-muted">{t('report.balanceRule')}</p>
      <dl className="bo-fields">
        <div className="bo-fields__row">
          <dt>{t('report.status')}</dt>
          <dd>{isRaceStatus(report.status) ? <RaceStatusBadge status={report.status} /> : report.status}</dd>
        </div>
        <div className="bo-fields__row">
          <dt>{t('report.finish')}</dt>
          <dd data-testid="report-finish">{report.finish ?? t('report.noFinish')}</dd>
        </div>
      </dl>
    </section>
  );
}

function Totals({ report }: { report: SettlementReport }) {
  const t = useT();
  const headingId = useId();
  const { totals } = report;
  const rows: [string, string, number][] = [
    ['stakes', t('pool.stakes'), totals.stakes],
    ['refunds', t('pool.refunds'), totals.refunds],
    ['gross', t('pool.grossSales'), grossSalesOf(totals)],
    ...shareTotals(report.pools).map((share): [string, string, number] => [
      `share-${share.name}`,
      t(`toteSettings.shareNames.${share.name}`),
      share.amount,
    ]),
    ['stampTax', t('pool.stampTax'), totals.stampTax],
    ['takeout', t('pool.takeout'), totals.takeout],
    ['carryIn', t('pool.carryIn'), totals.carryIn],
    ['winningsTax', t('pool.winningsTax'), totals.winningsTax],
    ['payouts', t('pool.payouts'), totals.payouts],
    ['bonusRetained', t('pool.bonusRetained'), totals.bonusRetained],
    ['carryOut', t('pool.carryOut'), totals.carryOut],
    ['breakage', t('pool.breakage'), totals.breakage],
    ['minusPool', t('pool.minusPool'), totals.minusPool],
  ];
  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('report.totals')}</h2>
      <dl className="bo-fields" data-testid="report-totals">
        {rows.map(([id, label, amount]) => (
          <div className="bo-fields__row" key={id}>
            <dt>{label}</dt>
            <dd className="bo-amount" data-testid={`total-${id}`}>
              {formatPeso(amount)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
