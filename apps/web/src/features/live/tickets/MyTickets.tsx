import { memo, useEffect, useId, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { betTypeByCode, BettingRoutes, formatPeso, type BetHistoryTicket, type Race } from '@karera/shared';
import { GroupShare } from '../../../components/bakas/GroupShare.tsx';
import { PLAYER_QUERY_ROOT } from '../../../lib/queryKeys.ts';
import { useBalance } from '../../../lib/balance.ts';
import { useSession } from '../../../lib/session/index.ts';
import { gameRequest } from '../../../lib/userApi.ts';
import { useWinningsTexts } from '../../../lib/winnings/useWinningsTexts.ts';
import { legsSignature, panelTickets, STATUS_MARK, ticketBadgeOf } from './myTickets.ts';
import { fill, useTicketTexts } from './useTicketTexts.ts';
import './myTickets.css';

export const myTicketsQueryKey = (eventId: number) => [...PLAYER_QUERY_ROOT, 'myTickets', eventId] as const;

/**
 * The race day's open multi-race tickets of the signed-in player, leg by leg: won, lost or still to run,
 * and 'Still alive' while every leg run so far is won; once one wins, what it paid: the gross, the tax
 * withheld from the winnings (PD 1157) and the net that reached the credit, as the server recorded them. The server says where each leg stands (the rule
 * settlement pays by); the panel reads the tickets again whenever a result, a status or a scratch of the
 * card comes in over the socket (the card is read again then) and whenever the balance moves (a bet
 * placed, a pool settled), so no message of its own is needed.
 */
export const MyTickets = memo(function MyTickets({ eventId, races }: MyTicketsProps) {
  const { playerId } = useSession();
  const { credit: creditBalance, bonus: bonusBalance } = useBalance();
  const signedIn = playerId !== null;
  const texts = useTicketTexts();
  const headingId = useId();
  const queryClient = useQueryClient();
  const key = myTicketsQueryKey(eventId);
  const tickets = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => gameRequest(BettingRoutes.getBetHistory, { eventId }, signal),
    enabled: signedIn,
    staleTime: 0,
  });

  const signature = `${legsSignature(races)}#${String(creditBalance)}/${String(bonusBalance)}`;
  const seen = useRef(signature);
  useEffect(() => {
    if (seen.current === signature) return;
    seen.current = signature;
    void queryClient.invalidateQueries({ queryKey: myTicketsQueryKey(eventId), exact: true });
  }, [signature, eventId, queryClient]);

  const shown = tickets.data ? panelTickets(tickets.data.betHistory) : [];
  if (!signedIn || shown.length === 0) return null;
  return (
    <section className="my-tickets" aria-labelledby={headingId} data-testid="my-tickets">
      <h3 className="my-tickets__title" id={headingId}>
        {texts.title}
      </h3>
      <ul className="my-tickets__list" aria-label={texts.listLabel}>
        {shown.map((ticket) => (
          <li key={ticket.ticketNo}>
            <TicketLegs ticket={ticket} />
          </li>
        ))}
      </ul>
    </section>
  );
}, sameLegs);

interface MyTicketsProps {
  eventId: number;
  races: readonly Race[];
}

/** The panel reads the card only for where its legs stand (statuses, scratchings, places): odds moving leave it be. */
function sameLegs(before: MyTicketsProps, after: MyTicketsProps): boolean {
  return (
    before.eventId === after.eventId &&
    (before.races === after.races || legsSignature(before.races) === legsSignature(after.races))
  );
}

function TicketLegs({ ticket }: { ticket: BetHistoryTicket }) {
  const texts = useTicketTexts();
  const winningsTexts = useWinningsTexts();
  const headingId = useId();
  const badge = ticketBadgeOf(ticket);
  const type = ticket.bets[0]?.type ?? '';
  return (
    <article className="my-ticket" aria-labelledby={headingId} data-testid="my-ticket" data-ticket-no={ticket.ticketNo}>
      <header className="my-ticket__head">
        <h4 className="my-ticket__type" id={headingId}>
          {fill(texts.typeRaces, { type: betTypeByCode(type)?.name ?? type, races: ticket.raceNo })}
          <span className="visually-hidden"> {fill(texts.ticket, { ticketNo: ticket.ticketNo })}</span>
        </h4>
        <span className={`my-ticket__badge my-ticket__badge--${badge}`} data-testid="my-ticket-badge">
          <span aria-hidden="true">{STATUS_MARK[badge]} </span>
          {texts.summary[badge]}
        </span>
      </header>
      {ticket.bakas ? <GroupShare share={ticket.bakas} /> : null}
      <ol className="my-ticket__legs">
        {ticket.legs.map((leg) => (
          <li
            key={leg.raceNo}
            className={`my-ticket__leg my-ticket__leg--${leg.status}`}
            data-testid="my-ticket-leg"
            data-status={leg.status}
          >
            <span className="my-ticket__race">{fill(texts.leg, { raceNo: leg.raceNo })}</span>
            <span className="my-ticket__picks">{fill(texts.picks, { runners: leg.picks.join(', ') })}</span>
            <span className="my-ticket__status">
              <span aria-hidden="true">{STATUS_MARK[leg.status]} </span>
              {texts.legStatus[leg.status]}
            </span>
            {leg.substitutions.map((s) => (
              <span className="my-ticket__note" key={s.scratched}>
                {fill(texts.substitute, { scratched: s.scratched, favourite: s.favourite })}
              </span>
            ))}
          </li>
        ))}
      </ol>
      {ticket.status === 'won' && (
        <dl className="my-ticket__winnings">
          <div>
            <dt>{winningsTexts.gross}</dt>
            <dd data-testid="my-ticket-gross">{formatPeso(ticket.grossWon)}</dd>
          </div>
          <div>
            <dt>{winningsTexts.tax}</dt>
            <dd data-testid="my-ticket-tax">{formatPeso(ticket.winningsTax)}</dd>
          </div>
          <div className="my-ticket__net">
            <dt>{winningsTexts.net}</dt>
            <dd data-testid="my-ticket-net">{formatPeso(ticket.wonAmount)}</dd>
          </div>
        </dl>
      )}
    </article>
  );
}
