import type { Kysely, Transaction } from 'kysely';
import {
  ApprovalMessages,
  depositBonusFor,
  depositSecondApprovalReason,
  maySecondApprove,
  depositRefusal,
  isDepositAccountType,
  normalizeReference,
  paymentTransactionId,
  PaymentMessages,
  senderFor,
  StatusCode,
  withdrawRefusal,
  type CreditHistoryEntry,
  type DepositMethodResponse,
  type HistoryStatusFilter,
  type HistoryTypeFilter,
  type InitiateDepositInput,
  type InitiateWithdrawInput,
  type PaymentRequestReceipt,
  type PaymentRequestView,
  type PaymentStatus,
  type ReceiptFields,
} from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUniqueViolation, runIdempotentTwinSafe } from '../../lib/idempotency.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/index.ts';
import type { DomainEvents } from '../events/index.ts';
import { scopePlayersToStaff, secondPersonRefusal } from '../staff/index.ts';
import {
  approvalSettings,
  countApproval,
  secondApproverRoleFor,
  accountIdByCode,
  HouseAccount,
  playerAccountCode,
  playerBalances,
  InsufficientFundsError,
  postTransaction,
  type Posting,
} from '../wallet/index.ts';
import { withdrawChannels } from './channel-images.ts';
import type { PaymentHookRunner } from './payment-hooks.ts';
import { depositAccountsForPlayer } from './deposit-accounts.ts';
import { paymentLimits } from './payment-settings.ts';
import { withdrawalApprovalRefusal } from './withdrawal-conflicts.ts';

/** Ledger transaction kinds of payments. */
export const PaymentLedgerKind = {
  deposit: 'DEPOSIT',
  withdrawHold: 'WITHDRAW_HOLD',
  withdrawPayout: 'WITHDRAW_PAYOUT',
  withdrawRelease: 'WITHDRAW_RELEASE',
} as const;

const withdrawRefused = (message: string) =>
  message === PaymentMessages.withdrawBalance
    ? new AppError(409, StatusCode.INSUFFICIENT_BALANCE, message)
    : badRequest(message);

async function receiptFor(
  db: Kysely<Database>,
  playerId: number,
  request: { id: number; kind: 'DEPOSIT' | 'WITHDRAW'; amount: number },
): Promise<PaymentRequestReceipt> {
  const balances = await playerBalances(db, playerId);
  return {
    statusCode: 200,
    transactionId: paymentTransactionId(request.kind, request.id),
    amount: request.amount,
    status: 'PENDING',
    creditBalance: balances.creditBalance,
    bonusBalance: balances.bonusBalance,
  };
}

export async function depositMethod(db: Kysely<Database>, playerId: number): Promise<DepositMethodResponse> {
  const limits = await paymentLimits(db);
  return {
    statusCode: 200,
    accounts: await depositAccountsForPlayer(db, playerId),
    withdrawChannels: await withdrawChannels(db),
    depositLimits: limits.deposit,
    withdrawLimits: limits.withdraw,
  };
}

/**
 * A deposit request: every rule of docs/product/money.md#deposits, then a PENDING row. No money moves until staff
 * approve it, so a request with a wrong reference costs nothing. One request per idempotency key.
 */
