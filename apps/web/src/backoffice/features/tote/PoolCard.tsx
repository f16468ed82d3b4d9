import { useId } from 'react';
import { betTypeByCode, formatPeso, type PoolSummary } from '@karera/shared';
import { useT } from '../../i18n/useT.ts';
import { formatDividend, grossSalesOf, poolBalances, sortedShares, takeoutAddsUp } from './tote.ts';

/** One row of a pool's money: its label, amount and test id, and whether it is a part of the row above. */
interface MoneyRow {
  id: string;
  label: string;
  amount: number;
  part?: boolean;
}

/**
 * One pool of a preview or a settlement report: its money in the order it flows (gross sales, each share and
 * the stamp tax taken from it, carryovers, the net pool, the tax withheld from the winners and what reached
 * them), its tickets and its dividends.
 */
export function PoolCard({ pool, status }: { pool: PoolSummary; status?: 'paying' | 'settled' }) {
  const t = useT();
  const headingId = useId();
  const typeName = betTypeByCode(pool.betType)?.name ?? pool.betType;
  // The note column only when a line has something to say (a consolation or an official figure).
  const withNotes = pool.dividends.some((line) => line.consolation || line.official);
  const money: MoneyRow[] = [
    { id: 'stakes', label: t('pool.stakes'), amount: pool.stakes },
    { id: 'refunds', label: t('pool.refunds'), amount: pool.refunds },
    { id: 'gross', label: t('pool.grossSales'), amount: grossSalesOf(pool) },
    ...sortedShares(pool.shares).map((share) => ({
      id: `share-${share.name}`,
      label: t(`toteSettings.shareNames.${share.name}`),
      amount: share.amount,
      part: true,
    })),
    { id: 'stampTax', label: t('pool.stampTax'), amount: pool.stampTax, part: true },
    { id: 'takeout', label: t('pool.takeout'), amount: pool.takeout },
    { id: 'carryIn', label: t('pool.carryIn'), amount: pool.carryIn },
    { id: 'net', label: t('pool.net'), amount: pool.net },
    { id: 'winningsTax', label: t('pool.winningsTax'), amount: pool.winningsTax },
    { id: 'payouts', label: t('pool.payouts'), amount: pool.payouts },
    { id: 'bonusRetained', label: t('pool.bonusRetained'), amount: pool.bonusRetained },
    { id: 'carryOut', label: t('pool.carryOut'), amount: pool.carryOut },
    { id: 'breakage', label: t('pool.breakage'), amount: pool.breakage },
    { id: 'minusPool', label: t('pool.minusPool'), amount: pool.minusPool },
  ];
  // A settled or paying pool's own books: everything in equals everything out, the takeout its parts.
  const balanced = poolBalances(pool) && takeoutAddsUp(pool);
  return (
    <article className="card bo-pool" aria-labelledby={headingId} data-testid="pool" data-bet-type={pool.betType}>
      <div className="bo-pool__head">
        <h3 id={headingId} className="bo-pool__title">
          {t('pool.title', { type: typeName, code: pool.betType })}
        </h3>
        <span className={`bo-pool__result bo-pool__result--${pool.result}`} data-testid="pool-result">
          {t(`pool.results.${pool.result}`)}
        </span>
      </div>
      <p className="bo-muted bo-pool__race">{t('pool.fromRace', { raceNo: pool.firstRaceNo })}</p>
      {pool.officialExcess > 0 ? (
        <p className="bo-alert bo-alert--error" role="alert" data-testid="pool-official-excess">
          {t('pool.officialExcess', { amount: formatPeso(pool.officialExcess) })}
        </p>
      ) : null}
      <dl className="bo-fields bo-pool__figures">
        {status ? (
          <div className="bo-fields__row">
            <dt>{t('pool.status')}</dt>
            <dd>{t(`pool.statuses.${status}`)}</dd>
          </div>
        ) : null}
        {status ? (
          <div className="bo-fields__row">
            <dt>{t('report.balance')}</dt>
            <dd data-testid="pool-balance">{balanced ? t('report.balanced') : t('report.notBalanced')}</dd>
          </div>
        ) : null}
        {money.map((row) => (
          <div className={row.part ? 'bo-fields__row bo-pool__part' : 'bo-fields__row'} key={row.id}>
            <dt>{row.label}</dt>
            <dd className="bo-amount" data-testid={`pool-${row.id}`}>
              {formatPeso(row.amount)}
            </dd>
          </div>
        ))}
        <div className="bo-fields__row">
          <dt>{t('pool.tickets')}</dt>
          <dd>{pool.tickets}</dd>
        </div>
        <div className="bo-fields__row">
          <dt>{t('pool.winningTickets')}</dt>
          <dd>{pool.winningTickets}</dd>
        </div>
      </dl>
      {pool.dividends.length === 0 ? (
        <p className="bo-muted">{t('pool.noDividends')}</p>
      ) : (
        <div
          className="bo-pool__dividends-wrap"
          role="region"
          aria-label={t('pool.dividends', { type: typeName })}
          tabIndex={0}
        >
          <table className="bo-pool__dividends" data-testid="pool-dividends">
            <caption className="visually-hidden">{t('pool.dividends', { type: typeName })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('pool.colCombination')}</th>
                <th scope="col" className="bo-table__numeric">
                  {t('pool.colDividend')}
                </th>
                <th scope="col" className="bo-table__numeric">
                  {t('pool.colStake')}
                </th>
                {withNotes ? <th scope="col">{t('pool.colNote')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {pool.dividends.map((line, index) => (
                <tr key={`${line.combination}-${index}`}>
                  <th scope="row">{line.combination}</th>
                  <td className="bo-table__numeric">{formatDividend(line.dividend)}</td>
                  <td className="bo-table__numeric">{formatPeso(line.stake)}</td>
                  {withNotes ? (
                    <td>
                      {[line.consolation ? t('pool.consolation') : '', line.official ? t('pool.officialTag') : '']
                        .filter(Boolean)
                        .join(', ')}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
