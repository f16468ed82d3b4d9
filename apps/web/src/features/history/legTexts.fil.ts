import type { LegTexts } from './legTexts.ts';

/** Filipino texts of a multi-race ticket's legs (English in legTexts.ts). */
export const legTextsFil: LegTexts = {
  status: {
    won: 'Panalo',
    lost: 'Talo',
    running: 'Tatakbo pa',
    refunded: 'Ibinalik',
    cancelled: 'Kanselado',
  },
  stillAlive: 'Buhay pa',
  winner: 'Nanalo ang {{runners}}',
  wonByAll: 'Kanselado ang karera: bilang panalo',
};
