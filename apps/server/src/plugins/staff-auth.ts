import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { BackofficeMessages, type StaffRole } from '@karera/shared';
import type { StaffUser } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { resolveStaffSession, STAFF_COOKIE } from '../modules/backoffice/staff-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffUser;
  }
}

/** The signed-in staff member; only call after requireStaff ran for the route. */
export function currentStaff(request: FastifyRequest): StaffUser {
  if (!request.staff) throw unauthorized(BackofficeMessages.notLoggedIn);
  return request.staff;
}

/** preHandler: a live back-office session, and one of the given roles when roles are named. */
export function requireStaff(...roles: StaffRole[]): preHandlerAsyncHookHandler {
  return async function staffGuard(this: unknown, request: FastifyRequest, _reply: FastifyReply) {
    const token = request.cookies[STAFF_COOKIE];
    const staff = token ? await resolveStaffSession(request.server.db, token) : undefined;
    if (!staff) throw unauthorized(BackofficeMessages.notLoggedIn);
    if (roles.length > 0 && !roles.includes(staff.role)) throw forbidden(BackofficeMessages.forbidden);
    request.staff = staff;
  };
}
