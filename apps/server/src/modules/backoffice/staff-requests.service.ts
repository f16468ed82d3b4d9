import type { Kysely, Transaction } from 'kysely';
import {
  BackofficeMessages,
  StaffRequestMessages,
  type CreateStaffResponse,
  type StaffRequestView,
  type StaffRole,
} from '@karera/shared';
import type { Database, StaffRequest, StaffUser } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/idempotency.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/index.ts';
import {
  secondPersonRefusal,
  findStaffById,
  findStaffByReferralCode,
  findStaffByUsername,
  insertStaff,
  createStaff,
  type ParsedCreateStaff,
  revokeEnrolmentLinks,
  sendEnrolmentLink,
  type EnrolmentLinkDeps,
  freeReferralCode,
  twoFactorRequired,
} from '../staff/index.ts';
import { completeApprovedApplication } from '../masteragents/index.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Admin = Pick<StaffUser, 'id' | 'role'>;

/** Roles whose creation needs a second, independent admin (decision 044): they approve money and staff. */
const GUARDED_ROLES: ReadonlySet<StaffRole> = new Set(['admin', 'master_agent']);

/**
 * A new staff member from the back office's staff page (admins). An agent is made at once. An admin or a
 * master agent becomes a request that another, independent admin approves, except the next admin of an
 * installation with one active admin (nobody else could approve; that admin is in the creator's line, so
 * never the creator's second person). Whoever needs two factors gets a one-time enrolment link by SMS.
 */
export async function createStaffOrRequest(
  deps: EnrolmentLinkDeps,
  actor: Admin,
  input: ParsedCreateStaff & { mobileNo?: string | undefined },
  ip: string | null,
): Promise<CreateStaffResponse> {
  const { db, config } = deps;
  const mobileNo = input.mobileNo ?? null;
  if (mobileNo === null && twoFactorRequired(input.role, config.staffTwoFactor)) {
    throw badRequest(BackofficeMessages.staffMobileFormat, { mobileNo: BackofficeMessages.staffMobileFormat });
  }
  const alone = input.role === 'admin' && (await isOnlyActiveAdmin(db, actor.id));
  if (!GUARDED_ROLES.has(input.role) || alone) {
    const staff = await createStaff(db, { type: 'staff', id: actor.id, ip }, input, {
      mobileNo,
      aloneAsOnlyAdmin: alone,
    });
    const enrolmentLinkSent = await sendLinkIfNeeded(deps, actor, ip, staff.id);
    return { statusCode: 200, outcome: 'created', staff, enrolmentLinkSent };
  }
  if (mobileNo === null)
    throw badRequest(BackofficeMessages.staffMobileFormat, { mobileNo: BackofficeMessages.staffMobileFormat });
  await assertNewAccountFree(db, input.username, input.referralCode ?? null);
  const passwordHash = await hashPassword(input.password);
  const request = await withPendingUnique(() =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('staff_requests')
        .values({
          kind: 'create',
          username: input.username,
          display_name: input.displayName,
          password_hash: passwordHash,
          role: input.role,
          mobile_no: mobileNo,
          referral_code: input.referralCode ?? null,
          proposed_by_staff_id: actor.id,
          proposed_at: nowIso(),
          decided_by_staff_id: null,
          decided_at: null,
          staff_id: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(
        trx,
        { type: 'staff', id: actor.id, ip },
        {
          action: 'staff.request_proposed',
          targetType: 'staff_request',
          targetId: row.id,
          details: { kind: 'create', username: row.username, role: row.role },
        },
      );
      return row;
    }),
  );
  return { statusCode: 200, outcome: 'pending', request: await requestView(db, request) };
}

/** Whether `adminId` is the installation's one active admin: then nobody else could approve. */
async function isOnlyActiveAdmin(db: Db, adminId: number): Promise<boolean> {
  const admins = await db
    .selectFrom('staff_users')
    .select('id')
    .where('role', '=', 'admin')
    .where('disabled', '=', 0)
    .limit(2)
    .execute();
  return admins.length === 1 && admins[0]?.id === adminId;
}

async function assertNewAccountFree(db: Db, username: string, referralCode: string | null): Promise<void> {
  const pending = await db
    .selectFrom('staff_requests')
    .select('id')
    .where('status', '=', 'pending')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  if ((await findStaffByUsername(db, username)) || pending) {
    throw badRequest(BackofficeMessages.usernameTaken, { username: BackofficeMessages.usernameTaken });
  }
  if (referralCode && (await findStaffByReferralCode(db, referralCode))) {
    throw badRequest(BackofficeMessages.referralCodeTaken, { referralCode: BackofficeMessages.referralCodeTaken });
  }
}

/** Two requests for one account at once: the partial unique index keeps one pending. */
async function withPendingUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(StaffRequestMessages.pendingForAccount);
    throw error;
  }
}

