import { Fragment, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPeso, type DayCard, type PoolBreakdown, type Race, type WinnerLine } from '@karera/shared';
import { CardSwitcher } from '../../components/race/CardSwitcher.tsx';
import { ReplayLinks } from '../../components/replay/ReplayLink.tsx';
import { Alert, Button, Page, SelectField, Spinner } from '../../components/ui/index.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { useCarryovers, useGameInfo, useGameResult, useRaceInfos } from './resultApi.ts';
import type { TextKey } from '../../i18n/pageTexts.ts';
import { useResultsT } from './resultsI18n.ts';
import type { ResultsTexts } from './resultsTexts.ts';
import {
  breakdownLinesOf,
  dividendCellOf,
  formatDividend,
  idParamOf,
  poolTitleOf,
  resultErrorViewOf,
  resultViewOf,
  taxRateOf,
  visibleCarryovers,
  type ResultView,
} from './resultView.ts';
import './results.css';

/**
 * Race results (/result): a race of the day's card and View show its winners and dividends for 1.00
 * (docs/product/screens.md#results). ?raceId= (the live screen's link) and ?event= choose what is shown.
 */
export function ResultPage() {
  const t = useResultsT();
  const { t: siteT } = useTranslation();
  const title = useRouteTitle();
  const gameInfo = useGameInfo();
  return (
    <Page title={title} testId="result-page" className="results">
      <CarryoverBanner />
      {gameInfo.isPending ? (
        <div className="results__state">
          <Spinner label={t('loading')} />
        </div>
      ) : gameInfo.isError ? (
        <div className="results__state">
          <Alert tone="error">{t('cardError')}</Alert>
          <Button variant="secondary" onClick={() => void gameInfo.refetch()}>
            {siteT('common.retry')}
          </Button>
        </div>
      ) : gameInfo.data.events.length === 0 ? (
        <p className="results__state">{t('noEvents')}</p>
      ) : (
        <RaceResults events={gameInfo.data.events} />
      )}
    </Page>
  );
}

function RaceResults({ events }: { events: readonly DayCard[] }) {
  const t = useResultsT();
  const [params, setParams] = useSearchParams();
  const eventParam = idParamOf(params.get('event'));
  const raceParam = idParamOf(params.get('raceId'));

  // A link that names a race but not its day: read every listed day's card to find it.
  const searchAll = eventParam === null && raceParam !== null;
  const firstEventId = events[0]?.id ?? 0;
  const cardIds = searchAll ? events.map((event) => event.id) : [eventParam ?? firstEventId];
  const cards = useRaceInfos(cardIds);
  const found = searchAll
    ? cards.find((card) => card.data?.races.some((race) => race.raceId === raceParam))?.data?.event.id
    : undefined;
  const eventId = eventParam ?? found ?? firstEventId;
  const card = cards[cardIds.indexOf(eventId)];
  const races = card?.data?.races ?? [];
  const viewed = races.find((race) => race.raceId === raceParam) ?? null;

  const [draft, setDraft] = useState<{ for: number | null; raceId: string }>({ for: null, raceId: '' });
  // The select follows the race in the address (a link, View, Back) until the player picks another.
  const selected = draft.for === raceParam ? draft.raceId : viewed ? String(viewed.raceId) : '';

  function changeEvent(value: string) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('event', value);
      next.delete('raceId');
      return next;
    });
  }

  function view(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!selected) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('event', String(eventId));
        next.set('raceId', selected);
        return next;
      },
      { replace: false },
    );
  }

  const cardLoading = card === undefined || card.isPending || (searchAll && cards.some((c) => c.isPending));
  return (
    <>
      <form className="card results__form" onSubmit={view} aria-label={t('formLabel')}>
        {events.length > 1 && events.some((event) => event.id === eventId) ? (
          <CardSwitcher cards={events} selectedId={eventId} onSelect={(id) => changeEvent(String(id))} />
        ) : null}
        <div className="results__pick">
          <SelectField
            label={t('race')}
            placeholder={cardLoading ? t('loadingRaces') : t('selectPlaceholder')}
            value={selected}
            disabled={cardLoading || races.length === 0}
            onChange={(e) => setDraft({ for: raceParam, raceId: e.target.value })}
            options={races.map((race) => ({
              value: String(race.raceId),
              label: t(race.status === 'D' ? 'raceResulted' : 'raceNo', { raceNo: race.raceNo }),
            }))}
          />
          <Button type="submit" disabled={!selected}>
            {t('view')}
          </Button>
        </div>
        {card?.isError ? <Alert tone="error">{t('cardError')}</Alert> : null}
        {!cardLoading && card?.isSuccess && races.length === 0 ? (
          <p className="results__muted">{t('noRaces')}</p>
        ) : null}
      </form>
      <section className="results__panel" aria-live="polite" aria-busy={cardLoading || undefined}>
        {viewed ? (
          <RaceResult race={viewed} />
        ) : cardLoading && raceParam !== null ? (
          <div className="results__state">
            <Spinner label={t('loading')} />
          </div>
        ) : (
          <p className="results__notice" data-testid="result-message">
            {t('selectRace')}
          </p>
        )}
      </section>
    </>
  );
}

