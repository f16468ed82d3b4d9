/** Texts of the Wallet tab of Transaction History (docs/product/money.md#wallet-history). */
export const walletTexts = {
  filters: 'Filter wallet history',
  type: 'Type',
  status: 'Status',
  types: { ALL: 'All', DEPOSIT: 'Deposit', WITHDRAWAL: 'Withdrawal' },
  statuses: { ALL: 'All', PENDING: 'Pending', APPROVED: 'Approved', DECLINED: 'Declined' },
  listLabel: 'Deposits and withdrawals',
  loading: 'Loading your wallet history',
  error: 'We could not load your wallet history.',
  retry: 'Try again',
  empty: 'No Transaction available to display',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  groupTicket: 'Group ticket',
  groupMovement: {
    shares: 'Shares of {{title}}',
    winnings: 'Winnings of {{title}}, split by shares',
    refund: 'Refund from {{title}}',
  },
  id: 'ID {{id}}',
  reference: 'Ref {{reference}}',
  from: 'From {{sender}}',
  bonus: 'Bonus reward {{amount}}',
};

export type WalletTexts = typeof walletTexts;