/** Texts the enrolment link when the account needs two factors; whether it went (a failure is not fatal). */
async function sendLinkIfNeeded(deps: EnrolmentLinkDeps, actor: Admin, ip: string | null, staffId: number) {
  const staff = await findStaffById(deps.db, staffId);
  if (!staff?.mobile_no || staff.totp_secret || !twoFactorRequired(staff.role, deps.config.staffTwoFactor)) {
    return false;
  }
  try {
    await sendEnrolmentLink(deps, { type: 'staff', id: actor.id, ip }, staff);
    return true;
  } catch {
    // The account stands; an admin sends a new link from the staff page.
    return false;
  }
}

/**
 * Another admin approves a pending request: never the one who asked, and only someone outside their line
 * of creation and upline, past probation (secondPersonRefusal). The request is claimed and applied in one
 * transaction; the new account is the asker's creation (in their line, never their second person).
 */
export async function approveStaffRequest(
  deps: EnrolmentLinkDeps,
  approver: Admin,
  requestId: number,
  ip: string | null,
): Promise<{ request: StaffRequestView; enrolmentLinkSent: boolean }> {
  const { db } = deps;
  const decided = await withUsernameUnique(() =>
    db.transaction().execute(async (trx) => {
      const request = await trx.selectFrom('staff_requests').selectAll().where('id', '=', requestId).executeTakeFirst();
      if (!request) throw notFound(StaffRequestMessages.requestNotFound);
      if (request.status !== 'pending') throw conflict(StaffRequestMessages.requestDecided);
      if (request.proposed_by_staff_id === approver.id) throw forbidden(StaffRequestMessages.ownRequest);
      const refusal = await secondPersonRefusal(trx, {
        firstId: request.proposed_by_staff_id,
        secondId: approver.id,
      });
      if (refusal) throw forbidden(refusal);
      const staffId =
        request.kind === 'create' ? await applyCreate(trx, request, approver, ip) : await applyMobile(trx, request, ip);
      const claimed = await trx
        .updateTable('staff_requests')
        .set({ status: 'approved', decided_by_staff_id: approver.id, decided_at: nowIso(), staff_id: staffId })
        .where('id', '=', requestId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw conflict(StaffRequestMessages.requestDecided);
      await recordAudit(
        trx,
        { type: 'staff', id: approver.id, ip },
        {
          action: 'staff.request_approved',
          targetType: 'staff_request',
          targetId: requestId,
          details: {
            kind: request.kind,
            username: request.username,
            proposedBy: request.proposed_by_staff_id,
            staffId,
          },
        },
      );
      return {
        ...request,
        status: 'approved' as const,
        decided_by_staff_id: approver.id,
        decided_at: nowIso(),
        staff_id: staffId,
      };
    }),
  );
  const enrolmentLinkSent =
    decided.staff_id === null ? false : await sendLinkIfNeeded(deps, approver, ip, decided.staff_id);
  return { request: await requestView(db, decided), enrolmentLinkSent };
}

async function withUsernameUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // The username was taken between the request and its approval.
    if (isUniqueViolation(error)) throw conflict(BackofficeMessages.usernameTaken);
    throw error;
  }
}

async function applyCreate(
  trx: Transaction<Database>,
  request: StaffRequest,
  approver: Admin,
  ip: string | null,
): Promise<number> {
  if (request.password_hash === null || request.display_name === null)
    throw conflict(StaffRequestMessages.requestDecided);
  // A master agent recruits with a referral code from the start: one is made when none was asked for.
  const referralCode =
    request.referral_code ?? (request.role === 'master_agent' ? await freeReferralCode(trx, request.username) : null);
  const row = await insertStaff(trx, {
    username: request.username,
    displayName: request.display_name,
    passwordHash: request.password_hash,
    role: request.role,
    parentId: null,
    referralCode,
    createdByStaffId: request.proposed_by_staff_id,
  });
  await trx.updateTable('staff_users').set({ mobile_no: request.mobile_no }).where('id', '=', row.id).execute();
  await recordAudit(
    trx,
    { type: 'staff', id: request.proposed_by_staff_id, ip },
    {
      action: 'staff.created',
      targetType: 'staff',
      targetId: row.id,
      details: {
        username: row.username,
        role: row.role,
        referralCode: row.referral_code,
        staffRequestId: request.id,
        ...(request.application_id === null ? {} : { applicationId: request.application_id }),
      },
    },
  );
  // A master-agent application's second approval: the application is decided with the account.
  if (request.application_id !== null) {
    await completeApprovedApplication(trx, approver, request.application_id, row, ip);
  }
  return row.id;
}