export async function initiateDeposit(
  db: Kysely<Database>,
  playerId: number,
  input: InitiateDepositInput,
  hooks: PaymentHookRunner,
): Promise<PaymentRequestReceipt> {
  const { idempotencyKey, sessionId: _s, playerId: _p, ...request } = input;
  const limits = await paymentLimits(db);
  const { body } = await runIdempotentTwinSafe(
    db,
    { scope: `player:${playerId}:deposit`, key: idempotencyKey, request },
    async (trx) => {
      const account = await trx
        .selectFrom('deposit_accounts')
        .selectAll()
        .where('id', '=', input.receiverNumber)
        .where('active', '=', 1)
        .executeTakeFirst();
      const type = account && isDepositAccountType(account.type) ? account.type : null;
      const refusal = depositRefusal(
        {
          amount: input.amount,
          senderNumber: input.senderNumber,
          referenceNumber: input.referenceNumber,
          accountType: type,
        },
        limits.deposit,
      );
      if (refusal) throw badRequest(refusal);
      if (!account || type === null) throw badRequest(PaymentMessages.receiverRequired);
      // Gates (responsible gaming's break and deposit limits, identity verification) may refuse it.
      await hooks.run('payment.requesting', trx, { playerId, kind: 'DEPOSIT', amount: input.amount });

      const reference = normalizeReference(input.referenceNumber, type);
      // One open deposit per channel and reference, whoever submits it: a receipt is claimed once. The
      // unique index payment_requests_open_reference settles two submissions racing past this read.
      const submitted = await trx
        .selectFrom('payment_requests')
        .select('id')
        .where('kind', '=', 'DEPOSIT')
        .where('status', 'in', ['PENDING', 'APPROVED'])
        .where('channel', '=', type)
        .where('reference_number', '=', reference)
        .executeTakeFirst();
      if (submitted) throw badRequest(PaymentMessages.referenceSubmitted);

      // A receipt the player uploaded (their own, not yet on another deposit) goes with the request.
      let receiptId: number | null = null;
      if (input.receiptId !== undefined) {
        const receipt = await trx
          .selectFrom('payment_receipts as receipt')
          .leftJoin('payment_requests as used', 'used.receipt_id', 'receipt.id')
          .select(['receipt.id', 'used.id as used_by'])
          .where('receipt.id', '=', input.receiptId)
          .where('receipt.player_id', '=', playerId)
          .executeTakeFirst();
        if (!receipt || receipt.used_by !== null) throw badRequest(PaymentMessages.receiptNotFound);
        receiptId = receipt.id;
      }

      const note = input.note?.trim() || null;
      const inserted = await trx
        .insertInto('payment_requests')
        .values({
          player_id: playerId,
          kind: 'DEPOSIT',
          amount: input.amount,
          bonus: depositBonusFor(type, input.amount),
          channel: type,
          deposit_account_id: account.id,
          account_name: account.account_name,
          account_number: account.account_number,
          sender_number: senderFor(type, input.senderNumber),
          reference_number: reference,
          note,
          created_at: nowIso(),
          receipt_id: receiptId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw badRequest(PaymentMessages.referenceSubmitted);
          throw error;
        });
      const { id } = inserted;
      await hooks.run('payment.requested', trx, { requestId: id, playerId });
      return receiptFor(trx, playerId, { id, kind: 'DEPOSIT', amount: input.amount });
    },
  );
  return body;
}

/**
 * A withdrawal request. Only credit can be withdrawn, never bonus; the amount moves from credit to the
 * player's withdraw hold in the same database transaction as the request (a conditional update), so it
 * can be neither bet nor withdrawn twice, however many requests race.
 */
