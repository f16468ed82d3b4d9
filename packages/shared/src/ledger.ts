/** Ledger vocabulary shared by the server, the back office and the wallet history. */
export const PLAYER_ACCOUNT_KINDS = ['credit', 'bonus', 'withdraw_hold'] as const;
export type PlayerAccountKind = (typeof PLAYER_ACCOUNT_KINDS)[number];

/** The balances staff may adjust by hand. */
export const ADJUSTABLE_ACCOUNTS = ['credit', 'bonus'] as const satisfies readonly PlayerAccountKind[];
export type AdjustableAccount = (typeof ADJUSTABLE_ACCOUNTS)[number];

export const TRANSACTION_KINDS = [
  'ADJUSTMENT',
  'REVERSAL',
  'BET',
  'SETTLEMENT',
  'TAKEOUT',
  'CARRYOVER',
  'BREAKAGE',
  'MINUS_POOL',
  'PROMO',
  'PROMO_REBATE',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** How a ledger transaction reads in the player's wallet history (docs/product/money.md#wallet-history). */
export const PAYMENT_TYPE_BY_KIND: Record<TransactionKind, string> = {
  ADJUSTMENT: 'SYSTEM-ADJ',
  REVERSAL: 'SYSTEM-ADJ',
  BET: 'BET',
  SETTLEMENT: 'PAYOUT',
  TAKEOUT: 'TAKEOUT',
  CARRYOVER: 'CARRYOVER',
  BREAKAGE: 'BREAKAGE',
  MINUS_POOL: 'MINUS_POOL',
  PROMO: 'PROMO',
  PROMO_REBATE: 'PROMO',
};
