import type { Kysely } from 'kysely';
import type { ContactMessageInput, ContactMessageView } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

export async function storeContactMessage(
  db: Kysely<Database>,
  input: ContactMessageInput,
  ip: string | null,
): Promise<number> {
  const { id } = await db
    .insertInto('contact_messages')
    .values({ ...input, ip, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function listContactMessages(
  db: Kysely<Database>,
  page: number,
  pageSize: number,
): Promise<{ messages: ContactMessageView[]; total: number }> {
  const rows = await db
    .selectFrom('contact_messages')
    .select(['id', 'name', 'email', 'reason', 'notes', 'created_at'])
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { count } = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return {
    total: Number(count),
    messages: rows.map(({ created_at, ...row }) => ({ ...row, createdAt: created_at })),
  };
}
