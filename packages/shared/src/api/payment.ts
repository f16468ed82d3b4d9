import type { AmountLimits, DepositAccountType, WithdrawCompany } from '../payments/channels.ts';
import type { StaffRole } from '../roles.ts';

/**
 * Payment calls (spec §7 payment/*): POST JSON with the player's session, money in centavos.
 * Deposits and withdrawals are requests that staff approve or decline in the back office.
 */
export const PaymentRoutes = {
  getDepositMethod: '/api/payment/getDepositMethod', // {} -> DepositMethodResponse
  initiateDeposit: '/api/payment/initiateDeposit', // InitiateDepositInput -> PaymentRequestReceipt
  initiateWithdraw: '/api/payment/initiateWithdraw', // InitiateWithdrawInput -> PaymentRequestReceipt
  getTransactionHistory: '/api/payment/getTransactionHistory', // TransactionHistoryInput -> TransactionHistoryResponse
  imageExtract: '/api/payment/imageExtract', // { image: base64 } -> ImageExtractResponse
} as const;

export const PaymentBackofficeRoutes = {
  requests: '/api/backoffice/payments', // GET ?status&kind&page -> PaymentRequestListResponse
  approve: (id: number) => `/api/backoffice/payments/${id}/approve`, // POST PaymentDecisionInput + Idempotency-Key
  decline: (id: number) => `/api/backoffice/payments/${id}/decline`, // POST PaymentDeclineInput + Idempotency-Key
  receipt: (id: number) => `/api/backoffice/payments/${id}/receipt`, // GET -> the receipt image (staff in scope)
  depositAccounts: '/api/backoffice/deposit-accounts', // GET list, POST DepositAccountInput (admin)
  depositAccount: (id: number) => `/api/backoffice/deposit-accounts/${id}`, // POST DepositAccountInput (admin)
  depositAccountImage: (id: number) => `/api/backoffice/deposit-accounts/${id}/image`, // POST ChannelImageInput (admin)
  withdrawChannels: '/api/backoffice/withdraw-channels', // GET -> WithdrawChannelListResponse (admin)
  withdrawChannelImage: (company: WithdrawCompany) => `/api/backoffice/withdraw-channels/${company}/image`, // POST ChannelImageInput (admin)
  limits: '/api/backoffice/payment-limits', // GET, POST PaymentLimitsInput (admin)
} as const;

export type PaymentStatus = 'PENDING' | 'APPROVED' | 'DECLINED';
export type PaymentRequestKind = 'DEPOSIT' | 'WITHDRAW';
/** DR deposit, WR withdrawal (spec §3 credit history creditType). */
export type CreditType = 'DR' | 'WR';

/** One receiver account per type, chosen for this player (player id modulo the type's active accounts). */
export interface DepositMethodAccount {
  id: number;
  type: DepositAccountType;
  accountName: string;
  accountNumber: string;
  companyNumber: string | null;
  /** Bonus reward in percent of the deposit (the 111 type: 5). */
  bonusPercent: number;
  /** The image the operator set for the account; null shows the built-in badge of its type. */
  imageUrl: string | null;
}

/** A withdraw channel (spec §3) and the image the operator set for it (null: the built-in badge). */
export interface WithdrawChannelView {
  company: WithdrawCompany;
  imageUrl: string | null;
}

export interface DepositMethodResponse {
  statusCode: 200;
  accounts: DepositMethodAccount[];
  /** Every withdraw channel, in the order of WITHDRAW_COMPANIES. */
  withdrawChannels: WithdrawChannelView[];
  depositLimits: AmountLimits;
  withdrawLimits: AmountLimits;
}

export interface PaymentRequestReceipt {
  statusCode: 200;
  transactionId: string;
  amount: number;
  status: PaymentStatus;
  /** Balances after the request (a withdrawal moves the amount out of credit at once). */
  creditBalance: number;
  bonusBalance: number;
}

/** A wallet history row (spec §3 credit history). Amount is positive; WR rows read as negative. */
export interface CreditHistoryEntry {
  id: string;
  creditType: CreditType;
  dateTime: string;
  status: PaymentStatus;
  amount: number;
  /** GCASH, PAYMAYA (shown as MAYA), a bank or company, SYSTEM-ADJ or PROMO. */
  paymentType: string;
  accountName: string | null;
  accountNumber: string | null;
  companyName: string | null;
  /** Deposit: the reference number; withdrawal: null. */
  tranRef1: string | null;
  /** Deposit: the sender number; withdrawal: null. */
  tranRef2: string | null;
  /** Bonus reward credited with this row (the +5% of type 111, a promo's bonus). */
  bonus: number;
  /** The player's note, and the reason when declined. */
  notes: string | null;
}

export interface TransactionHistoryResponse {
  statusCode: 200;
  creditHistory: CreditHistoryEntry[];
}

export interface ImageExtractResponse {
  statusCode: 200;
  /** Null when the receipt did not show one clearly. */
  referenceNumber: string | null;
  /** Centavos, or null. */
  amount: number | null;
  /** The stored image, to send with the deposit (receiptId) so the approving staff member sees it. */
  receiptId: number;
}

// Back office.

export interface PaymentRequestView {
  id: number;
  transactionId: string;
  kind: PaymentRequestKind;
  status: PaymentStatus;
  playerId: number;
  playerName: string;
  mobileNo: string;
  agentName: string | null;
  amount: number;
  bonus: number;
  /** Deposit: the receiver account type; withdrawal: the company. */
  channel: DepositAccountType | WithdrawCompany;
  /** Deposit: our receiving account; withdrawal: the player's account. */
  accountName: string;
  accountNumber: string;
  senderNumber: string | null;
  referenceNumber: string | null;
  note: string | null;
  decisionNote: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
  /** The player attached a receipt image: staff in scope read it at PaymentBackofficeRoutes.receipt(id). */
  hasReceipt: boolean;
  /** Maker-checker (decision 020): the first approval of a deposit above the threshold; the request stays PENDING. */
  firstApprovedBy: string | null;
  firstApprovedAt: string | null;
  /** The role the second approver needs, while the request waits for one. */
  secondApproverRole: 'master_agent_or_admin' | 'admin' | null;
}

export interface PaymentRequestListResponse {
  statusCode: 200;
  requests: PaymentRequestView[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PaymentDecisionResponse {
  statusCode: 200;
  request: PaymentRequestView;
}

export interface DepositAccountView {
  id: number;
  type: DepositAccountType;
  accountName: string;
  accountNumber: string;
  companyNumber: string | null;
  active: boolean;
  /** The account's image; null shows the built-in badge of its type. */
  imageUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DepositAccountListResponse {
  statusCode: 200;
  accounts: DepositAccountView[];
}

export interface WithdrawChannelListResponse {
  statusCode: 200;
  channels: WithdrawChannelView[];
}

export interface PaymentLimitsResponse {
  statusCode: 200;
  deposit: AmountLimits;
  withdraw: AmountLimits;
}

/** Who may decide a request: admins all, master agents their agents' players, agents their own. */
export const PAYMENT_DECIDERS: readonly StaffRole[] = ['admin', 'master_agent', 'agent'];

/** The id a player and an agent read out: DR or WR and the request number. */
export function paymentTransactionId(kind: PaymentRequestKind, id: number): string {
  return `${kind === 'DEPOSIT' ? 'DR' : 'WR'}${String(id).padStart(6, '0')}`;
}

/** How a payment type reads to a player: PAYMAYA as MAYA (spec §3). */
export function paymentTypeLabel(paymentType: string): string {
  return paymentType === 'PAYMAYA' ? 'MAYA' : paymentType;
}
