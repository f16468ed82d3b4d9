import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  MasterAgentApplicationStatus,
  MasterAgentApplicationSummary,
  MasterAgentApplicationView,
  MasterAgentPhotoKind,
} from '@karera/shared';
import type { Database, MasterAgentApplicationsTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ApplicationRow = Selectable<MasterAgentApplicationsTable>;

export interface NewApplication {
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  mobileNo: string;
  telegram: string;
  ip: string | null;
}

export interface NewPhoto {
  kind: MasterAgentPhotoKind;
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
}

export async function insertApplication(trx: Db, application: NewApplication, photos: NewPhoto[]): Promise<number> {
  const createdAt = nowIso();
  const { id } = await trx
    .insertInto('master_agent_applications')
    .values({
      email: application.email,
      first_name: application.firstName,
      last_name: application.lastName,
      username: application.username,
      mobile_no: application.mobileNo,
      telegram: application.telegram,
      ip: application.ip,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const photo of photos) {
    await trx
      .insertInto('master_agent_photos')
      .values({
        application_id: id,
        kind: photo.kind,
        content_type: photo.contentType,
        width: photo.width,
        height: photo.height,
        data: photo.data,
        created_at: createdAt,
      })
      .execute();
  }
  return id;
}

/** A pending application already waits with this username (any letter case). */
export async function pendingUsernameExists(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('master_agent_applications')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

/** The first admin's approval of an application, waiting for a second admin (decision 044), if any. */
export function pendingStaffRequestOf(
  db: Db,
  applicationId: number,
): Promise<{ id: number; proposed_by_staff_id: number } | undefined> {
  return db
    .selectFrom('staff_requests')
    .select(['id', 'proposed_by_staff_id'])
    .where('application_id', '=', applicationId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export function findApplication(db: Db, id: number): Promise<ApplicationRow | undefined> {
  return db.selectFrom('master_agent_applications').selectAll().where('id', '=', id).executeTakeFirst();
}

function toSummary(row: ApplicationRow): MasterAgentApplicationSummary {
  return {
    id: row.id,
    status: row.status,
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
    email: row.email,
    mobileNo: row.mobile_no,
    telegram: row.telegram,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
  };
}

export async function listApplications(
  db: Db,
  options: { status: MasterAgentApplicationStatus | undefined; page: number; pageSize: number },
): Promise<{ applications: MasterAgentApplicationSummary[]; total: number }> {
  const base = options.status
    ? db.selectFrom('master_agent_applications').where('status', '=', options.status)
    : db.selectFrom('master_agent_applications');
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return { applications: rows.map(toSummary), total: Number(count) };
}

/** The application as staff see it: the photos' sizes, never their bytes. */
export async function applicationView(db: Db, row: ApplicationRow): Promise<MasterAgentApplicationView> {
  const waiting = row.status === 'pending' ? await pendingStaffRequestOf(db, row.id) : undefined;
  const staffIds = [row.decided_by_staff_id, row.staff_id, waiting?.proposed_by_staff_id ?? null].filter(
    (id): id is number => id !== null,
  );
  const staff =
    staffIds.length > 0
      ? await db
          .selectFrom('staff_users')
          .select(['id', 'username', 'referral_code'])
          .where('id', 'in', staffIds)
          .execute()
      : [];
  const staffRow = (id: number | null) => staff.find((s) => s.id === id) ?? null;
  const staffRef = (id: number | null) => {
    const found = staffRow(id);
    return found && { id: found.id, username: found.username };
  };
  const photos = await db
    .selectFrom('master_agent_photos')
    .select(['kind', 'width', 'height', sql<number>`length(data)`.as('bytes')])
    .where('application_id', '=', row.id)
    .orderBy('kind', 'desc')
    .execute();
  return {
    ...toSummary(row),
    declineReason: row.decline_reason,
    decidedBy: staffRef(row.decided_by_staff_id),
    staff: staffRef(row.staff_id),
    referralCode: staffRow(row.staff_id)?.referral_code ?? null,
    pendingApproval: waiting
      ? { staffRequestId: waiting.id, proposedBy: staffRef(waiting.proposed_by_staff_id) ?? { id: 0, username: '' } }
      : null,
    photos: photos.map((p) => ({ kind: p.kind, width: p.width, height: p.height, bytes: Number(p.bytes) })),
  };
}

export function findPhoto(
  db: Db,
  applicationId: number,
  kind: MasterAgentPhotoKind,
): Promise<{ content_type: string; data: Buffer } | undefined> {
  return db
    .selectFrom('master_agent_photos')
    .select(['content_type', 'data'])
    .where('application_id', '=', applicationId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** pending -> approved or declined, only from pending: exactly one of several racing decisions wins. */
export async function claimDecision(
  trx: Db,
  id: number,
  decision: { status: 'approved' | 'declined'; staffId: number; declineReason: string | null },
): Promise<boolean> {
  const result = await trx
    .updateTable('master_agent_applications')
    .set({
      status: decision.status,
      decided_by_staff_id: decision.staffId,
      decided_at: nowIso(),
      decline_reason: decision.declineReason,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function linkStaff(trx: Db, id: number, staffId: number): Promise<void> {
  await trx.updateTable('master_agent_applications').set({ staff_id: staffId }).where('id', '=', id).execute();
}
