import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuditEntryView, AuditSort } from '@karera/shared';
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

export interface AuditFilter {
  /** Matches the action, the staff member's username or name, the target, the details or a runner's horse. */
  q?: string | undefined;
  /** Entries by this staff member. */
  staffId?: number | undefined;
  action?: string | undefined;
  /** Manila calendar days, YYYY-MM-DD, both included. */
  from?: string | undefined;
  to?: string | undefined;
  sort?: AuditSort;
}

/** The first instant (UTC ISO, as created_at is written) of a Manila calendar day. */
export function manilaDayStartIso(day: string): string {
  return new Date(`${day}T00:00:00+08:00`).toISOString();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The log with the acting staff member, when a staff member acted. */
function auditWithActor(db: Kysely<Database>) {
  return db
    .selectFrom('audit_log')
    .leftJoin('staff_users', (join) =>
      join.onRef('staff_users.id', '=', 'audit_log.actor_id').on('audit_log.actor_type', '=', 'staff'),
    );
}
type AuditQuery = ReturnType<typeof auditWithActor>;

function applyAuditFilter(query: AuditQuery, filter: AuditFilter): AuditQuery {
  let filtered = query;
  if (filter.staffId !== undefined) {
    filtered = filtered.where('audit_log.actor_type', '=', 'staff').where('audit_log.actor_id', '=', filter.staffId);
  }
  if (filter.action) filtered = filtered.where('audit_log.action', '=', filter.action);
  if (filter.from) filtered = filtered.where('audit_log.created_at', '>=', manilaDayStartIso(filter.from));
  if (filter.to) {
    const dayAfter = new Date(new Date(manilaDayStartIso(filter.to)).getTime() + 24 * 3_600_000).toISOString();
    filtered = filtered.where('audit_log.created_at', '<', dayAfter);
  }
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    const pattern = sql<string>`${`%${escapeLike(q)}%`} escape '\\'`;
    filtered = filtered.where((eb) =>
      eb.or([
        eb(sql`lower(audit_log.action)`, 'like', pattern),
        eb(sql`lower(coalesce(staff_users.username, ''))`, 'like', pattern),
        eb(sql`lower(coalesce(staff_users.display_name, ''))`, 'like', pattern),
        eb(
          sql`lower(coalesce(audit_log.target_type, '') || ' ' || coalesce(audit_log.target_id, ''))`,
          'like',
          pattern,
        ),
        eb(sql`lower(audit_log.details)`, 'like', pattern),
        // A runner's horse: "Bagyo" finds the scratch of runner 4 Bagyo.
        eb.exists(
          eb
            .selectFrom('runners')
            .select(sql`1`.as('one'))
            .where('audit_log.target_type', '=', 'runner')
            .where(sql`cast(runners.id as text)`, '=', sql.ref('audit_log.target_id'))
            .where(sql`lower(runners.horse_name)`, 'like', pattern),
        ),
      ]),
    );
  }
  return filtered;
}

type AuditRace = NonNullable<AuditEntryView['race']>;

/** A race id an entry is about: its target, or a raceId in its details (a runner's race, a pool's race). */
function raceIdOf(targetType: string | null, targetId: string | null, details: Record<string, unknown>): number | null {
  if (targetType === 'race' && targetId !== null && /^\d+$/.test(targetId)) return Number(targetId);
  return typeof details['raceId'] === 'number' && Number.isInteger(details['raceId']) ? details['raceId'] : null;
}

/** The races and runners a page of entries names, in two queries. */
async function racesOfEntries(
  db: Kysely<Database>,
  entries: readonly { targetType: string | null; targetId: string | null; details: Record<string, unknown> }[],
): Promise<(AuditRace | null)[]> {
  const runnerIds = [
    ...new Set(
      entries.flatMap((e) =>
        e.targetType === 'runner' && e.targetId && /^\d+$/.test(e.targetId) ? [Number(e.targetId)] : [],
      ),
    ),
  ];
  const runners = runnerIds.length
    ? await db
        .selectFrom('runners')
        .select(['id', 'race_id', 'runner_no', 'horse_name'])
        .where('id', 'in', runnerIds)
        .execute()
    : [];
  const runnerById = new Map(runners.map((r) => [r.id, r]));
  const raceIdOfEntry = entries.map((e) => {
    if (e.targetType === 'runner' && e.targetId)
      return runnerById.get(Number(e.targetId))?.race_id ?? raceIdOf(null, null, e.details);
    return raceIdOf(e.targetType, e.targetId, e.details);
  });
  const raceIds = [...new Set(raceIdOfEntry.filter((id): id is number => id !== null))];
  const races = raceIds.length
    ? await db
        .selectFrom('races')
        .innerJoin('game_events', 'game_events.id', 'races.event_id')
        .select(['races.id', 'races.race_no', 'races.event_id', 'game_events.name', 'game_events.race_date'])
        .where('races.id', 'in', raceIds)
        .execute()
    : [];
  const raceById = new Map(races.map((r) => [r.id, r]));
  return entries.map((e, index) => {
    const raceId = raceIdOfEntry[index];
    const race = raceId === null || raceId === undefined ? undefined : raceById.get(raceId);
    if (!race) return null;
    const runner = e.targetType === 'runner' && e.targetId ? runnerById.get(Number(e.targetId)) : undefined;
    return {
      raceId: race.id,
      raceNo: race.race_no,
      eventId: race.event_id,
      eventName: race.name,
      raceDate: race.race_date,
      runnerNo: runner?.runner_no ?? null,
      horseName: runner?.horse_name ?? null,
    };
  });
}

export async function listAudit(
  db: Kysely<Database>,
  filter: AuditFilter,
  page: number,
  pageSize: number,
): Promise<{ entries: AuditEntryView[]; total: number }> {
  const base = auditWithActor(db);
  const direction = filter.sort === 'oldest' ? 'asc' : 'desc';
  const rows = await applyAuditFilter(base, filter)
    .select([
      'audit_log.id',
      'audit_log.created_at',
      'audit_log.actor_type',
      'audit_log.actor_id',
      'staff_users.username as actor_name',
      'staff_users.role as actor_role',
      'audit_log.action',
      'audit_log.target_type',
      'audit_log.target_id',
      'audit_log.details',
      'audit_log.ip',
    ])
    .orderBy('audit_log.id', direction)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { count } = await applyAuditFilter(base, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const entries = rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    actorType: r.actor_type,
    actorId: r.actor_id,
    actorName: r.actor_name,
    actorRole: r.actor_role,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    details: JSON.parse(r.details) as Record<string, unknown>,
    ip: r.ip,
  }));
  const races = await racesOfEntries(db, entries);
  return { total: Number(count), entries: entries.map((entry, index) => ({ ...entry, race: races[index] ?? null })) };
}
