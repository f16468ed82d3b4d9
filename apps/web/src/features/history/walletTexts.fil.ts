import type { WalletTexts } from './walletTexts.ts';

/** Filipino texts of the Wallet tab (English in walletTexts.ts). */
export const walletTextsFil: WalletTexts = {
  filters: 'I-filter ang kasaysayan ng wallet',
  type: 'Uri',
  status: 'Kalagayan',
  types: { ALL: 'Lahat', DEPOSIT: 'Deposito', WITHDRAWAL: 'Withdrawal' },
  statuses: { ALL: 'Lahat', PENDING: 'Nakabinbin', APPROVED: 'Aprubado', DECLINED: 'Tinanggihan' },
  listLabel: 'Mga deposito at withdrawal',
  loading: 'Nilo-load ang kasaysayan ng wallet mo',
  error: 'Hindi namin ma-load ang kasaysayan ng wallet mo.',
  retry: 'Subukan ulit',
  empty: 'Walang transaksyong maipapakita',
  deposit: 'Deposito',
  withdrawal: 'Withdrawal',
  groupTicket: 'Group ticket (bakas)',
  groupMovement: {
    shares: 'Mga share sa {{title}}',
    winnings: 'Panalo ng {{title}}, hinati ayon sa share',
    refund: 'Ibinalik mula sa {{title}}',
  },
  id: 'ID {{id}}',
  reference: 'Ref {{reference}}',
  from: 'Mula sa {{sender}}',
  bonus: 'Gantimpalang bonus {{amount}}',
};
