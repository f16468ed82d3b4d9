/** Texts of a multi-race ticket's legs in the Race Bet tab (English; Filipino in legTexts.fil.ts). */
export const legTexts = {
  status: {
    won: 'Won',
    lost: 'Lost',
    running: 'Not yet run',
    refunded: 'Refunded',
    cancelled: 'Cancelled',
  },
  stillAlive: 'Still alive',
  winner: 'Winner {{runners}}',
  wonByAll: 'Race cancelled: counts as won',
} as const;

export type LegTexts = {
  status: Record<keyof typeof legTexts.status, string>;
  stillAlive: string;
  winner: string;
  wonByAll: string;
};
