import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  MasterAgentMessages,
  type MasterAgentApplication,
  type MasterAgentApplyResponse,
  type MasterAgentDecisionResponse,
  type MasterAgentSignInLinkResponse,
  maskMobile,
} from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation, runIdempotentTwinSafe } from '../../lib/idempotency.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/index.ts';
import {
  findStaffByUsername,
  replaceRecoveryCodes,
  sendEnrolmentLink,
  type EnrolmentLinkDeps,
  revokeAllStaffSessions,
} from '../staff/index.ts';
import type { SmsSender } from '../sms/index.ts';
import {
  applicationView,
  claimDecision,
  findApplication,
  insertApplication,
  linkStaff,
  pendingStaffRequestOf,
  pendingUsernameExists,
  type NewPhoto,
} from './masteragents.repo.ts';
import { storedPhoto } from './photos.ts';

export interface MasterAgentDeps {
  db: Kysely<Database>;
  sms: SmsSender;
  log: FastifyBaseLogger;
}

type Staff = Pick<StaffUser, 'id'>;

const usernameTaken = () =>
  badRequest(MasterAgentMessages.usernameTaken, { username: MasterAgentMessages.usernameTaken });

/** Both photos, re-encoded; a refusal names every photo that failed, each by its field. */
async function storedPhotos(input: MasterAgentApplication): Promise<NewPhoto[]> {
  const photos: NewPhoto[] = [];
  const fieldErrors: Record<string, string> = {};
  // One after the other: a decode holds the whole picture in memory.
  for (const kind of ['selfie', 'govId'] as const) {
    try {
      photos.push(await storedPhoto(kind, input[kind]));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      fieldErrors[kind] = error.message;
    }
  }
  const first = Object.values(fieldErrors)[0];
  if (first) throw badRequest(first, fieldErrors);
  return photos;
}

/**
 * The public form: an application with its two photos, stored once per idempotency key (a double tap or
 * a retry answers as the first did). The username must be free among staff and pending applications.
 */
