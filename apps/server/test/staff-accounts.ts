import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  BackofficeRoutes,
  StaffRequestRoutes,
  type CreateStaffResponse,
  type StaffMember,
  type StaffRequestDecisionResponse,
  type StaffRole,
} from '@karera/shared';
import { findStaffById, toStaffMember } from '../src/modules/staff/staff.repo.ts';
import { uniqueMobile } from './factories.ts';
import { independentAdmin } from './second-admin.ts';

export interface StaffAccountInput {
  role: StaffRole;
  username?: string;
  displayName?: string;
  password?: string;
  parentId?: number | null;
  referralCode?: string | null;
  /** The staff member's own number, where the enrolment link goes; a fresh one when not given. */
  mobileNo?: string;
}

/** A staff account made through the back office, with the password its creator chose. */
export type StaffAccount = StaffMember & { password: string; mobileNo: string };

const approvers = new WeakMap<FastifyInstance, Promise<{ id: number; username: string; cookie: string }>>();

/**
 * The app's independent approver of staff requests: an admin the system created (as an installation's
 * second founding admin is), outside every line of creation and past probation (decisions 042, 044).
 * Made once per app, on the first request that needs it.
 */
export function staffRequestApprover(app: FastifyInstance): Promise<{ id: number; username: string; cookie: string }> {
  let approver = approvers.get(app);
  if (!approver) {
    approver = independentAdmin(app, 'founding-approver');
    approvers.set(app, approver);
  }
  return approver;
}

/** Approves a pending staff request as the app's independent approver; fails the test when refused. */
export async function approveStaffRequestIndependently(
  app: FastifyInstance,
  requestId: number,
): Promise<StaffRequestDecisionResponse> {
  const { cookie } = await staffRequestApprover(app);
  const response = await app.inject({
    method: 'POST',
    url: StaffRequestRoutes.approve(requestId),
    headers: { cookie },
    payload: {},
  });
  if (response.statusCode !== 200) throw new Error(`staff request approval refused: ${response.body}`);
  return response.json<StaffRequestDecisionResponse>();
}

/**
 * A staff account made the way the back office makes one (decision 044): `adminCookie`'s admin creates it;
 * an admin or master agent waiting for a second admin is approved by the app's independent approver. Not
 * enrolled yet: `staffCookie` enrols it through the link texted to its number at its first sign-in.
 */
export async function createStaffAccount(
  app: FastifyInstance,
  adminCookie: string,
  input: StaffAccountInput,
): Promise<StaffAccount> {
  const suffix = randomUUID().slice(0, 8);
  const body = {
    username: input.username ?? `${input.role.replace('_', '')}-${suffix}`,
    displayName: input.displayName ?? `Staff ${suffix}`,
    password: input.password ?? 'staff-account-password-1',
    role: input.role,
    mobileNo: input.mobileNo ?? uniqueMobile('0918'),
    ...(input.parentId !== undefined ? { parentId: input.parentId } : {}),
    ...(input.referralCode !== undefined ? { referralCode: input.referralCode } : {}),
  };
  const created = await app.inject({
    method: 'POST',
    url: BackofficeRoutes.staff,
    headers: { cookie: adminCookie },
    payload: body,
  });
  if (created.statusCode !== 200) throw new Error(`staff creation refused: ${created.body}`);
  const answer = created.json<CreateStaffResponse>();
  let staffId: number;
  if (answer.outcome === 'created') {
    staffId = answer.staff.id;
  } else {
    const decision = await approveStaffRequestIndependently(app, answer.request.id);
    if (decision.request.staffId === null) throw new Error('an approved staff request made no account');
    staffId = decision.request.staffId;
  }
  const row = await findStaffById(app.db, staffId);
  if (!row) throw new Error(`staff account ${staffId} not found`);
  return { ...toStaffMember(row), password: body.password, mobileNo: body.mobileNo };
}
