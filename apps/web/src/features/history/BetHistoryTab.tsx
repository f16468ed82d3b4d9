import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatManilaDateTime, formatPeso, type BetHistoryTicket } from '@karera/shared';
import { Alert, Button, Spinner } from '../../components/ui/index.ts';
import { ReplayLinks } from '../../components/replay/ReplayLink.tsx';
import { GroupShare } from '../../components/bakas/GroupShare.tsx';
import { betHistoryQuery } from './betHistoryApi.ts';
import {
  betTypeName,
  bonusStakeNotReturnedOf,
  formatAmountTimesCount,
  isStillAlive,
  LEG_STATUS_MARK,
  outcomeText,
  pickRowsOf,
  raceNumbersOf,
  ticketOutcomeOf,
  ticketTotalOf,
  winningsOf,
  type PickRowLabel,
} from './betHistoryFormat.ts';
import { useWinningsTexts } from '../../lib/winnings/useWinningsTexts.ts';
import { fill, useLegTexts } from './useLegTexts.ts';

const PLACE_KEYS = [
  'history.bet.places.1',
  'history.bet.places.2',
  'history.bet.places.3',
  'history.bet.places.4',
  'history.bet.places.5',
  'history.bet.places.6',
  'history.bet.places.7',
] as const;

/** Race Bet tab of Transaction History (docs/product/screens.md#transaction-history). */
export function BetHistoryTab() {
  const { t } = useTranslation();
  const history = useQuery(betHistoryQuery);

  if (history.isPending) {
    return (
      <div className="bet-history__state">
        <Spinner label={t('history.bet.loading')} />
      </div>
    );
  }
  if (history.isError) {
    return (
      <div className="bet-history__state">
        <Alert tone="error">{t('history.bet.error')}</Alert>
        <Button variant="secondary" onClick={() => void history.refetch()}>
          {t('history.bet.retry')}
        </Button>
      </div>
    );
  }
  const tickets = history.data.betHistory;
  if (tickets.length === 0) {
    return <p className="bet-history__empty">{t('history.bet.empty')}</p>;
  }
  return (
    <ul className="bet-history" aria-label={t('history.bet.listLabel')} data-testid="bet-history-list">
      {tickets.map((ticket) => (
        <li key={ticket.ticketNo}>
          <TicketCard ticket={ticket} />
        </li>
      ))}
    </ul>
  );
}

