import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BackofficeMessages,
  lockedMessage,
  StatusCode,
  StaffSecurityMessages,
  StaffSecurityOperations,
  type ErrorBody,
} from '@karera/shared';
import type { AppConfig } from '../../config.ts';
import { unauthorized } from '../../lib/errors.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import {
  currentStaff,
  listStaff,
  toStaffMember,
  submitSignInCode,
  resolveStaffSignInStep,
  STAFF_COOKIE,
  STAFF_SESSION_ABSOLUTE_MS,
  STAFF_SIGN_IN_STEP_MS,
  type StaffSignInStep,
  confirmEnrolment,
  enrolmentOffer,
  regenerateRecoveryCodes,
  resetTwoFactor,
  securityStatus,
} from '../staff/index.ts';
import { recordAudit } from '../audit/index.ts';

const tags = ['backoffice'];
const {
  code,
  enrolment,
  confirmEnrolment: enrolmentConfirmation,
  security,
  recoveryCodes,
  staffTwoFactor,
  resetTwoFactor: reset,
} = StaffSecurityOperations;

/** The session cookie: a full session for the race day, a sign-in step for its 10 minutes. */
export function setStaffCookie(reply: FastifyReply, config: AppConfig, token: string, full: boolean): void {
  reply.setCookie(STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secureCookies,
    path: '/api/backoffice',
    maxAge: (full ? STAFF_SESSION_ABSOLUTE_MS : STAFF_SIGN_IN_STEP_MS) / 1000,
  });
}

/** 429 with Retry-After: the account waits, whichever address asks (decision 021). */
export function sendLocked(reply: FastifyReply, retryAfterSeconds: number) {
  const body: ErrorBody = { statusCode: StatusCode.TOO_MANY_REQUESTS, statusMessage: lockedMessage(retryAfterSeconds) };
  return reply.status(429).header('retry-after', String(retryAfterSeconds)).send(body);
}

async function signInStepOf(request: FastifyRequest): Promise<StaffSignInStep> {
  const token = request.cookies[STAFF_COOKIE];
  const step = token ? await resolveStaffSignInStep(request.server.db, token) : undefined;
  if (!step) throw unauthorized(BackofficeMessages.notLoggedIn);
  return step;
}

/**
 * The second factor of staff sign-in (decision 021): the code step, enrolment (from the enrolment step,
 * or for an agent who chooses it), the signed-in staff member's security, and the admins' reset.
 */
export const staffSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const twoFactor = config.staffTwoFactor;
  const signInLimit = { rateLimit: { max: config.rateLimits.staffLoginPerMinute, timeWindow: '1 minute' } };

  registerOperation(app, code, { tags, config: signInLimit }, async (request, reply) => {
    const step = await signInStepOf(request);
    const result = await submitSignInCode(db, twoFactor, step, request.body.code, request.ip);
    if (!result.ok) return sendLocked(reply, result.retryAfterSeconds);
    setStaffCookie(reply, config, result.token, true);
    return { statusCode: 200 as const, staff: toStaffMember(result.staff) };
  });

  registerOperation(app, enrolment, { tags, config: signInLimit }, async (request) => {
    const step = await signInStepOf(request);
    return { statusCode: 200 as const, ...(await enrolmentOffer(db, twoFactor, step)) };
  });

  registerOperation(app, enrolmentConfirmation, { tags, config: signInLimit }, async (request, reply) => {
    const step = await signInStepOf(request);
    const result = await confirmEnrolment(db, twoFactor, step, request.body.code, request.ip);
    if (!result) {
      await recordAudit(
        db,
        { type: 'staff', id: step.staff.id, ip: request.ip },
        { action: 'staff.two_factor_enrol_failed' },
      );
      throw unauthorized(StaffSecurityMessages.invalidCode);
    }
    setStaffCookie(reply, config, result.token, true);
    return { statusCode: 200 as const, staff: toStaffMember(step.staff), recoveryCodes: result.recoveryCodes };
  });

  registerOperation(app, security, { tags }, async (request) => ({
    statusCode: 200 as const,
    ...(await securityStatus(db, twoFactor, currentStaff(request))),
  }));

  registerOperation(app, recoveryCodes, { tags, config: signInLimit }, async (request) => ({
    statusCode: 200 as const,
    recoveryCodes: await regenerateRecoveryCodes(db, twoFactor, currentStaff(request), request.body.code, request.ip),
  }));

  registerOperation(app, staffTwoFactor, { tags }, async () => ({
    statusCode: 200 as const,
    staff: (await listStaff(db)).map((row) => ({ staffId: row.id, twoFactorEnabled: row.totp_secret !== null })),
  }));

  registerOperation(app, reset, { tags }, async (request) => {
    const actor = currentStaff(request);
    await resetTwoFactor(db, { type: 'staff', id: actor.id, ip: request.ip }, request.params.staffId);
    return { statusCode: 200 as const };
  });
};
