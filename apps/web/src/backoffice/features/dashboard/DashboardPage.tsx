import { useId } from 'react';
import { Link } from 'react-router';
import {
  DEPOSIT_FOLLOW_UP_MINUTES,
  formatPeso,
  isDepositLate,
  type DashboardAlert,
  type DashboardPendingPayment,
  type DashboardRace,
  type DashboardResponse,
} from '@karera/shared';
import { PageHeading } from '../../components/PageHeading.tsx';
import { RaceStatusBadge } from '../../components/RaceStatusBadge.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useT, type BoT } from '../../i18n/useT.ts';
import { useDashboardLiveUpdates, useDashboardQuery, useTicking } from './dashboard.api.ts';
import { betTypeLabel, formatAge, postCountdown, racePath } from './dashboardView.ts';
import type { StaffSocketState } from './staffSocket.ts';
import { NotificationStatsSection } from '../../components/NotificationStatsSection.tsx';
import './dashboard.css';

/**
 * Admin home page: how the race day is going (decision 038). Figures come from the server; the socket's
 * race events make it read them again, and countdowns and ages move every second by the server's clock.
 */
export function DashboardPage() {
  const t = useT();
  const dashboard = useDashboardQuery();
  const live = useDashboardLiveUpdates();
  return (
    <>
      <PageHeading title={t('dashboard.title')}>
        <LiveState state={live} />
      </PageHeading>
      {dashboard.isPending ? (
        <LoadingBlock />
      ) : dashboard.isError ? (
        <ErrorBlock error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <DashboardBody data={dashboard.data} fetchedAt={dashboard.dataUpdatedAt} />
      )}
      <NotificationStatsSection />
    </>
  );
}

function LiveState({ state }: { state: StaffSocketState }) {
  const t = useT();
  return (
    <p className={`bo-dash-live bo-dash-live--${state}`} role="status" data-testid="dashboard-live" data-state={state}>
      {t(`dashboard.live.${state}`)}
    </p>
  );
}

export function DashboardBody({ data, fetchedAt }: { data: DashboardResponse; fetchedAt: number }) {
  const t = useT();
  const ticking = useTicking();
  // The server's clock now: its answer's time moved on by what passed here since.
  const now = Date.parse(data.now) + (ticking - fetchedAt);
  const empty = !data.raceDayToday && data.races.length === 0;
  return (
    <div className="bo-dash">
      <p className="bo-muted bo-dash-updated">
        {t('dashboard.updatedAt', {
          time: new Date(data.now).toLocaleTimeString('en-PH', { timeZone: 'Asia/Manila' }),
        })}
      </p>
      {empty ? <EmptyBlock text={t('dashboard.noRaceDay')} /> : null}
      <Summary data={data} now={now} />
      <Alerts alerts={data.alerts} now={now} />
      {empty ? null : <Races races={data.races} now={now} />}
      <PendingPayments pending={data.pending} now={now} />
      <Carryovers carryovers={data.carryovers} />
    </div>
  );
}

function Summary({ data, now }: { data: DashboardResponse; now: number }) {
  const t = useT();
  const carried = data.carryovers.reduce((sum, c) => sum + c.amount, 0);
  const oldest = (at: string | null) =>
    at === null ? t('dashboard.nonePending') : t('dashboard.oldest', { age: formatAge(now - Date.parse(at)) });
  return (
    <section aria-label={t('dashboard.summary')}>
      <ul className="bo-dash-tiles">
        <li className="card bo-dash-tile">
          <Link to="/players" className="bo-dash-tile__link">
            {t('dashboard.online')}
          </Link>
          <span className="bo-dash-tile__figure" data-testid="dashboard-online">
            {data.playersOnline}
          </span>
          <span className="bo-muted">{t('dashboard.onlineHint')}</span>
        </li>
        <li className="card bo-dash-tile">
          <Link to="/payments?kind=DEPOSIT" className="bo-dash-tile__link">
            {t('dashboard.pendingDeposits')}
          </Link>
          <span className="bo-dash-tile__figure" data-testid="dashboard-deposits">
            {data.deposits.count}
          </span>
          {data.deposits.late > 0 ? (
            <span className="bo-status bo-status--danger" data-testid="dashboard-late-deposits">
              {t('dashboard.lateDeposits', { count: data.deposits.late, minutes: DEPOSIT_FOLLOW_UP_MINUTES })}
            </span>
          ) : (
            <span className="bo-muted">{oldest(data.deposits.oldestAt)}</span>
          )}
        </li>
        <li className="card bo-dash-tile">
          <Link to="/payments?kind=WITHDRAW" className="bo-dash-tile__link">
            {t('dashboard.pendingWithdrawals')}
          </Link>
          <span className="bo-dash-tile__figure" data-testid="dashboard-withdrawals">
            {data.withdrawals.count}
          </span>
          <span className="bo-muted">{oldest(data.withdrawals.oldestAt)}</span>
        </li>
        <li className="card bo-dash-tile">
          <Link to="/tote/carryovers" className="bo-dash-tile__link">
            {t('dashboard.carryoversTotal')}
          </Link>
          <span className="bo-dash-tile__figure">{formatPeso(carried)}</span>
          {carried === 0 ? <span className="bo-muted">{t('dashboard.carryoversNone')}</span> : null}
        </li>
      </ul>
    </section>
  );
}