export async function initiateWithdraw(
  db: Kysely<Database>,
  playerId: number,
  input: InitiateWithdrawInput,
  hooks: PaymentHookRunner,
): Promise<PaymentRequestReceipt> {
  const { idempotencyKey, sessionId: _s, playerId: _p, ...request } = input;
  const limits = await paymentLimits(db);
  const { body } = await runIdempotentTwinSafe(
    db,
    { scope: `player:${playerId}:withdraw`, key: idempotencyKey, request },
    async (trx) => {
      const { creditBalance } = await playerBalances(trx, playerId);
      const refusal = withdrawRefusal(input, limits.withdraw, creditBalance);
      if (refusal) throw withdrawRefused(refusal);
      await hooks.run('payment.requesting', trx, { playerId, kind: 'WITHDRAW', amount: input.amount });

      let holdTransactionId: number;
      try {
        holdTransactionId = await postTransaction(trx, {
          kind: PaymentLedgerKind.withdrawHold,
          description: `Withdrawal to ${input.companyName} held for verification`,
          actor: { type: 'player', id: playerId },
          metadata: { playerId },
          postings: [
            { accountId: await accountIdByCode(trx, playerAccountCode(playerId, 'credit')), amount: -input.amount },
            {
              accountId: await accountIdByCode(trx, playerAccountCode(playerId, 'withdraw_hold')),
              amount: input.amount,
            },
          ],
        });
      } catch (error) {
        // Another request took the credit between our read and the move.
        if (error instanceof InsufficientFundsError) throw withdrawRefused(PaymentMessages.withdrawBalance);
        throw error;
      }
      const { id } = await trx
        .insertInto('payment_requests')
        .values({
          player_id: playerId,
          kind: 'WITHDRAW',
          amount: input.amount,
          channel: input.companyName,
          account_name: input.accountName.trim(),
          account_number: input.accountNumber.trim(),
          note: input.note?.trim() || null,
          hold_transaction_id: holdTransactionId,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await hooks.run('payment.requested', trx, { requestId: id, playerId });
      return receiptFor(trx, playerId, { id, kind: 'WITHDRAW', amount: input.amount });
    },
  );
  return body;
}

// Wallet history.

/** What a group ticket's ledger transaction (decision 056) did for the player, from what it recorded. */
function groupTicketMovement(
  kind: string,
  metadata: string,
): { code: string; title: string; movement: 'shares' | 'winnings' | 'refund' } {
  const recorded = JSON.parse(metadata) as { bakas?: unknown; title?: unknown; refunded?: unknown };
  const code = typeof recorded.bakas === 'string' ? recorded.bakas : '';
  const title = typeof recorded.title === 'string' ? recorded.title : code;
  const movement =
    kind === 'BAKAS_SHARE' ? 'shares' : kind === 'BAKAS_PAYOUT' && recorded.refunded !== true ? 'winnings' : 'refund';
  return { code, title, movement };
}

/**
 * Ledger kinds that show in the wallet next to deposits and withdrawals (docs/product/money.md#wallet-history:
 * SYSTEM-ADJ, PROMO).
 */
function walletPaymentType(kind: string, metadata: string): 'SYSTEM-ADJ' | 'PROMO' | 'BAKAS' | null {
  if (kind === 'ADJUSTMENT') return 'SYSTEM-ADJ';
  // Group tickets (decision 056): shares bought, refunds, and each member's part of a settled ticket.
  if (kind.startsWith('BAKAS')) return 'BAKAS';
  if (kind.startsWith('PROMO')) return 'PROMO';
  if (kind === 'REVERSAL') {
    const reversed = (JSON.parse(metadata) as { reversedKind?: unknown }).reversedKind;
    if (reversed === 'ADJUSTMENT') return 'SYSTEM-ADJ';
    if (typeof reversed === 'string' && reversed.startsWith('PROMO')) return 'PROMO';
  }
  return null;
}

const HISTORY_LIMIT = 200;

/** The player's deposits, withdrawals, adjustments and promo credits, newest first. */
export async function transactionHistory(
  db: Kysely<Database>,
  playerId: number,
  filters: { type?: HistoryTypeFilter | undefined; status?: HistoryStatusFilter | undefined },
): Promise<CreditHistoryEntry[]> {
  const type = filters.type ?? 'ALL';
  const status = filters.status ?? 'ALL';

  let requests = db
    .selectFrom('payment_requests')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT);
  if (type !== 'ALL') requests = requests.where('kind', '=', type === 'DEPOSIT' ? 'DEPOSIT' : 'WITHDRAW');
  if (status !== 'ALL') requests = requests.where('status', '=', status);
  const entries: CreditHistoryEntry[] = (await requests.execute()).map((row) => ({
    id: paymentTransactionId(row.kind, row.id),
    creditType: row.kind === 'DEPOSIT' ? 'DR' : 'WR',
    dateTime: row.created_at,
    status: row.status,
    amount: row.amount,
    paymentType: row.channel.toUpperCase(),
    accountName: row.account_name,
    accountNumber: row.account_number,
    companyName: row.kind === 'WITHDRAW' ? row.channel : null,
    tranRef1: row.reference_number,
    tranRef2: row.kind === 'DEPOSIT' ? row.sender_number : null,
    bonus: row.status === 'APPROVED' ? row.bonus : 0,
    notes: [row.note, row.decision_note].filter((n): n is string => Boolean(n)).join(' · ') || null,
  }));

  // Adjustments and promo credits are approved by nature; they move credit and/or bonus.
  if (status === 'ALL' || status === 'APPROVED') {
    const postings = await db
      .selectFrom('ledger_postings as p')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
      .select(['t.id', 't.kind', 't.metadata', 't.description', 't.created_at', 'a.kind as account_kind', 'p.amount'])
      .where('a.player_id', '=', playerId)
      .where('a.kind', 'in', ['player_credit', 'player_bonus'])
      .where((eb) =>
        eb.or([
          eb('t.kind', '=', 'ADJUSTMENT'),
          eb('t.kind', '=', 'REVERSAL'),
          eb('t.kind', 'like', 'PROMO%'),
          eb('t.kind', 'like', 'BAKAS%'),
        ]),
      )
      .orderBy('t.id', 'desc')
      .limit(HISTORY_LIMIT * 2)
      .execute();
    const byTransaction = new Map<number, { row: (typeof postings)[number]; credit: number; bonus: number }>();
    for (const posting of postings) {
      const entry = byTransaction.get(posting.id) ?? { row: posting, credit: 0, bonus: 0 };
      if (posting.account_kind === 'player_credit') entry.credit += posting.amount;
      else entry.bonus += posting.amount;
      byTransaction.set(posting.id, entry);
    }
    for (const { row, credit, bonus } of byTransaction.values()) {
      const paymentType = walletPaymentType(row.kind, row.metadata);
      if (!paymentType) continue;
      const creditType = credit + bonus >= 0 ? 'DR' : 'WR';
      if (type === 'DEPOSIT' && creditType !== 'DR') continue;
      if (type === 'WITHDRAWAL' && creditType !== 'WR') continue;
      entries.push({
        id: `${paymentType === 'PROMO' ? 'PR' : paymentType === 'BAKAS' ? 'BK' : 'SA'}${String(row.id).padStart(6, '0')}`,
        creditType,
        dateTime: row.created_at,
        status: 'APPROVED',
        amount: Math.abs(credit),
        paymentType,
        accountName: null,
        accountNumber: null,
        companyName: null,
        tranRef1: null,
        tranRef2: null,
        bonus,
        ...(paymentType === 'BAKAS'
          ? { notes: null, groupTicket: groupTicketMovement(row.kind, row.metadata) }
          : { notes: row.description || null }),
      });
    }
  }
  return entries.sort((a, b) => b.dateTime.localeCompare(a.dateTime)).slice(0, HISTORY_LIMIT);
}

// Back office.

function requestViewQuery(db: Kysely<Database>) {
  return db
    .selectFrom('payment_requests as r')
    .innerJoin('players', 'players.id', 'r.player_id')
    .leftJoin('staff_users as agent', 'agent.id', 'players.agent_id')
    .leftJoin('staff_users as decider', 'decider.id', 'r.decided_by_staff_id')
    .leftJoin('staff_users as first_approver', 'first_approver.id', 'r.first_approved_by_staff_id')
    .leftJoin('payment_receipts as receipt', 'receipt.id', 'r.receipt_id')
    .selectAll('r')
    .select([
      'receipt.read_amount',
      'receipt.read_reference',
      'players.first_name',
      'players.last_name',
      'players.mobile_no',
      'agent.display_name as agent_name',
      'decider.display_name as decider_name',
      'first_approver.display_name as first_approver_name',
      'first_approver.role as first_approver_role',
    ]);
}

type RequestViewRow = Awaited<ReturnType<ReturnType<typeof requestViewQuery>['executeTakeFirstOrThrow']>>;

/** Why a deposit needs two approvals (decision 042), or null; the reference compared as its channel stores it. */
function secondApprovalReasonOf(
  row: Pick<RequestViewRow, 'kind' | 'amount' | 'channel' | 'reference_number' | 'receipt_id'> & {
    read_amount: number | null;
    read_reference: string | null;
  },
  depositThreshold: number,
) {
  if (row.kind !== 'DEPOSIT') return null;
  const channel = isDepositAccountType(row.channel) ? row.channel : null;
  return depositSecondApprovalReason(
    {
      amount: row.amount,
      referenceNumber: row.reference_number,
      receiptReading:
        row.receipt_id === null
          ? null
          : { amount: row.read_amount === null ? null : Number(row.read_amount), referenceNumber: row.read_reference },
    },
    depositThreshold,
    (raw) => normalizeReference(raw, channel),
  );
}

function toRequestView(row: RequestViewRow, depositThreshold: number): PaymentRequestView {
  return {
    id: row.id,
    transactionId: paymentTransactionId(row.kind, row.id),
    kind: row.kind,
    status: row.status,
    playerId: row.player_id,
    playerName: `${row.first_name} ${row.last_name}`,
    mobileNo: row.mobile_no,
    agentName: row.agent_name,
    amount: row.amount,
    bonus: row.bonus,
    channel: row.channel as PaymentRequestView['channel'],
    accountName: row.account_name,
    accountNumber: row.account_number,
    senderNumber: row.sender_number,
    referenceNumber: row.reference_number,
    note: row.note,
    decisionNote: row.decision_note,
    decidedBy: row.decider_name,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
    hasReceipt: row.receipt_id !== null,
    firstApprovedBy: row.first_approver_name,
    firstApprovedById: row.first_approved_by_staff_id,
    firstApproverRole: row.first_approver_role,
    firstApprovedAt: row.first_approved_at,
    secondApproverRole:
      row.status === 'PENDING' && row.first_approver_role ? secondApproverRoleFor(row.first_approver_role) : null,
    secondApprovalReason: secondApprovalReasonOf(row, depositThreshold),
    receiptReading:
      row.receipt_id === null
        ? null
        : { amount: row.read_amount === null ? null : Number(row.read_amount), referenceNumber: row.read_reference },
  };
}

/** Players this staff member may see (admins all, anyone else their own subtree at any depth). */
function playersInScope(db: Kysely<Database>, staff: Pick<StaffUser, 'id' | 'role'>) {
  return scopePlayersToStaff(db.selectFrom('players').select('players.id'), staff);
}

export async function listPaymentRequests(
  db: Kysely<Database>,
  staff: Pick<StaffUser, 'id' | 'role'>,
  options: {
    status?: PaymentStatus | undefined;
    kind?: 'DEPOSIT' | 'WITHDRAW' | undefined;
    page: number;
    pageSize: number;
  },
): Promise<{ requests: PaymentRequestView[]; total: number }> {
  const filter = <Q extends ReturnType<typeof requestViewQuery>>(query: Q): Q => {
    let scoped = query.where('r.player_id', 'in', playersInScope(db, staff));
    if (options.status) scoped = scoped.where('r.status', '=', options.status);
    if (options.kind) scoped = scoped.where('r.kind', '=', options.kind);
    return scoped as Q;
  };
  const rows = await filter(requestViewQuery(db))
    // Pending work oldest first (first come, first served); decided ones newest first.
    .orderBy('r.id', options.status === 'PENDING' ? 'asc' : 'desc')
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  let count = db
    .selectFrom('payment_requests as r')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('r.player_id', 'in', playersInScope(db, staff));
  if (options.status) count = count.where('r.status', '=', options.status);
  if (options.kind) count = count.where('r.kind', '=', options.kind);
  const { count: total } = await count.executeTakeFirstOrThrow();
  const { depositSecondApprovalAbove } = await approvalSettings(db);
  return { requests: rows.map((row) => toRequestView(row, depositSecondApprovalAbove)), total: Number(total) };
}

export type PaymentDecision = 'approve' | 'decline';

async function decisionPostings(
  trx: Transaction<Database>,
  request: { kind: 'DEPOSIT' | 'WITHDRAW'; player_id: number; amount: number; bonus: number },
  decision: PaymentDecision,
): Promise<{ kind: string; postings: Posting[] }> {
  const account = (kind: 'credit' | 'bonus' | 'withdraw_hold') =>
    accountIdByCode(trx, playerAccountCode(request.player_id, kind));
  if (request.kind === 'DEPOSIT') {
    const postings: Posting[] = [
      { accountId: await account('credit'), amount: request.amount },
      { accountId: await accountIdByCode(trx, HouseAccount.cashInClearing), amount: -request.amount },
    ];
    if (request.bonus > 0) {
      postings.push(
        { accountId: await account('bonus'), amount: request.bonus },
        { accountId: await accountIdByCode(trx, HouseAccount.promoExpense), amount: -request.bonus },
      );
    }
    return { kind: PaymentLedgerKind.deposit, postings };
  }
  const hold = await account('withdraw_hold');
  if (decision === 'approve') {
    return {
      kind: PaymentLedgerKind.withdrawPayout,
      postings: [
        { accountId: hold, amount: -request.amount },
        { accountId: await accountIdByCode(trx, HouseAccount.cashOutClearing), amount: request.amount },
      ],
    };
  }
  return {
    kind: PaymentLedgerKind.withdrawRelease,
    postings: [
      { accountId: hold, amount: -request.amount },
      { accountId: await account('credit'), amount: request.amount },
    ],
  };
}

/**
 * Approves or declines a pending request, once. The status moves by a conditional update
 * (WHERE status = 'PENDING') before any money moves, in the same database transaction as the ledger
 * movement and the audit entry, so when two staff decide at the same moment one wins and the other is
 * told it was already decided. A declined deposit moves nothing; a declined withdrawal releases the hold.
 */
export async function decidePaymentRequest(
  db: Kysely<Database>,
  staff: Pick<StaffUser, 'id' | 'role' | 'username'>,
  requestId: number,
  decision: PaymentDecision,
  note: string | undefined,
  idempotencyKey: string,
  ip: string | null,
  hooks: PaymentHookRunner,
): Promise<{ view: PaymentRequestView; playerId: number; replayed: boolean }> {
  const { body, replayed } = await runIdempotentTwinSafe(
    db,
    {
      scope: `staff:${staff.id}:payment-decision`,
      key: idempotencyKey,
      request: { requestId, decision, note: note ?? null },
    },
    async (trx) => {
      const request = await trx
        .selectFrom('payment_requests')
        .selectAll()
        .where('id', '=', requestId)
        .where('player_id', 'in', playersInScope(trx, staff))
        .executeTakeFirst();
      // Out of scope reads as not found: staff learn nothing about other agents' players.
      if (!request) throw notFound(PaymentMessages.requestNotFound);
      if (request.status !== 'PENDING') throw conflict(PaymentMessages.alreadyDecided);

      // Maker-checker (decisions 020 and 042): a deposit above the threshold, or without a receipt that says
      // what the request says, is approved twice, the second time by an independent staff member of a higher
      // role; the first approval moves no money. Every approval counts towards the approver's daily limit.
      const settings = await approvalSettings(trx);
      let firstApproverId: number | null = null;
      if (request.kind === 'DEPOSIT' && decision === 'approve') {
        if (request.first_approved_by_staff_id !== null) {
          firstApproverId = request.first_approved_by_staff_id;
          if (firstApproverId === staff.id) throw forbidden(ApprovalMessages.sameApprover);
          const first = await trx
            .selectFrom('staff_users')
            .select('role')
            .where('id', '=', firstApproverId)
            .executeTakeFirstOrThrow();
          if (!maySecondApprove(first.role, staff.role)) {
            throw forbidden(ApprovalMessages.secondApproverRole(first.role));
          }
          const refusal = await secondPersonRefusal(trx, { firstId: firstApproverId, secondId: staff.id });
          if (refusal) throw forbidden(refusal);
        }
        await countApproval(trx, staff, request.amount, settings);
        const reading = request.receipt_id
          ? await trx
              .selectFrom('payment_receipts')
              .select(['read_amount', 'read_reference'])
              .where('id', '=', request.receipt_id)
              .executeTakeFirst()
          : undefined;
        const twoApprovalsBecause = secondApprovalReasonOf(
          { ...request, read_amount: reading?.read_amount ?? null, read_reference: reading?.read_reference ?? null },
          settings.depositSecondApprovalAbove,
        );
        if (firstApproverId === null && twoApprovalsBecause !== null) {
          const now = nowIso();
          const recorded = await trx
            .updateTable('payment_requests')
            .set({
              first_approved_by_staff_id: staff.id,
              first_approved_at: now,
              first_approval_note: note?.trim() || null,
            })
            .where('id', '=', requestId)
            .where('status', '=', 'PENDING')
            .where('first_approved_by_staff_id', 'is', null)
            .executeTakeFirst();
          if (Number(recorded.numUpdatedRows) !== 1) throw conflict(ApprovalMessages.alreadyFirstApproved);
          await recordAudit(
            trx,
            { type: 'staff', id: staff.id, ip },
            {
              action: 'payment.deposit_first_approved',
              targetType: 'payment_request',
              targetId: request.id,
              details: {
                playerId: request.player_id,
                amount: request.amount,
                note: note ?? null,
                secondApprovalReason: twoApprovalsBecause,
              },
            },
          );
          const row = await requestViewQuery(trx).where('r.id', '=', requestId).executeTakeFirstOrThrow();
          return { view: toRequestView(row, settings.depositSecondApprovalAbove), playerId: request.player_id };
        }
      }
      // Whoever let money in does not also let it out (decision 042).
      if (request.kind === 'WITHDRAW' && decision === 'approve') {
        const refusal = await withdrawalApprovalRefusal(trx, staff.id, request.player_id);
        if (refusal) throw forbidden(refusal);
      }
      if (request.kind === 'DEPOSIT' && decision === 'approve') {
        const used = await trx
          .selectFrom('payment_requests')
          .select('id')
          .where('kind', '=', 'DEPOSIT')
          .where('status', '=', 'APPROVED')
          .where('channel', '=', request.channel)
          .where('reference_number', '=', request.reference_number)
          // Not this request itself, approved a moment ago by another staff member: that is 'already decided'.
          .where('id', '!=', request.id)
          .executeTakeFirst();
        if (used) throw badRequest(PaymentMessages.referenceUsed);
      }

      const status = decision === 'approve' ? 'APPROVED' : 'DECLINED';
      let claimed;
      try {
        let claim = trx
          .updateTable('payment_requests')
          .set({ status, decided_by_staff_id: staff.id, decided_at: nowIso(), decision_note: note?.trim() || null })
          .where('id', '=', requestId)
          .where('status', '=', 'PENDING');
        // An approval stands on the first approval it read (none, or that one): a first approval recorded
        // by someone else a moment ago makes this one 'already decided', not a single-handed approval.
        if (request.kind === 'DEPOSIT' && decision === 'approve') {
          claim = claim.where('first_approved_by_staff_id', firstApproverId === null ? 'is' : '=', firstApproverId);
        }
        claimed = await claim.executeTakeFirst();
      } catch (error) {
        // Another deposit with this channel and reference was approved at the same moment.
        if (isUniqueViolation(error)) throw badRequest(PaymentMessages.referenceUsed);
        throw error;
      }
      if (Number(claimed.numUpdatedRows) !== 1) throw conflict(PaymentMessages.alreadyDecided);

      let transactionId: number | null = null;
      if (!(request.kind === 'DEPOSIT' && decision === 'decline')) {
        const movement = await decisionPostings(trx, request, decision);
        transactionId = await postTransaction(trx, {
          kind: movement.kind,
          description: `${paymentTransactionId(request.kind, request.id)} ${status.toLowerCase()}`,
          actor: { type: 'staff', id: staff.id },
          metadata: { paymentRequestId: request.id, playerId: request.player_id },
          postings: movement.postings,
        });
        await trx
          .updateTable('payment_requests')
          .set({ decision_transaction_id: transactionId })
          .where('id', '=', requestId)
          .execute();
      }
      await recordAudit(
        trx,
        { type: 'staff', id: staff.id, ip },
        {
          action: `payment.${request.kind.toLowerCase()}_${status.toLowerCase()}`,
          targetType: 'payment_request',
          targetId: request.id,
          details: {
            playerId: request.player_id,
            amount: request.amount,
            bonus: request.bonus,
            transactionId,
            note: note ?? null,
            firstApprovedBy: firstApproverId,
          },
        },
      );
      await hooks.run('payment.decided', trx, { requestId: request.id, playerId: request.player_id, status });
      const row = await requestViewQuery(trx).where('r.id', '=', requestId).executeTakeFirstOrThrow();
      return { view: toRequestView(row, settings.depositSecondApprovalAbove), playerId: request.player_id };
    },
  );
  return { ...body, replayed };
}

/**
 * Keeps a receipt image a player uploaded, for the deposit they are about to submit, with what the reader
 * read from it: a deposit whose request does not say the same needs a second approver (decision 042).
 */
export async function storeReceipt(
  db: Kysely<Database>,
  playerId: number,
  image: { data: Buffer; contentType: string },
  reading: ReceiptFields,
): Promise<number> {
  const { id } = await db
    .insertInto('payment_receipts')
    .values({
      player_id: playerId,
      content_type: image.contentType,
      data: image.data,
      created_at: nowIso(),
      read_amount: reading.amount,
      read_reference: reading.referenceNumber,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The receipt image of a payment request, for staff who may act on it: the request's player must be in
 * their scope (an agent's own players, a master agent's agents' players, every player for an admin).
 * Out of scope reads as not found, like the request itself.
 */
export async function paymentReceiptForStaff(
  db: Kysely<Database>,
  staff: Pick<StaffUser, 'id' | 'role'>,
  requestId: number,
): Promise<{ data: Buffer; contentType: string }> {
  const row = await db
    .selectFrom('payment_requests as r')
    .innerJoin('payment_receipts as receipt', 'receipt.id', 'r.receipt_id')
    .select(['receipt.data', 'receipt.content_type'])
    .where('r.id', '=', requestId)
    .where('r.player_id', 'in', playersInScope(db, staff))
    .executeTakeFirst();
  if (!row) throw notFound(PaymentMessages.receiptNotFound);
  return { data: Buffer.from(row.data), contentType: row.content_type };
}

/**
 * A staff decision on a payment request, then, after its commit, the notices: the player's open pages refresh
 * their balance. A lost notice costs a stale header, not money. A first approval of two (decision 020) moves
 * no money: the player hears once it is decided.
 */
export async function decidePayment(
  deps: { db: Kysely<Database>; hooks: PaymentHookRunner; events: DomainEvents },
  staff: Pick<StaffUser, 'id' | 'role' | 'username'>,
  requestId: number,
  decision: PaymentDecision,
  note: string | undefined,
  idempotencyKey: string,
  ip: string | null,
): Promise<PaymentRequestView> {
  const result = await decidePaymentRequest(deps.db, staff, requestId, decision, note, idempotencyKey, ip, deps.hooks);
  if (!result.replayed && result.view.status !== 'PENDING') {
    void deps.events.emit('payment.decided', {
      playerId: result.playerId,
      requestId,
      kind: result.view.kind,
      approved: decision === 'approve',
    });
    void deps.events.emit('wallet.changed', { playerId: result.playerId, cause: 'payment' });
  }
  return result.view;
}
