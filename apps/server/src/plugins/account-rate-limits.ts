import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';

/** A route's hooks of one kind, which Fastify takes as one function or a list, as a list. */
function hooksOf(hooks: RouteOptions['preValidation'] | RouteOptions['onRequest']): unknown[] {
  return hooks === undefined ? [] : [hooks].flat();
}

/** Who a limit counts on a signed-in route: the account its guard found (it ran just before the limit). */
function accountKey(request: FastifyRequest): string {
  if (request.playerSession) return `player:${request.playerSession.playerId}`;
  if (request.staff) return `staff:${request.staff.id}`;
  // Unreachable: the guard refuses a request without a session before the limit runs.
  throw new Error(`no account on ${request.method} ${request.url}, whose limit counts accounts`);
}

/**
 * Issue 30 §2: a route that needs a session counts its limit per account, not per address. Many players
 * share one address behind their carrier's NAT (a promo launch would refuse real players), while one
 * player changing address must not get a new allowance. Per-address limits stay where there is no account
 * yet (login, register, OTP, password reset, contact, sign-in steps).
 *
 * Every route declared after this call with a `config.rateLimit` and a session guard (requirePlayer, in
 * preValidation, or a staff guard, moved to onRequest by runStaffGuardsFirst) has its limit run in the
 * guard's hook, after the guard, keyed on the account. Call after runStaffGuardsFirst and before
 * @fastify/rate-limit is registered: onRoute hooks run in the order they were added, and the plugin reads
 * the limit's hook and key in its own. The counts stay in the plugin's store: PostgreSQL's table when it
 * is the database, so they hold across instances (decision 031).
 */
export function keySignedInLimitsOnAccounts(
  app: FastifyInstance,
  guards: {
    /** The player guard (the sessions module's): a route with it counts the player. */
    requirePlayer: unknown;
    /** Whether a hook is a staff guard (the staff module's): a route with one counts the staff member. */
    isStaffGuard: (hook: unknown) => boolean;
  },
): void {
  app.addHook('onRoute', (route) => {
    const limit: unknown = route.config?.rateLimit;
    if (typeof limit !== 'object' || limit === null) return;
    const hook: RateLimitOptions['hook'] | undefined = hooksOf(route.onRequest).some(guards.isStaffGuard)
      ? 'onRequest'
      : hooksOf(route.preValidation).includes(guards.requirePlayer)
        ? 'preValidation'
        : undefined;
    if (!hook) return;
    // A new config: a limit's options may be one object shared by several routes, of which some have no guard.
    route.config = { ...route.config, rateLimit: { ...limit, hook, keyGenerator: accountKey } };
  });
}
