import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { SmsOutboxEntry } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { STAFF_ENROLMENT_SMS_PURPOSE } from './sms.ts';

/**
 * What the back office's outbox page shows of a staff enrolment link (decision 044): the address without
 * its token. The link is for the staff member's phone only, never for the admin who created the account.
 */
function withoutEnrolmentToken(text: string): string {
  return text.replace(/#[A-Za-z0-9_-]+/g, '#' + '•'.repeat(8));
}

export async function listSmsOutbox(
  db: Kysely<Database>,
  options: { q?: string | undefined; page: number; pageSize: number },
): Promise<{ messages: SmsOutboxEntry[]; total: number }> {
  const digits = options.q?.replace(/\D/g, '') ?? '';
  const base = digits
    ? db.selectFrom('sms_outbox').where('mobile_no', 'like', sql<string>`${`%${digits}%`}`)
    : db.selectFrom('sms_outbox');
  const rows = await base
    .select(['id', 'mobile_no', 'message', 'purpose', 'status', 'created_at'])
    .orderBy('id', 'desc')
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return {
    total: Number(count),
    messages: rows.map((r) => ({
      id: r.id,
      mobileNo: r.mobile_no,
      message: r.purpose === STAFF_ENROLMENT_SMS_PURPOSE ? withoutEnrolmentToken(r.message) : r.message,
      purpose: r.purpose,
      status: r.status,
      createdAt: r.created_at,
    })),
  };
}