function RaceResult({ race }: { race: Race }) {
  const t = useResultsT();
  const result = useGameResult(race);
  if (result.isPending) {
    return (
      <div className="results__state">
        <Spinner label={t('loadingResult')} />
      </div>
    );
  }
  const view: ResultView = result.isError ? resultErrorViewOf(result.error) : resultViewOf(result.data);
  if (view.kind === 'winners') {
    return (
      <>
        <ReplayLinks eventId={race.eventId} raceNos={[race.raceNo]} label={(raceNo) => t('replay', { raceNo })} />
        <WinnerTable raceNo={race.raceNo} winners={view.winners} />
        {result.data?.pools?.length ? <PoolBreakdowns pools={result.data.pools} /> : null}
      </>
    );
  }
  return (
    <p className="results__notice" data-testid="result-message">
      {view.kind === 'notice' ? t(`${view.key}`) : view.text}
    </p>
  );
}

function WinnerTable({ raceNo, winners }: { raceNo: number; winners: readonly WinnerLine[] }) {
  const t = useResultsT();
  const headingId = useId();
  return (
    <>
      <h2 className="results__heading" id={headingId}>
        {t('raceNo', { raceNo })}
      </h2>
      <div className="table-scroll results__table-wrap" role="region" aria-labelledby={headingId} tabIndex={0}>
        <table className="table results__table" data-testid="result-table">
          <caption className="visually-hidden">{t('caption', { raceNo })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('code')}</th>
              <th scope="col">{t('betType')}</th>
              <th scope="col">{t('winner')}</th>
              <th scope="col" className="num">
                {t('dividend')}
              </th>
            </tr>
          </thead>
          <tbody>
            {winners.map((line, index) => (
              <tr key={`${line.betType}-${line.picks}-${index}`}>
                <td>{line.betType}</td>
                <th scope="row">{line.betTypeName}</th>
                <td className="results__picks">{line.picks}</td>
                <DividendCell line={line} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The dividend for 1.00, or in its place why there is none (refunded, no winning ticket, no bets). */
function DividendCell({ line }: { line: WinnerLine }) {
  const t = useResultsT();
  const cell = dividendCellOf(line);
  if (cell.kind === 'amount') return <td className="num">{cell.text}</td>;
  return (
    <td className="num results__reason" data-testid="dividend-reason">
      {cell.kind === 'reason' ? t(`reasons.${cell.key}`) : cell.text}
    </td>
  );
}

/**
 * Each pool the race settled, broken down (EO 194, PD 1157): one collapsible panel per pool, so a phone
 * shows the winners first and a breakdown only when asked; side by side on a wide screen.
 */
/** The breakdown's texts (breakdown.* of the page's texts). */
function useBreakdownT() {
  const t = useResultsT();
  return (key: TextKey<ResultsTexts['breakdown']>, values?: Record<string, string | number>) =>
    t(`breakdown.${key}`, values);
}

function PoolBreakdowns({ pools }: { pools: readonly PoolBreakdown[] }) {
  const tb = useBreakdownT();
  const headingId = useId();
  return (
    <section className="results__breakdowns" aria-labelledby={headingId} data-testid="pool-breakdowns">
      <h3 className="results__breakdowns-title" id={headingId}>
        {tb('title')}
      </h3>
      <p className="results__muted">{tb('intro')}</p>
      <div className="results__breakdown-list">
        {pools.map((pool) => (
          <PoolBreakdownPanel key={`${pool.betType}-${pool.races}`} pool={pool} />
        ))}
      </div>
    </section>
  );
}

function PoolBreakdownPanel({ pool }: { pool: PoolBreakdown }) {
  const tb = useBreakdownT();
  const title = poolTitleOf(pool);
  const name = tb(title.key, title.values);
  const tax = taxRateOf(pool);
  return (
    <details className="card results__breakdown" data-testid="pool-breakdown" data-bet-type={pool.betType}>
      <summary className="results__breakdown-summary">{name}</summary>
      <dl className="results__figures" aria-label={tb('figuresLabel', { pool: name })}>
        {breakdownLinesOf(pool).map((line) => (
          <div
            key={line.key}
            className={line.total ? 'results__figure results__figure--total' : 'results__figure'}
            data-testid="breakdown-line"
            data-key={line.key}
          >
            <dt>{tb(line.key)}</dt>
            <dd>{line.text}</dd>
          </div>
        ))}
      </dl>
      <dl className="results__figures results__figures--dividends">
        <div className="results__figure results__figure--words" data-testid="breakdown-line" data-key="taxRate">
          <dt>{tb('taxRate')}</dt>
          <dd>{tb(tax.key, { rate: tax.rate })}</dd>
        </div>
        {pool.dividends.length === 0 ? (
          <div className="results__figure" data-testid="breakdown-line" data-key="noDividend">
            <dt>{tb('noDividend')}</dt>
            <dd>{formatDividend(null)}</dd>
          </div>
        ) : null}
        {pool.dividends.map((line) => (
          <Fragment key={line.picks}>
            <div className="results__figure" data-testid="breakdown-dividend" data-picks={line.picks}>
              <dt>{line.consolation ? tb('consolation') : tb('dividend', { picks: line.picks })}</dt>
              <dd data-testid="breakdown-gross-dividend">{formatPeso(line.dividend)}</dd>
            </div>
            <div
              className="results__figure results__figure--total"
              data-testid="breakdown-net-dividend-line"
              data-picks={line.picks}
            >
              <dt>{line.consolation ? tb('netConsolation') : tb('netDividend', { picks: line.picks })}</dt>
              <dd data-testid="breakdown-net-dividend">{formatPeso(line.netDividend)}</dd>
            </div>
          </Fragment>
        ))}
      </dl>
    </details>
  );
}

/** Jackpots waiting for a winner (docs/product/betting.md#carryover-and-consolation); nothing when none. */
function CarryoverBanner() {
  const t = useResultsT();
  const carryovers = useCarryovers();
  const lines = carryovers.data ? visibleCarryovers(carryovers.data.carryovers) : [];
  if (lines.length === 0) return null;
  return (
    <aside className="results__carryovers" aria-label={t('carryovers')} data-testid="carryovers">
      <ul>
        {lines.map((line) => (
          <li key={line.betType}>{t('carryover', { type: line.betTypeName, amount: formatPeso(line.amount) })}</li>
        ))}
      </ul>
    </aside>
  );
}
