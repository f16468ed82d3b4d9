import type { Transaction } from 'kysely';
import { betTypeByCode, legRaceNumbers, poolAccountCode } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { recordTransaction } from '../wallet/index.ts';
import { betLedgerText, newTicketNo, poolAccountId } from './betting.service.ts';

/** A ticket paid from an account other than a player's wallet: a group's holding account (decision 056). */
export interface HeldTicketInput {
  /** The player named on the ticket (a group's organiser); the ticket is not a bet of theirs. */
  playerId: number;
  /** The account that pays the stake and is paid the settlement. */
  holderAccountId: number;
  eventId: number;
  firstRaceId: number;
  firstRaceNo: number;
  betType: string;
  selections: number[][];
  amount: number;
  combinations: number;
  total: number;
}

/**
 * Places a ticket held by an account (a group's), in the caller's transaction: its own BET posting moves the
 * stake from the holding account (which may not go negative) into the pool, and the ticket records the holder,
 * so settlement pays the holder and no player query counts it as its player's own bet. The caller has checked
 * the bet (it was checked at creation; the card may have closed since, at last call).
 */
export async function placeHeldTicket(
  trx: Transaction<Database>,
  input: HeldTicketInput,
): Promise<{ ticketId: number; ticketNo: string; transactionId: number; placedAt: string }> {
  const type = betTypeByCode(input.betType);
  if (!type) throw new Error(`Unknown bet type ${input.betType}`);
  const pool = await poolAccountId(trx, poolAccountCode({ firstRaceId: input.firstRaceId, betType: type.code }));
  const ticketNo = newTicketNo();
  const text = betLedgerText(
    type,
    {
      first: { id: input.firstRaceId, race_no: input.firstRaceNo },
      raceNumbers: legRaceNumbers(type, input.firstRaceNo),
      checked: { combinations: input.combinations, total: input.total },
    },
    ticketNo,
  );
  const posted = await recordTransaction(
    trx,
    {
      kind: 'BET',
      ...text,
      metadata: { ...text.metadata, holderAccountId: input.holderAccountId },
      actor: { type: 'system', id: null },
      postings: [
        { accountId: pool, amount: input.total },
        { accountId: input.holderAccountId, amount: -input.total },
      ],
    },
    { untracked: new Set([pool]), tracked: new Set([input.holderAccountId]) },
  );
  const placedAt = nowIso();
  const ticket = await trx
    .insertInto('bet_tickets')
    .values({
      ticket_no: ticketNo,
      player_id: input.playerId,
      event_id: input.eventId,
      first_race_id: input.firstRaceId,
      bet_type: type.code,
      amount: input.amount,
      combinations: input.combinations,
      total: input.total,
      from_credit: input.total,
      from_bonus: 0,
      selections: JSON.stringify(input.selections),
      debit_transaction_id: posted.transactionId,
      settlement_transaction_id: null,
      status: 'open',
      created_at: placedAt,
      settlement_details: null,
      settled_at: null,
      holder_account_id: input.holderAccountId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ticketId: ticket.id, ticketNo, transactionId: posted.transactionId, placedAt };
}
