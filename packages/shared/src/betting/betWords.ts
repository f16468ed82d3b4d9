import { betTypeByCode } from '../betTypes.ts';
import type { RefundReason } from '../api/betting.ts';

/**
 * The words a player reads about a bet after it is placed (the statement, its CSV and PDF, bet history),
 * English and Filipino, kept once here for the web and the server. Bet types go by their names
 * (Win, Forcast, Trifecta…: docs/product/betting.md#bet-types), which are the same in both languages.
 */
export type BetWordsLanguage = 'en' | 'fil';

export interface BetWords {
  race: string;
  races: string;
  ticket: string;
  /** A win paid from a jackpot's consolation share. */
  consolation: string;
  /** A rebate earned by a settled bet. */
  rebate: string;
  /** Why a ticket was refunded. */
  refundReason: Record<RefundReason, string>;
}

export const BET_WORDS: Record<BetWordsLanguage, BetWords> = {
  en: {
    race: 'Race {races}',
    races: 'Races {races}',
    ticket: 'Ticket {ticketNo}',
    consolation: 'Consolation',
    rebate: 'Rebate',
    refundReason: {
      scratch: 'Scratch',
      cancelled: 'Race cancelled: refunded',
      noWinner: 'No winner: refunded',
    },
  },
  fil: {
    race: 'Karera {races}',
    races: 'Mga Karera {races}',
    ticket: 'Ticket {ticketNo}',
    consolation: 'Konsolasyon',
    rebate: 'Rebate',
    refundReason: {
      scratch: 'Scratch',
      cancelled: 'Kinansela ang karera: ibinalik ang taya',
      noWinner: 'Walang nanalo: ibinalik ang taya',
    },
  },
};

/** A bet type's name from its code (TRI → Trifecta); an unknown code is shown as it is. */
export function betTypeName(code: string): string {
  return betTypeByCode(code)?.name ?? code;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** 'Race 3' or 'Races 2/3/4/5' from the race numbers joined by '/'. */
export function raceWords(raceNo: string, words: BetWords): string {
  return fill(raceNo.includes('/') ? words.races : words.race, { races: raceNo });
}

/** A bet as a statement line names it. */
export interface BetOfLine {
  ticketNo: string;
  betType: string;
  /** Race numbers joined by '/', e.g. '3' or '2/3/4/5'. */
  raceNo: string;
  /** The race day (event) name. */
  eventName: string;
  /** The ticket's win was a consolation. */
  consolation: boolean;
  /** Why the ticket was refunded, when it was. */
  refundReason: RefundReason | null;
}

/**
 * A statement line of a bet in words: 'Trifecta · Race 3 · Santa Ana Day 1 · Ticket ABC', after
 * 'Consolation · ' for a consolation's payout, the refund's reason for a refund, 'Rebate · ' for a rebate.
 */
export function betLineDescription(
  bet: BetOfLine,
  category: 'stake' | 'winnings' | 'refund' | string,
  language: BetWordsLanguage,
): string {
  const words = BET_WORDS[language];
  const reason =
    category === 'winnings' && bet.consolation
      ? words.consolation
      : category === 'refund' && bet.refundReason
        ? words.refundReason[bet.refundReason]
        : category === 'bonus'
          ? words.rebate
          : null;
  return [
    ...(reason ? [reason] : []),
    betTypeName(bet.betType),
    raceWords(bet.raceNo, words),
    ...(bet.eventName ? [bet.eventName] : []),
    fill(words.ticket, { ticketNo: bet.ticketNo }),
  ].join(' · ');
}