async function applyMobile(trx: Transaction<Database>, request: StaffRequest, ip: string | null): Promise<number> {
  const staffId = request.staff_id;
  const staff = staffId === null ? undefined : await findStaffById(trx, staffId);
  if (!staff) throw notFound(StaffRequestMessages.staffNotFound);
  await trx.updateTable('staff_users').set({ mobile_no: request.mobile_no }).where('id', '=', staff.id).execute();
  // Links texted to the old number stop working.
  await revokeEnrolmentLinks(trx, staff.id);
  await recordAudit(
    trx,
    { type: 'staff', id: request.proposed_by_staff_id, ip },
    {
      action: 'staff.mobile_changed',
      targetType: 'staff',
      targetId: staff.id,
      details: { staffRequestId: request.id },
    },
  );
  return staff.id;
}

/** Any admin, the one who asked included, rejects a pending request; nothing is applied. */
export async function rejectStaffRequest(db: Kysely<Database>, admin: Admin, requestId: number, ip: string | null) {
  return db.transaction().execute(async (trx) => {
    const request = await trx.selectFrom('staff_requests').selectAll().where('id', '=', requestId).executeTakeFirst();
    if (!request) throw notFound(StaffRequestMessages.requestNotFound);
    const claimed = await trx
      .updateTable('staff_requests')
      .set({ status: 'rejected', decided_by_staff_id: admin.id, decided_at: nowIso() })
      .where('id', '=', requestId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw conflict(StaffRequestMessages.requestDecided);
    await recordAudit(
      trx,
      { type: 'staff', id: admin.id, ip },
      {
        action: 'staff.request_rejected',
        targetType: 'staff_request',
        targetId: requestId,
        details: { kind: request.kind, username: request.username },
      },
    );
    const rejected = await trx
      .selectFrom('staff_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    return requestView(trx, rejected);
  });
}

/**
 * Asks for a new number for a staff member: the number decides where enrolment links go, so one admin
 * alone must not be able to point it at a phone of theirs. Applied when another, independent admin approves.
 */
export async function requestMobileChange(
  db: Kysely<Database>,
  admin: Admin,
  staffId: number,
  mobileNo: string,
  ip: string | null,
): Promise<StaffRequestView> {
  const staff = await findStaffById(db, staffId);
  if (!staff) throw notFound(StaffRequestMessages.staffNotFound);
  if (staff.mobile_no === mobileNo) {
    throw badRequest(StaffRequestMessages.mobileUnchanged, { mobileNo: StaffRequestMessages.mobileUnchanged });
  }
  const request = await withPendingUnique(() =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('staff_requests')
        .values({
          kind: 'change_mobile',
          username: staff.username,
          display_name: staff.display_name,
          password_hash: null,
          role: staff.role,
          mobile_no: mobileNo,
          referral_code: null,
          proposed_by_staff_id: admin.id,
          proposed_at: nowIso(),
          decided_by_staff_id: null,
          decided_at: null,
          staff_id: staff.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(
        trx,
        { type: 'staff', id: admin.id, ip },
        {
          action: 'staff.request_proposed',
          targetType: 'staff_request',
          targetId: row.id,
          details: { kind: 'change_mobile', username: staff.username, staffId: staff.id },
        },
      );
      return row;
    }),
  );
  return requestView(db, request);
}

/** A new enrolment link to the number on file of a staff member who has not enrolled (admins). */
export async function resendEnrolmentLink(deps: EnrolmentLinkDeps, admin: Admin, staffId: number, ip: string | null) {
  const staff = await findStaffById(deps.db, staffId);
  if (!staff) throw notFound(StaffRequestMessages.staffNotFound);
  return sendEnrolmentLink(deps, { type: 'staff', id: admin.id, ip }, staff);
}

export async function listStaffRequests(
  db: Kysely<Database>,
  status: 'pending' | 'decided',
): Promise<StaffRequestView[]> {
  const rows = await db
    .selectFrom('staff_requests')
    .selectAll()
    .where('status', status === 'pending' ? '=' : '!=', 'pending')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return Promise.all(rows.map((row) => requestView(db, row)));
}

async function requestView(db: Db, row: StaffRequest): Promise<StaffRequestView> {
  const ids = [row.proposed_by_staff_id, ...(row.decided_by_staff_id === null ? [] : [row.decided_by_staff_id])];
  const people = await db.selectFrom('staff_users').select(['id', 'username']).where('id', 'in', ids).execute();
  const person = (id: number | null) => {
    const found = people.find((p) => p.id === id);
    return found ? { id: found.id, username: found.username } : null;
  };
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    username: row.username,
    displayName: row.display_name,
    role: row.role,
    mobileNo: row.mobile_no,
    referralCode: row.referral_code,
    proposedBy: person(row.proposed_by_staff_id) ?? { id: row.proposed_by_staff_id, username: '' },
    proposedAt: row.proposed_at,
    decidedBy: person(row.decided_by_staff_id),
    decidedAt: row.decided_at,
    staffId: row.staff_id,
    applicationId: row.application_id,
  };
}
