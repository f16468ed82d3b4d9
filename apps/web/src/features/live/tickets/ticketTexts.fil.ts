import type { TicketTexts } from './ticketTexts.ts';

/** Filipino texts of the live screen's My tickets panel (English in ticketTexts.ts). */
export const ticketTextsFil: TicketTexts = {
  title: 'Mga tiket ko',
  listLabel: 'Mga tiket kong multi-race sa araw ng karerang ito',
  ticket: 'Tiket {{ticketNo}}',
  typeRaces: '{{type}} · Karera {{races}}',
  leg: 'Karera {{raceNo}}',
  picks: 'Pinili: {{runners}}',
  legStatus: {
    won: 'Panalo',
    lost: 'Talo',
    running: 'Tatakbo pa',
    refunded: 'Ibinalik',
    cancelled: 'Kanselado',
  },
  summary: {
    alive: 'Buhay pa',
    open: 'Bukas',
    lost: 'Talo na',
    won: 'Panalo lahat',
    refunded: 'Ibinalik ang taya',
    consolation: 'Nabayaran ang konsolasyon',
  },
  substitute: 'Na-scratch ang {{scratched}}: ang {{favourite}} ang tatakbo',
};