export async function applyForMasterAgent(
  db: Kysely<Database>,
  input: MasterAgentApplication,
  ip: string | null,
): Promise<MasterAgentApplyResponse> {
  const { idempotencyKey, ...application } = input;
  const photos = await storedPhotos(input);
  try {
    const { body } = await runIdempotentTwinSafe(
      db,
      { scope: 'public:master-agent-application', key: idempotencyKey, request: application },
      async (trx) => {
        if (
          (await findStaffByUsername(trx, application.username)) ??
          (await pendingUsernameExists(trx, application.username))
        ) {
          throw usernameTaken();
        }
        const id = await insertApplication(
          trx,
          {
            email: application.email,
            firstName: application.firstName,
            lastName: application.lastName,
            username: application.username,
            mobileNo: application.mobile,
            telegram: application.telegram,
            ip,
          },
          photos,
        );
        await recordAudit(
          trx,
          { type: 'system', id: null, ip },
          { action: 'master_agent_application.received', targetType: 'master_agent_application', targetId: id },
        );
        return { statusCode: 200 as const, statusMessage: MasterAgentMessages.received };
      },
    );
    return body;
  } catch (error) {
    // Another application with this username went pending at the same moment: the unique index decided.
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

/** Letters and digits that cannot be mistaken for each other on a phone screen (no 0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PASSWORD_LENGTH = 14;

/** About 81 bits, within the staff rule (10-128 characters): the hash of one nobody is told. */
export function generateMasterAgentPassword(): string {
  let password = '';
  for (let i = 0; i < PASSWORD_LENGTH; i += 1) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

/**
 * An admin's approval of an application (decision 044): a staff request to make the master-agent account,
 * which another, independent admin approves on the staff requests page. Nothing is made yet; the application
 * stays pending and names the request. The request carries the hash of a password nobody knows: the
 * applicant sets their own through the enrolment link texted to them once the account is made.
 * One pending request per application; of several racing approvals exactly one makes it.
 */
export async function approveApplication(
  deps: MasterAgentDeps,
  staff: Staff,
  id: number,
  idempotencyKey: string,
  ip: string | null,
): Promise<MasterAgentDecisionResponse> {
  // scrypt before the transaction: it takes a tenth of a second and must not hold a connection.
  const unusablePasswordHash = await hashPassword(generateMasterAgentPassword());
  try {
    const { body } = await runIdempotentTwinSafe(
      deps.db,
      { scope: `staff:${staff.id}:master-agent-decision`, key: idempotencyKey, request: { id, decision: 'approve' } },
      async (trx) => {
        const application = await findApplication(trx, id);
        if (!application) throw notFound(MasterAgentMessages.notFound);
        if (application.status !== 'pending') throw conflict(MasterAgentMessages.alreadyDecided);
        if (await pendingStaffRequestOf(trx, id)) throw conflict(MasterAgentMessages.approvalWaiting);
        if (await findStaffByUsername(trx, application.username)) {
          throw conflict(MasterAgentMessages.usernameTakenByStaff);
        }
        const request = await trx
          .insertInto('staff_requests')
          .values({
            kind: 'create',
            username: application.username,
            display_name: `${application.first_name} ${application.last_name}`,
            password_hash: unusablePasswordHash,
            role: 'master_agent',
            mobile_no: application.mobile_no,
            referral_code: null,
            proposed_by_staff_id: staff.id,
            proposed_at: nowIso(),
            decided_by_staff_id: null,
            decided_at: null,
            staff_id: null,
            application_id: id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(
          trx,
          { type: 'staff', id: staff.id, ip },
          {
            action: 'master_agent_application.approval_proposed',
            targetType: 'master_agent_application',
            targetId: id,
            details: { username: application.username, staffRequestId: request.id },
          },
        );
        await recordAudit(
          trx,
          { type: 'staff', id: staff.id, ip },
          {
            action: 'staff.request_proposed',
            targetType: 'staff_request',
            targetId: request.id,
            details: { kind: 'create', username: application.username, role: 'master_agent', applicationId: id },
          },
        );
        return { statusCode: 200 as const, application: await applicationView(trx, application) };
      },
    );
    return body;
  } catch (error) {
    // Two approvals at once (one pending request per application), or a staff request for the username.
    if (isUniqueViolation(error)) throw conflict(MasterAgentMessages.approvalWaiting);
    throw error;
  }
}

/**
 * The second admin's approval of an application's staff request made its account (staff-requests.service.ts):
 * the application is decided, in the same transaction, and names the account. A declined application
 * refuses, so nothing is made.
 */
export async function completeApprovedApplication(
  trx: Transaction<Database>,
  approver: Staff,
  applicationId: number,
  account: { id: number; username: string },
  ip: string | null,
): Promise<void> {
  if (!(await claimDecision(trx, applicationId, { status: 'approved', staffId: approver.id, declineReason: null }))) {
    throw conflict(MasterAgentMessages.alreadyDecided);
  }
  await linkStaff(trx, applicationId, account.id);
  await recordAudit(
    trx,
    { type: 'staff', id: approver.id, ip },
    {
      action: 'master_agent_application.approved',
      targetType: 'master_agent_application',
      targetId: applicationId,
      details: { staffId: account.id, username: account.username },
    },
  );
}

/** Decline: pending -> declined with the reason, which only staff ever read. */
export async function declineApplication(
  db: Kysely<Database>,
  staff: Staff,
  id: number,
  reason: string,
  idempotencyKey: string,
  ip: string | null,
): Promise<MasterAgentDecisionResponse> {
  const { body } = await runIdempotentTwinSafe(
    db,
    {
      scope: `staff:${staff.id}:master-agent-decision`,
      key: idempotencyKey,
      request: { id, decision: 'decline', reason },
    },
    async (trx) => {
      const application = await findApplication(trx, id);
      if (!application) throw notFound(MasterAgentMessages.notFound);
      if (!(await claimDecision(trx, id, { status: 'declined', staffId: staff.id, declineReason: reason }))) {
        throw conflict(MasterAgentMessages.alreadyDecided);
      }
      // A first approval waiting for a second admin ends with the application.
      const waiting = await pendingStaffRequestOf(trx, id);
      if (waiting) {
        await trx
          .updateTable('staff_requests')
          .set({ status: 'rejected', decided_by_staff_id: staff.id, decided_at: nowIso() })
          .where('id', '=', waiting.id)
          .where('status', '=', 'pending')
          .execute();
        await recordAudit(
          trx,
          { type: 'staff', id: staff.id, ip },
          {
            action: 'staff.request_rejected',
            targetType: 'staff_request',
            targetId: waiting.id,
            details: { kind: 'create', username: application.username, applicationDeclined: id },
          },
        );
      }
      await recordAudit(
        trx,
        { type: 'staff', id: staff.id, ip },
        {
          action: 'master_agent_application.declined',
          targetType: 'master_agent_application',
          targetId: id,
          details: { username: application.username, reason },
        },
      );
      const updated = await findApplication(trx, id);
      if (!updated) throw notFound(MasterAgentMessages.notFound);
      return { statusCode: 200 as const, application: await applicationView(trx, updated) };
    },
  );
  return body;
}

/**
 * A new one-time sign-in link for the account an approval made (the applicant lost their password or their
 * authenticator): the account's password becomes one nobody knows, its authenticator and recovery codes go,
 * every session ends, and the enrolment link of decision 044 goes by SMS to the number on file, where the
 * applicant sets their own password and authenticator again. No password is ever texted or shown to staff.
 * A failed SMS leaves the account waiting for the next link, and the admin is told.
 */
export async function sendNewSignInLink(
  deps: MasterAgentDeps & { config: EnrolmentLinkDeps['config'] },
  staff: Staff,
  id: number,
  ip: string | null,
): Promise<MasterAgentSignInLinkResponse> {
  const application = await findApplication(deps.db, id);
  if (!application) throw notFound(MasterAgentMessages.notFound);
  const accountId = application.staff_id;
  if (application.status !== 'approved' || accountId === null) throw conflict(MasterAgentMessages.notApproved);
  // scrypt before the transaction: it takes a tenth of a second and must not hold a connection.
  const unusablePasswordHash = await hashPassword(generateMasterAgentPassword());
  const actor = { type: 'staff' as const, id: staff.id, ip };
  const account = await deps.db.transaction().execute(async (trx) => {
    const reset = await trx
      .updateTable('staff_users')
      .set({ password_hash: unusablePasswordHash, totp_secret: null, totp_last_step: null, totp_enrolled_at: null })
      .where('id', '=', accountId)
      .where('role', '=', 'master_agent')
      .returning(['id', 'username', 'mobile_no', 'totp_secret'])
      .executeTakeFirst();
    if (!reset) throw conflict(MasterAgentMessages.notApproved);
    await replaceRecoveryCodes(trx, accountId, []);
    await revokeAllStaffSessions(trx, accountId);
    await recordAudit(trx, actor, {
      action: 'master_agent_application.sign_in_link_sent',
      targetType: 'master_agent_application',
      targetId: id,
      details: { staffId: accountId },
    });
    return reset;
  });
  try {
    const { sentTo } = await sendEnrolmentLink(deps, actor, account);
    return { statusCode: 200, linkSms: 'sent', sentTo };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    deps.log.warn({ err: error, applicationId: id }, 'the SMS with a new master agent sign-in link could not be sent');
    return { statusCode: 200, linkSms: 'failed', sentTo: account.mobile_no ? maskMobile(account.mobile_no) : '' };
  }
}
