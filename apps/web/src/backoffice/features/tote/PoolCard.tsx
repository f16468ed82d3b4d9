import { useId } from 'react';
import { betTypeByCode, formatPeso, type PoolSummary } from '@karera/shared';
import { useT } from '../../i18n/useT.ts';
import { formatDividend } from './tote.ts';

type MoneyField =
  | 'stakes'
  | 'refunds'
  | 'takeout'
  | 'carryIn'
  | 'carryOut'
  | 'net'
  | 'payouts'
  | 'bonusRetained'
  | 'breakage'
  | 'minusPool';

/** One pool of a preview or a settlement report: its money, its tickets and its dividends. */
export function PoolCard({ pool, status }: { pool: PoolSummary; status?: 'paying' | 'settled' }) {
  const t = useT();
  const headingId = useId();
  const typeName = betTypeByCode(pool.betType)?.name ?? pool.betType;
  // The note column only when a line has something to say (a consolation or an official figure).
  const withNotes = pool.dividends.some((line) => line.consolation || line.official);
  const money: [MoneyField, string][] = [
    ['stakes', t('pool.stakes')],
    ['refunds', t('pool.refunds')],
    ['takeout', t('pool.takeout')],
    ['carryIn', t('pool.carryIn')],
    ['carryOut', t('pool.carryOut')],
    ['net', t('pool.net')],
    ['payouts', t('pool.payouts')],
    ['bonusRetained', t('pool.bonusRetained')],
    ['breakage', t('pool.breakage')],
    ['minusPool', t('pool.minusPool')],
  ];
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
        {money.map(([field, label]) => (
          <div className="bo-fields__row" key={field}>
            <dt>{label}</dt>
            <dd className="bo-amount" data-testid={`pool-${field}`}>
              {formatPeso(pool[field])}
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
