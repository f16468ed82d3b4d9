import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { BackofficeMessages, type StaffRole } from '@karera/shared';
import type { StaffUser } from '../../db/schema.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { resolveStaffSession, STAFF_COOKIE } from './staff-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffUser;
  }
  interface FastifyInstance {
    /**
     * The staff routes, as `METHOD /url`, and the roles each admits (none named: any staff member), as
     * their guards say: for the tests that check every staff route refuses the others before reading a body.
     */
    staffRouteRoles: ReadonlyMap<string, readonly StaffRole[]>;
  }
}

/** The signed-in staff member; only call after requireStaff ran for the route. */
export function currentStaff(request: FastifyRequest): StaffUser {
  if (!request.staff) throw unauthorized(BackofficeMessages.notLoggedIn);
  return request.staff;
}

/** A staff guard reads only the session cookie, never the body, so it may run before the body is read. */
type StaffGuard = preHandlerAsyncHookHandler & onRequestAsyncHookHandler;

/** Every guard requireStaff made, with its roles: `runStaffGuardsFirst` finds them in a route's hooks. */
const staffGuards = new WeakMap<StaffGuard, readonly StaffRole[]>();

/**
 * A live back-office session, and one of the given roles when roles are named. Routes name it as their
 * preHandler or preValidation; `runStaffGuardsFirst` moves it to the route's first hook, so the role is
 * decided before the body is parsed or validated.
 */
export function requireStaff(...roles: StaffRole[]): StaffGuard {
  const guard: StaffGuard = async function staffGuard(this: unknown, request: FastifyRequest, _reply: FastifyReply) {
    const token = request.cookies[STAFF_COOKIE];
    const staff = token ? await resolveStaffSession(request.server.db, token) : undefined;
    if (!staff) throw unauthorized(BackofficeMessages.notLoggedIn);
    // Known before the role is checked, so that a refusal is audited as theirs (refusal-audit.ts); a refused
    // request runs no handler.
    request.staff = staff;
    if (roles.length > 0 && !roles.includes(staff.role)) throw forbidden(BackofficeMessages.forbidden);
  };
  staffGuards.set(guard, roles);
  return guard;
}

/** A route's hooks of one kind, which Fastify takes as one function or a list, as a list. */
function hooksOf<Hook>(hooks: Hook | Hook[] | undefined): Hook[] {
  return hooks === undefined ? [] : ([hooks].flat() as Hook[]); // flat() of Hook | Hook[] is Hook[]
}

/** Whether a route hook is a guard requireStaff made. */
export function isStaffGuard(hook: unknown): hook is StaffGuard {
  return typeof hook === 'function' && staffGuards.has(hook as StaffGuard); // WeakSet.has takes any object
}

/** Whether a route's schema names the staff session as its security (its operation's auth is staff). */
function declaresStaffSession(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null || !('security' in schema)) return false;
  const { security } = schema;
  return (
    Array.isArray(security) &&
    security.some(
      (requirement) => typeof requirement === 'object' && requirement !== null && 'staffSession' in requirement,
    )
  );
}

/**
 * The guard of a step of the staff sign-in (code, enrolment: audience staffSignIn), which resolves the step's
 * own session itself: a caller without any staff cookie still hears 401 before the body is read.
 */
export const requireStaffCookie: onRequestAsyncHookHandler = async function requireStaffCookie(request) {
  if (!request.cookies[STAFF_COOKIE]) throw unauthorized(BackofficeMessages.notLoggedIn);
};

/**
 * Issue 30: a guard run as preHandler ran after the schema, so a caller without the role learnt the body's
 * field errors (400) before hearing 403, and a malformed body was read before anyone was known. Every
 * route declared after this call has its staff guards moved from preValidation and preHandler to the end
 * of its onRequest hooks (after the app's cookie parsing and rate limit): who the caller is and what they
 * may do is decided first, then the body is parsed and validated, then used. Done here, for every route,
 * so that no route's own declaration can get the order wrong.
 */
export function runStaffGuardsFirst(app: FastifyInstance): void {
  const rolesByRoute = new Map<string, readonly StaffRole[]>();
  app.decorate('staffRouteRoles', rolesByRoute);
  app.addHook('onRoute', (route) => {
    const guards = [...hooksOf(route.preValidation), ...hooksOf(route.preHandler)].filter(isStaffGuard);
    if (guards.length === 0) {
      // The steps of a sign-in (code, enrolment) read their step's session themselves: they need a staff
      // cookie at least, checked before the body too.
      const onRequest = hooksOf(route.onRequest);
      if (declaresStaffSession(route.schema) && !onRequest.includes(requireStaffCookie)) {
        route.onRequest = [...onRequest, requireStaffCookie];
      }
      return;
    }
    for (const method of [route.method].flat()) {
      // Every guard must pass: the roles admitted are those all of them name.
      const named = guards.map((guard) => staffGuards.get(guard) ?? []).filter((roles) => roles.length > 0);
      const [first = [], ...rest] = named;
      rolesByRoute.set(
        `${method} ${route.url}`,
        first.filter((role) => rest.every((roles) => roles.includes(role))),
      );
    }
    route.preValidation = hooksOf(route.preValidation).filter((hook) => !isStaffGuard(hook));
    route.preHandler = hooksOf(route.preHandler).filter((hook) => !isStaffGuard(hook));
    route.onRequest = [...hooksOf(route.onRequest), ...guards];
  });
}
