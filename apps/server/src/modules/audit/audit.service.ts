import type { Kysely, Transaction } from 'kysely';
import type { AuditEntryView } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

export interface AuditActor {
  type: 'staff' | 'player' | 'system';
  id: number | null;
  ip?: string | null;
}

export interface AuditEvent {
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
}

/** Records who did what. Call it in the same database transaction as the change it describes. */
export async function recordAudit(
  db: Kysely<Database> | Transaction<Database>,
  actor: AuditActor,
  event: AuditEvent,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_type: actor.type,
      actor_id: actor.id,
      action: event.action,
      target_type: event.targetType ?? null,
      target_id: event.targetId === undefined ? null : String(event.targetId),
      details: JSON.stringify(event.details ?? {}),
      ip: actor.ip ?? null,
      created_at: nowIso(),
    })
    .execute();
}

export async function listAudit(
  db: Kysely<Database>,
  page: number,
  pageSize: number,
): Promise<{ entries: AuditEntryView[]; total: number }> {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('staff_users', (join) =>
      join.onRef('staff_users.id', '=', 'audit_log.actor_id').on('audit_log.actor_type', '=', 'staff'),
    )
    .select([
      'audit_log.id',
      'audit_log.created_at',
      'audit_log.actor_type',
      'audit_log.actor_id',
      'staff_users.username as actor_name',
      'audit_log.action',
      'audit_log.target_type',
      'audit_log.target_id',
      'audit_log.details',
      'audit_log.ip',
    ])
    .orderBy('audit_log.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { count } = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return {
    total: Number(count),
    entries: rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      actorType: r.actor_type,
      actorId: r.actor_id,
      actorName: r.actor_name,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      details: JSON.parse(r.details) as Record<string, unknown>,
      ip: r.ip,
    })),
  };
}