function TicketCard({ ticket }: { ticket: BetHistoryTicket }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fil' ? 'fil' : 'en';
  const legTexts = useLegTexts();
  const winningsTexts = useWinningsTexts();
  const headingId = useId();
  const outcome = ticketOutcomeOf(ticket);
  const stillAlive = isStillAlive(ticket);
  const bonusStakeNotReturned = bonusStakeNotReturnedOf(ticket);
  const winnings = winningsOf(ticket);
  const races = raceNumbersOf(ticket.raceNo);
  const rowLabel = (label: PickRowLabel) =>
    label.kind === 'race'
      ? t('history.bet.raceLeg', { raceNo: label.raceNo })
      : t(PLACE_KEYS[label.place - 1] ?? 'history.bet.places.7');
  return (
    <article className="card bet-ticket" aria-labelledby={headingId}>
      <header className="bet-ticket__head">
        <h2 className="bet-ticket__number" id={headingId}>
          {t('history.bet.ticket', { ticketNo: ticket.ticketNo })}
        </h2>
        <time className="bet-ticket__date" dateTime={ticket.betDateTime}>
          {formatManilaDateTime(ticket.betDateTime)}
        </time>
        <div className="bet-ticket__tags">
          {ticket.bonusUsed > 0 && <span className="badge bet-ticket__bonus">{t('history.bet.bonusTag')}</span>}
          {stillAlive && (
            <span className="badge bet-ticket__alive" data-testid="still-alive">
              <span aria-hidden="true">{LEG_STATUS_MARK.won} </span>
              {legTexts.stillAlive}
            </span>
          )}
          {outcome && (
            <span
              className={`badge bet-ticket__status bet-ticket__status--${outcome.kind}`}
              data-testid="ticket-outcome"
              data-outcome={outcome.kind}
            >
              {outcomeText(outcome, language, {
                won: (amount) => t('history.bet.won', { amount }),
                lose: t('history.bet.lose'),
              })}
            </span>
          )}
        </div>
      </header>
      {ticket.bakas ? <GroupShare share={ticket.bakas} /> : null}
      {ticket.bets.map((bet, index) => (
        <section className="bet-ticket__bet" key={index}>
          <h3 className="bet-ticket__type">
            {t(races.length > 1 ? 'history.bet.races' : 'history.bet.race', {
              type: betTypeName(bet.type),
              races: races.join('/'),
            })}
          </h3>
          {ticket.eventName ? (
            <p className="bet-ticket__event" data-testid="ticket-event">
              {ticket.eventName}
            </p>
          ) : null}
          <dl className="bet-ticket__amounts">
            <div>
              <dt>{t('history.bet.amountTimesCount')}</dt>
              <dd>{formatAmountTimesCount(bet.amount, bet.combinations)}</dd>
            </div>
          </dl>
          <table className="bet-ticket__picks">
            <caption className="visually-hidden">{t('history.bet.picks')}</caption>
            <tbody>
              {pickRowsOf(bet.type, bet.picks, ticket.raceNo).map((row, rowIndex) => {
                const leg = ticket.legs[rowIndex];
                return (
                  <tr key={rowIndex} data-testid={leg ? 'ticket-leg' : undefined} data-status={leg?.status}>
                    <th scope="row">{rowLabel(row.label)}</th>
                    <td>{row.runners.join(', ')}</td>
                    {leg && (
                      <td className="bet-ticket__leg">
                        <span className={`leg-status leg-status--${leg.status}`}>
                          <span aria-hidden="true">{LEG_STATUS_MARK[leg.status]} </span>
                          {legTexts.status[leg.status]}
                        </span>
                        {leg.winners.length > 0 && (
                          <span className="bet-ticket__winner">
                            {fill(legTexts.winner, { runners: leg.winners.join(', ') })}
                          </span>
                        )}
                        {leg.wonByAll && <span className="bet-ticket__winner">{legTexts.wonByAll}</span>}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ))}
      <ReplayLinks
        eventId={ticket.eventId}
        raceNos={races.map(Number)}
        label={(raceNo) => t('history.bet.replay', { raceNo })}
      />
      {ticket.substitutions.length > 0 && (
        <ul className="bet-ticket__notes">
          {ticket.substitutions.map((s) => (
            <li key={`${s.raceNo}-${s.scratched}`}>{t('history.bet.substitution', { ...s })}</li>
          ))}
        </ul>
      )}
      <dl className="bet-ticket__amounts bet-ticket__totals">
        <div>
          <dt>{t('history.bet.total')}</dt>
          <dd>{formatPeso(ticketTotalOf(ticket))}</dd>
        </div>
        {winnings !== null && (
          <>
            <div>
              <dt>{winningsTexts.gross}</dt>
              <dd data-testid="ticket-gross-won">{formatPeso(winnings.gross)}</dd>
            </div>
            <div>
              <dt>{winningsTexts.tax}</dt>
              <dd data-testid="ticket-winnings-tax">{formatPeso(winnings.tax)}</dd>
            </div>
          </>
        )}
        {ticket.refundAmount > 0 && (
          <div>
            <dt>{t('history.bet.refunded')}</dt>
            <dd data-testid="ticket-refund">{formatPeso(ticket.refundAmount)}</dd>
          </div>
        )}
        {bonusStakeNotReturned !== null && (
          <div>
            <dt>{t('history.bet.bonusStakeNotReturned')}</dt>
            <dd data-testid="ticket-bonus-stake">{formatPeso(bonusStakeNotReturned)}</dd>
          </div>
        )}
        {winnings !== null && (
          <div className="bet-ticket__net">
            <dt>{winningsTexts.net}</dt>
            <dd data-testid="ticket-net-won">{formatPeso(winnings.net)}</dd>
          </div>
        )}
        {ticket.bonusEarned > 0 && (
          <div>
            <dt>{t('history.bet.bonusEarned')}</dt>
            <dd>{formatPeso(ticket.bonusEarned)}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}
