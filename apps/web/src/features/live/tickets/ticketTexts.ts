/** Texts of the live screen's My tickets panel (English; Filipino in ticketTexts.fil.ts). */
export const ticketTexts = {
  title: 'My tickets',
  listLabel: 'My multi-race tickets of this race day',
  ticket: 'Ticket {{ticketNo}}',
  typeRaces: '{{type}} · Races {{races}}',
  leg: 'Race {{raceNo}}',
  picks: 'Picks {{runners}}',
  legStatus: {
    won: 'Won',
    lost: 'Lost',
    running: 'Not yet run',
    refunded: 'Refunded',
    cancelled: 'Cancelled',
  },
  summary: {
    alive: 'Still alive',
    open: 'Open',
    lost: 'Out',
    won: 'All legs won',
    refunded: 'Refunded',
    consolation: 'Consolation paid',
  },
  substitute: '{{scratched}} scratched: runs as {{favourite}}',
} as const;

export type TicketTexts = {
  [K in keyof typeof ticketTexts]: (typeof ticketTexts)[K] extends string
    ? string
    : Record<keyof (typeof ticketTexts)[K], string>;
};
