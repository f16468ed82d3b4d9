import {
  BET_WORDS,
  betTypeByCode,
  formatPeso,
  type BetHistoryTicket,
  type BetWordsLanguage,
  type RefundReason,
} from '@karera/shared';

/** Rows of picks a bet card shows at most: up to 7 positions per bet. */
export const MAX_PICK_ROWS = 7;

/** A bet type's name from its code (e.g. TRI → Trifecta); an unknown code is shown as it is. */
export function betTypeName(code: string): string {
  return betTypeByCode(code)?.name ?? code;
}

/** The race numbers of a ticket: the server sends them joined by '/', e.g. '2/3/4/5'. */
export function raceNumbersOf(raceNo: string): string[] {
  return raceNo
    .split('/')
    .map((n) => n.trim())
    .filter(Boolean);
}

/** 'amount x count', e.g. '₱5.00 x 6' (amounts in centavos). */
export function formatAmountTimesCount(amount: number, combinations: number): string {
  return `${formatPeso(amount)} x ${combinations}`;
}

/** What a row of picks is: a place of a single-race bet (1 = 1st) or a leg's race of a multi-race bet. */
export type PickRowLabel = { kind: 'place'; place: number } | { kind: 'race'; raceNo: string };

export interface PickRow {
  label: PickRowLabel;
  /** Runner numbers of the row, as sent ('1', '2A', ...). */
  runners: string[];
}

/**
 * Splits a bet's picks per place or leg (docs/product/betting.md#results-and-tickets): single-race types separate
 * places by '-', multi-race types separate legs by '/'; runners within are separated by ','. At most MAX_PICK_ROWS
 * rows.
 */
export function pickRowsOf(code: string, picks: string, raceNo: string): PickRow[] {
  const type = betTypeByCode(code);
  const multiRace = type ? type.raceType !== 'single' : picks.includes('/');
  const races = raceNumbersOf(raceNo);
  const groups = picks === '' ? [] : picks.split(multiRace ? '/' : '-');
  return groups.slice(0, MAX_PICK_ROWS).map((group, index) => ({
    label: multiRace
      ? { kind: 'race', raceNo: races[index] ?? (races[0] ? String(Number(races[0]) + index) : String(index + 1)) }
      : { kind: 'place', place: index + 1 },
    runners: group
      .split(',')
      .map((runner) => runner.trim())
      .filter(Boolean),
  }));
}

/**
 * The badge of a settled ticket (docs/product/betting.md#results-and-tickets); null while it is undecided. A win paid
 * from a jackpot's consolation share is a consolation, not a win; a refund says why it was made.
 */
export type TicketOutcome =
  | { kind: 'won'; amount: number }
  | { kind: 'consolation'; amount: number }
  | { kind: 'lose' }
  | { kind: 'refunded'; reason: RefundReason }
  | null;

export function ticketOutcomeOf(
  ticket: Pick<BetHistoryTicket, 'status' | 'wonLose' | 'wonAmount' | 'consolation' | 'refundReason'>,
): TicketOutcome {
  if (ticket.status === 'X' || ticket.status === 'refunded') {
    return { kind: 'refunded', reason: ticket.refundReason ?? 'scratch' };
  }
  if (ticket.wonLose === 'WON' || ticket.status === 'won') {
    return { kind: ticket.consolation ? 'consolation' : 'won', amount: ticket.wonAmount };
  }
  if (ticket.wonLose === 'LOSE' || ticket.status === 'lost') return { kind: 'lose' };
  return null;
}

/** The badge's words: consolation and refund reasons from the shared bet words, in the reader's language. */
export function outcomeText(
  outcome: NonNullable<TicketOutcome>,
  language: BetWordsLanguage,
  texts: { won: (amount: string) => string; lose: string },
): string {
  const words = BET_WORDS[language];
  switch (outcome.kind) {
    case 'won':
      return texts.won(formatPeso(outcome.amount));
    case 'consolation':
      return `${words.consolation} ${formatPeso(outcome.amount)}`;
    case 'lose':
      return texts.lose;
    case 'refunded':
      return words.refundReason[outcome.reason];
  }
}

/**
 * The bonus stake a winning ticket did not get back (decision 016: the bonus-funded share of a win pays
 * its winnings without the stake), in centavos; null when there is nothing to say.
 */
export function bonusStakeNotReturnedOf(
  ticket: Pick<
    BetHistoryTicket,
    'status' | 'wonLose' | 'wonAmount' | 'bonusStakeRetained' | 'consolation' | 'refundReason'
  >,
): number | null {
  const kind = ticketOutcomeOf(ticket)?.kind;
  return (kind === 'won' || kind === 'consolation') && ticket.bonusStakeRetained > 0 ? ticket.bonusStakeRetained : null;
}

/**
 * A winning ticket's arithmetic (PD 1157): what the pool paid (gross), the tax withheld from the winnings,
 * the bonus stake not returned (decision 016), and the net that reached the credit, which the three add up
 * from. Null unless the ticket won (a refund or a loss has no winnings and no tax); a win at the ₱1.00
 * minimum or a consolation below the stake reads a tax of 0.
 */
export interface TicketWinnings {
  gross: number;
  tax: number;
  bonusStakeRetained: number;
  net: number;
}

export function winningsOf(
  ticket: Pick<
    BetHistoryTicket,
    | 'status'
    | 'wonLose'
    | 'wonAmount'
    | 'grossWon'
    | 'winningsTax'
    | 'bonusStakeRetained'
    | 'consolation'
    | 'refundReason'
  >,
): TicketWinnings | null {
  const kind = ticketOutcomeOf(ticket)?.kind;
  if (kind !== 'won' && kind !== 'consolation') return null;
  return {
    gross: ticket.grossWon,
    tax: ticket.winningsTax,
    bonusStakeRetained: ticket.bonusStakeRetained,
    net: ticket.wonAmount,
  };
}

/** A ticket's total: the sum of its bets' totals (centavos). */
export function ticketTotalOf(ticket: Pick<BetHistoryTicket, 'bets'>): number {
  return ticket.bets.reduce((sum, bet) => sum + bet.totalAmount, 0);
}

/**
 * A multi-race ticket still alive: not settled, every leg run so far won and legs still to run. A ticket
 * none of whose legs has run yet is simply open.
 */
export function isStillAlive(ticket: Pick<BetHistoryTicket, 'status' | 'legs' | 'legsSummary'>): boolean {
  return ticket.status === 'open' && ticket.legsSummary === 'alive' && ticket.legs.some((leg) => leg.status === 'won');
}

/** The mark beside a leg's status word, so the status never rests on colour alone. */
export const LEG_STATUS_MARK: Record<BetHistoryTicket['legs'][number]['status'], string> = {
  won: '✓',
  lost: '✗',
  running: '…',
  refunded: '↺',
  cancelled: '–',
};
