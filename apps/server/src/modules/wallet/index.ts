/** The module's public face: what the rest of the server may use. */
export {
  HouseAccount,
  POOL_SHARE_ACCOUNTS,
  accountIdByCode,
  createHouseAccounts,
  openPlayerAccounts,
  playerAccountCode,
  playerBalances,
} from './accounts.ts';
export { approvalSettings, countApproval, secondApproverRoleFor } from './approval-controls.ts';
export { checkLedger } from './ledger-check.ts';
export {
  InsufficientFundsError,
  assertBalanced,
  postTransaction,
  recordTransaction,
  reverseTransaction,
  type PostedTransaction,
  type Posting,
} from './ledger.ts';
export {
  adjustPlayerBalance,
  decideAdjustment,
  listBalanceAdjustments,
  playerLedgerEntries,
} from './wallet.service.ts';