function Alerts({ alerts, now }: { alerts: DashboardAlert[]; now: number }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('dashboard.alerts')}</h2>
      {alerts.length === 0 ? (
        <p className="bo-muted">{t('dashboard.noAlerts')}</p>
      ) : (
        <ul className="bo-dash-alerts" data-testid="dashboard-alerts">
          {alerts.map((alert) => (
            <li key={`${alert.kind}-${alert.raceId}`} className="bo-dash-alert" data-kind={alert.kind}>
              <Link
                to={racePath(
                  alert.eventId,
                  alert.raceId,
                  alert.kind === 'SETTLEMENT_UNCONFIRMED' ? 'report' : 'detail',
                )}
              >
                {t('dashboard.alertRace', { event: alert.eventName, raceNo: alert.raceNo })}
              </Link>
              <span>
                {t(`dashboard.alert.${alert.kind}`, {
                  age: formatAge(now - Date.parse(alert.since)),
                  detail: alert.detail,
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Races({ races, now }: { races: DashboardRace[]; now: number }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('dashboard.races')}</h2>
      {races.length === 0 ? (
        <p className="bo-muted">{t('dashboard.noRaces')}</p>
      ) : (
        <ul className="bo-dash-races">
          {races.map((race) => (
            <RaceCard key={race.raceId} race={race} now={now} t={t} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RaceCard({ race, now, t }: { race: DashboardRace; now: number; t: BoT }) {
  const { passed, countdown } = postCountdown(race.postTime, now);
  return (
    <li className="card bo-dash-race" data-testid="dashboard-race" data-race-id={race.raceId}>
      <div className="bo-dash-race__head">
        <h3>
          <Link to={racePath(race.eventId, race.raceId)}>
            {t('dashboard.raceTitle', { raceNo: race.raceNo })}
            <span className="bo-dash-race__event"> · {race.eventName}</span>
          </Link>
        </h3>
        <RaceStatusBadge status={race.status} />
      </div>
      <p className={passed ? 'bo-dash-race__post bo-dash-race__post--passed' : 'bo-dash-race__post'}>
        {passed ? t('dashboard.pastPost', { countdown }) : t('dashboard.toPost', { countdown })}{' '}
        <span className="bo-muted">
          (<ManilaTime iso={race.postTime} />)
        </span>
      </p>
      <dl className="bo-dash-race__figures">
        <div>
          <dt>{t('dashboard.turnover')}</dt>
          <dd data-testid="dashboard-race-turnover">{formatPeso(race.turnover)}</dd>
        </div>
        <div>
          <dt>{t('dashboard.bettors')}</dt>
          <dd data-testid="dashboard-race-bettors">{race.bettors}</dd>
        </div>
      </dl>
      {race.pools.length === 0 ? (
        <p className="bo-muted">{t('dashboard.noBets')}</p>
      ) : (
        <table className="bo-dash-pools">
          <caption className="bo-dash-visually-hidden">{t('dashboard.pools', { raceNo: race.raceNo })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.col.pool')}</th>
              <th scope="col" className="bo-dash-num">
                {t('dashboard.col.tickets')}
              </th>
              <th scope="col" className="bo-dash-num">
                {t('dashboard.col.turnover')}
              </th>
            </tr>
          </thead>
          <tbody>
            {race.pools.map((pool) => (
              <tr key={pool.betType} data-testid="dashboard-pool" data-bet-type={pool.betType}>
                <th scope="row">{betTypeLabel(pool.betType)}</th>
                <td className="bo-dash-num">{pool.tickets}</td>
                <td className="bo-dash-num">{formatPeso(pool.turnover)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

function PendingPayments({ pending, now }: { pending: DashboardPendingPayment[]; now: number }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('dashboard.pending')}</h2>
      {pending.length === 0 ? (
        <p className="bo-muted">{t('dashboard.nonePending')}</p>
      ) : (
        <div className="bo-dash-scroll">
          <table className="bo-dash-table" data-testid="dashboard-pending">
            <caption className="bo-dash-visually-hidden">{t('dashboard.pendingCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.col.kind')}</th>
                <th scope="col">{t('dashboard.col.player')}</th>
                <th scope="col" className="bo-dash-num">
                  {t('dashboard.col.amount')}
                </th>
                <th scope="col">{t('dashboard.col.channel')}</th>
                <th scope="col">{t('dashboard.col.waiting')}</th>
              </tr>
            </thead>
            <tbody>
              {pending.map((request) => {
                // The server's verdict at its answer, and the same rule as the clock moves on.
                const late = request.late || (request.kind === 'DEPOSIT' && isDepositLate(request.createdAt, now));
                return (
                  <tr key={request.id} data-testid="dashboard-pending-row" data-late={late}>
                    <th scope="row">
                      <Link to={`/payments?kind=${request.kind}`}>{t(`dashboard.kinds.${request.kind}`)}</Link>
                    </th>
                    <td>
                      <Link to={`/players/${request.playerId}`}>{request.playerName}</Link>
                    </td>
                    <td className="bo-dash-num">{formatPeso(request.amount)}</td>
                    <td>{request.channel}</td>
                    <td>
                      <span className={late ? 'bo-status bo-status--danger' : undefined}>
                        {formatAge(now - Date.parse(request.createdAt))}
                        {late ? ` · ${t('dashboard.late')}` : ''}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link to="/payments">{t('dashboard.allPayments')}</Link>
      </p>
    </section>
  );
}

function Carryovers({ carryovers }: { carryovers: DashboardResponse['carryovers'] }) {
  const t = useT();
  const headingId = useId();
  if (carryovers.length === 0) return null;
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('dashboard.carryovers')}</h2>
      <table className="bo-dash-table">
        <caption className="bo-dash-visually-hidden">{t('dashboard.carryoversCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.col.betType')}</th>
            <th scope="col" className="bo-dash-num">
              {t('dashboard.col.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {carryovers.map((carryover) => (
            <tr key={carryover.betType}>
              <th scope="row">{betTypeLabel(carryover.betType)}</th>
              <td className="bo-dash-num">{formatPeso(carryover.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <Link to="/tote/carryovers">{t('dashboard.allCarryovers')}</Link>
      </p>
    </section>
  );
}
