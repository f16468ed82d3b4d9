import { describe, expect, it } from 'vitest';
import type { BetHistoryTicket, Race } from '@karera/shared';
import { legsSignature, panelTickets, ticketBadgeOf } from './myTickets.ts';
import { ticketTexts } from './ticketTexts.ts';
import { ticketTextsFil } from './ticketTexts.fil.ts';
import { fill } from './useTicketTexts.ts';

type Leg = BetHistoryTicket['legs'][number];
const leg = (status: Leg['status'], raceNo = 1): Leg => ({
  raceNo,
  status,
  picks: [1],
  winners: [],
  substitutions: [],
  wonByAll: false,
});
const ticket = (fields: Partial<BetHistoryTicket>): BetHistoryTicket => ({
  ticketNo: 'T1',
  eventId: 1,
  betDateTime: '2026-11-24T06:00:00Z',
  raceNo: '1/2',
  status: 'open',
  wonLose: null,
  wonAmount: 0,
  grossWon: 0,
  winningsTax: 0,
  bonusStakeRetained: 0,
  refundAmount: 0,
  substitutions: [],
  legs: [leg('running', 1), leg('running', 2)],
  legsSummary: 'alive',
  bonusUsed: 0,
  bonusEarned: 0,
  bets: [{ type: 'DD', amount: 100, combinations: 1, totalAmount: 100, picks: '1/1' }],
  ...fields,
});

describe('My tickets', () => {
  it('shows the open multi-race tickets, then those that won; never a lost one or a single-race one', () => {
    const won = ticket({ ticketNo: 'B', status: 'won', legsSummary: 'won' });
    const open = ticket({ ticketNo: 'A' });
    const lost = ticket({ ticketNo: 'D', status: 'lost', legsSummary: 'lost' });
    const single = ticket({ ticketNo: 'C', legs: [], legsSummary: null, raceNo: '1' });
    expect(panelTickets([won, open, lost, single]).map((t) => t.ticketNo)).toEqual(['A', 'B']);
  });
  it('badges a winning ticket won, or consolation paid when it missed a leg', () => {
    expect(ticketBadgeOf(ticket({ status: 'won', legsSummary: 'won' }))).toBe('won');
    expect(ticketBadgeOf(ticket({ status: 'won', legsSummary: 'lost', consolation: true }))).toBe('consolation');
  });
  it('badges a ticket still alive once a leg is won and none lost, open before, out after a lost leg', () => {
    expect(ticketBadgeOf(ticket({}))).toBe('open');
    expect(ticketBadgeOf(ticket({ legs: [leg('won'), leg('running', 2)] }))).toBe('alive');
    expect(ticketBadgeOf(ticket({ legs: [leg('lost'), leg('running', 2)], legsSummary: 'lost' }))).toBe('lost');
    expect(ticketBadgeOf(ticket({ legsSummary: 'refunded' }))).toBe('refunded');
  });
  it('reads the tickets again when a race moves, a runner is scratched or places are in', () => {
    const race: Race = {
      raceId: 7,
      eventId: 1,
      raceNo: 1,
      status: 'C',
      startDateTime: '2026-11-24T06:00:00Z',
      enabledBetTypes: [],
      runners: [
        { id: 1, runnerNo: '1', horseName: 'A', jockeyName: 'J', status: 'A', odds: null, finishPosition: null },
      ],
    };
    const before = legsSignature([race]);
    expect(legsSignature([{ ...race, status: 'D' }])).not.toBe(before);
    expect(legsSignature([{ ...race, runners: [{ ...race.runners[0]!, finishPosition: 1 }] }])).not.toBe(before);
    expect(legsSignature([{ ...race, runners: [{ ...race.runners[0]!, status: 'S' }] }])).not.toBe(before);
    // Odds move every few seconds: they do not.
    expect(legsSignature([{ ...race, runners: [{ ...race.runners[0]!, odds: '2.50' }] }])).toBe(before);
  });
});

describe('the My tickets texts', () => {
  type Texts = { readonly [key: string]: string | Texts };
  const leaves = (texts: Texts, prefix = ''): [string, string][] =>
    Object.entries(texts).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
    );
  const slots = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

  it('have the same keys and {{slots}} in English and Filipino, each translated', () => {
    const en = new Map(leaves(ticketTexts));
    const fil = new Map(leaves(ticketTextsFil));
    expect([...fil.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) {
      expect(fil.get(key), key).not.toBe(text);
      expect(slots(fil.get(key) ?? ''), key).toEqual(slots(text));
    }
  });
  it('fill puts values in their slots', () => {
    expect(fill(ticketTexts.typeRaces, { type: 'Pick4', races: '1/2/3/4' })).toBe('Pick4 · Races 1/2/3/4');
  });
});
