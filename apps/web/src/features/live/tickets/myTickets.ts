import type { BetHistoryTicket, Race } from '@karera/shared';

/**
 * The race day's tickets the panel shows: multi-race ones not settled yet, then those that won, with what
 * they paid (gross, the tax withheld, net), each group newest first as sent.
 */
export function panelTickets(tickets: readonly BetHistoryTicket[]): BetHistoryTicket[] {
  const multiRace = tickets.filter((ticket) => ticket.legs.length > 0);
  return [
    ...multiRace.filter((ticket) => ticket.status === 'open'),
    ...multiRace.filter((ticket) => ticket.status === 'won'),
  ];
}

/** The badge of a ticket in the panel: still alive once a leg is won and none lost; open before. */
export type TicketBadge = 'alive' | 'open' | 'lost' | 'won' | 'refunded' | 'consolation';

export function ticketBadgeOf(
  ticket: Pick<BetHistoryTicket, 'legs' | 'legsSummary'> & Partial<Pick<BetHistoryTicket, 'status' | 'consolation'>>,
): TicketBadge {
  // A jackpot's consolation is paid to tickets that missed a leg.
  if (ticket.status === 'won') return ticket.consolation ? 'consolation' : 'won';
  if (ticket.legsSummary === 'alive') {
    return ticket.legs.some((leg) => leg.status === 'won') ? 'alive' : 'open';
  }
  return ticket.legsSummary ?? 'open';
}

/**
 * What of the card moves the player's legs: each race's status, scratches and finishing places. When it
 * changes (a result came in over the socket and the card was read again), the panel reads its tickets
 * again.
 */
export function legsSignature(races: readonly Race[]): string {
  return races
    .map((race) => {
      const runners = race.runners
        .map((runner) => `${runner.runnerNo}${runner.status}${runner.finishPosition ?? ''}`)
        .join(',');
      return `${race.raceId}:${race.status}:${runners}`;
    })
    .join('|');
}

/** The mark beside a status word, so a status never rests on colour alone. */
export const STATUS_MARK: Record<BetHistoryTicket['legs'][number]['status'] | TicketBadge, string> = {
  won: '✓',
  alive: '✓',
  lost: '✗',
  running: '…',
  open: '…',
  refunded: '↺',
  cancelled: '–',
  consolation: '✓',
};
