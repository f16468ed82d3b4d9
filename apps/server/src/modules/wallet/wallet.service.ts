import type { Kysely } from 'kysely';
import {
  BackofficeMessages,
  PAYMENT_TYPE_BY_KIND,
  type AdjustmentResponse,
  type BalanceAdjustmentInput,
  type LedgerEntryView,
  type PlayerAccountKind,
  type TransactionKind,
} from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { accountIdByCode, HouseAccount, playerAccountCode, playerBalances } from './accounts.ts';
import { InsufficientFundsError, postTransaction } from './ledger.ts';

const ACCOUNT_OF_KIND: Record<string, PlayerAccountKind> = {
  player_credit: 'credit',
  player_bonus: 'bonus',
  player_withdraw_hold: 'withdraw_hold',
};

export function paymentTypeOf(kind: string): string {
  return PAYMENT_TYPE_BY_KIND[kind as TransactionKind] ?? kind;
}

/** A player's ledger postings, newest first, as the back office and wallet history read them. */
export async function playerLedgerEntries(
  db: Kysely<Database>,
  playerId: number,
  limit = 200,
): Promise<LedgerEntryView[]> {
  const rows = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select([
      'p.id as posting_id',
      'p.amount',
      'a.kind as account_kind',
      't.id as transaction_id',
      't.kind',
      't.description',
      't.created_at',
      't.reverses_transaction_id',
    ])
    .where('a.player_id', '=', playerId)
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    transactionId: r.transaction_id,
    postingId: r.posting_id,
    createdAt: r.created_at,
    kind: r.kind,
    paymentType: paymentTypeOf(r.kind),
    account: ACCOUNT_OF_KIND[r.account_kind] ?? 'credit',
    amount: r.amount,
    description: r.description,
    reversesTransactionId: r.reverses_transaction_id,
  }));
}

/**
 * An admin's correction of a player's credit or bonus balance: one balanced transaction against the
 * house adjustments account, audited in the same database transaction, at most once per idempotency key.
 */
export async function adjustPlayerBalance(
  db: Kysely<Database>,
  admin: Pick<StaffUser, 'id' | 'username'>,
  playerId: number,
  input: BalanceAdjustmentInput,
  idempotencyKey: string,
  ip: string | null,
): Promise<{ body: AdjustmentResponse; replayed: boolean }> {
  const player = await db.selectFrom('players').select('id').where('id', '=', playerId).executeTakeFirst();
  if (!player) throw notFound(BackofficeMessages.playerNotFound);

  return runIdempotent(
    db,
    { scope: `staff:${admin.id}:adjustment`, key: idempotencyKey, request: { playerId, ...input } },
    async (trx) => {
      const playerAccount = await accountIdByCode(trx, playerAccountCode(playerId, input.account));
      const houseAccount = await accountIdByCode(trx, HouseAccount.adjustments);
      let transactionId: number;
      try {
        transactionId = await postTransaction(trx, {
          kind: 'ADJUSTMENT',
          description: input.reason,
          actor: { type: 'staff', id: admin.id },
          metadata: { playerId, account: input.account },
          postings: [
            { accountId: playerAccount, amount: input.amount },
            { accountId: houseAccount, amount: -input.amount },
          ],
        });
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw badRequest(BackofficeMessages.adjustmentInsufficient);
        throw error;
      }
      await recordAudit(
        trx,
        { type: 'staff', id: admin.id, ip },
        {
          action: 'player.balance_adjusted',
          targetType: 'player',
          targetId: playerId,
          details: { transactionId, account: input.account, amount: input.amount, reason: input.reason },
        },
      );
      const balances = await playerBalances(trx, playerId);
      return {
        statusCode: 200 as const,
        transactionId,
        account: input.account,
        amount: input.amount,
        creditBalance: balances.creditBalance,
        bonusBalance: balances.bonusBalance,
      };
    },
  );
}
