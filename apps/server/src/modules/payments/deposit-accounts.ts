import type { Kysely, Selectable } from 'kysely';
import {
  DEPOSIT_ACCOUNT_TYPES,
  DEPOSIT_BONUS_PERCENT,
  PaymentMessages,
  type DepositAccountInput,
  type DepositAccountView,
  type DepositMethodAccount,
} from '@karera/shared';
import type { Database, DepositAccountsTable, StaffUser } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/index.ts';
import { channelImageUrls } from './channel-images.ts';

type DepositAccountRow = Selectable<DepositAccountsTable>;

function toView(row: DepositAccountRow, imageUrl: string | null): DepositAccountView {
  return {
    id: row.id,
    type: row.type,
    accountName: row.account_name,
    accountNumber: row.account_number,
    companyNumber: row.company_number,
    active: Number(row.active) === 1,
    imageUrl,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listDepositAccounts(db: Kysely<Database>): Promise<DepositAccountView[]> {
  const rows = await db.selectFrom('deposit_accounts').selectAll().orderBy('type').orderBy('id').execute();
  const images = await channelImageUrls(db, 'deposit_account');
  return rows.map((row) => toView(row, images.get(String(row.id)) ?? null));
}

/** One account as the back office shows it. */
export async function depositAccountView(db: Kysely<Database>, id: number): Promise<DepositAccountView> {
  const row = await db.selectFrom('deposit_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(PaymentMessages.depositAccountNotFound);
  const images = await channelImageUrls(db, 'deposit_account');
  return toView(row, images.get(String(id)) ?? null);
}

export async function createDepositAccount(
  db: Kysely<Database>,
  admin: Pick<StaffUser, 'id'>,
  input: DepositAccountInput,
  ip: string | null,
): Promise<DepositAccountView> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto('deposit_accounts')
      .values({
        type: input.type,
        account_name: input.accountName,
        account_number: input.accountNumber,
        company_number: input.companyNumber || null,
        active: input.active ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      { type: 'staff', id: admin.id, ip },
      { action: 'deposit_account.created', targetType: 'deposit_account', targetId: row.id, details: { ...input } },
    );
    return toView(row, null);
  });
}

export async function updateDepositAccount(
  db: Kysely<Database>,
  admin: Pick<StaffUser, 'id'>,
  id: number,
  input: DepositAccountInput,
  ip: string | null,
): Promise<DepositAccountView> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('deposit_accounts')
      .set({
        type: input.type,
        account_name: input.accountName,
        account_number: input.accountNumber,
        company_number: input.companyNumber || null,
        active: input.active ? 1 : 0,
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(PaymentMessages.depositAccountNotFound);
    await recordAudit(
      trx,
      { type: 'staff', id: admin.id, ip },
      { action: 'deposit_account.updated', targetType: 'deposit_account', targetId: id, details: { ...input } },
    );
    const images = await channelImageUrls(trx, 'deposit_account');
    return toView(row, images.get(String(id)) ?? null);
  });
}

/**
 * The receiver account of each type shown to this player: the type's active accounts in id order,
 * the one at player id modulo their count (docs/product/money.md#deposits), so players spread evenly over the accounts.
 */
export async function depositAccountsForPlayer(
  db: Kysely<Database>,
  playerId: number,
): Promise<DepositMethodAccount[]> {
  const rows = await db.selectFrom('deposit_accounts').selectAll().where('active', '=', 1).orderBy('id').execute();
  const images = await channelImageUrls(db, 'deposit_account');
  return DEPOSIT_ACCOUNT_TYPES.flatMap((type) => {
    const ofType = rows.filter((row) => row.type === type);
    const chosen = ofType[playerId % Math.max(ofType.length, 1)];
    if (!chosen) return [];
    return [
      {
        id: chosen.id,
        type,
        accountName: chosen.account_name,
        accountNumber: chosen.account_number,
        companyNumber: chosen.company_number,
        bonusPercent: DEPOSIT_BONUS_PERCENT[type] ?? 0,
        imageUrl: images.get(String(chosen.id)) ?? null,
      },
    ];
  });
}

/** Demo mode: receiving accounts of the common types, so a new user can try a deposit end to end. */
export async function seedDemoDepositAccounts(db: Kysely<Database>): Promise<void> {
  const existing = await db.selectFrom('deposit_accounts').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const now = nowIso();
  const demo: [DepositAccountInput['type'], string, string][] = [
    ['GCASH', 'Karera Demo GCash', '09170000101'],
    ['PAYMAYA', 'Karera Demo Maya', '09180000101'],
    ['111', 'Karera Demo 111', '1110000101'],
    ['7-11', 'Karera Demo 7-Eleven', '7110000101'],
  ];
  await db
    .insertInto('deposit_accounts')
    .values(
      demo.map(([type, name, number]) => ({
        type,
        account_name: name,
        account_number: number,
        company_number: null,
        active: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
