import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { STAFF_ROLES, type Audience, type Operation, type StaffRole } from '@karera/shared';
import { schemaOf, type RouteSchemaOf } from './operations.ts';

/** A Fastify instance (or plugin scope) whose routes take their types from zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What a route adds to its operation: its OpenAPI tags, a limit, a larger body, a header schema. Never a guard. */
export interface OperationRouteOptions<H extends z.ZodType | undefined> {
  tags: string[];
  /** Route config, e.g. `{ rateLimit }` (a signed-in route's limit counts the account, not the address). */
  config?: FastifyContextConfig;
  bodyLimit?: number;
  /** The request headers the handler reads (an Idempotency-Key). */
  headers?: H;
}

/** The route schema of an operation, with the headers its route reads. */
export type OperationSchema<O extends Operation, H extends z.ZodType | undefined> = RouteSchemaOf<O> &
  (H extends z.ZodType ? { headers: H } : unknown);

/** A handler of an operation: its input and its answer are typed from the operation's schemas. */
export type OperationHandler<O extends Operation, H extends z.ZodType | undefined = undefined> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  OperationSchema<O, H>,
  ZodTypeProvider
>;

type PreValidationHook = Extract<NonNullable<RouteOptions['preValidation']>, (...args: never[]) => unknown>;
type OnRequestHook = Extract<NonNullable<RouteOptions['onRequest']>, (...args: never[]) => unknown>;

/**
 * The session guards an audience names. They belong to the sessions and staff modules, which sit above lib/:
 * the app hands them in once (app.ts decorates `audienceGuards`) before any route is registered.
 */
export interface AudienceGuards {
  /** A signed-in player (preValidation: it may read the player API's sessionId + playerId pair from the body). */
  player: PreValidationHook;
  /** A staff sign-in step: any staff cookie, the handler reads the step's own session. */
  staffSignIn: OnRequestHook;
  /** Signed-in staff of these roles; no roles: any signed-in staff member. */
  staff: (roles: readonly StaffRole[]) => PreValidationHook;
}

declare module 'fastify' {
  interface FastifyInstance {
    audienceGuards: AudienceGuards;
  }
}

/**
 * The guard of an audience (decision 051), as route hooks. A staff guard is named as preValidation here and
 * moved before the body is read by runStaffGuardsFirst, which also records its roles; requirePlayer stays a
 * preValidation hook (it may read the spec's sessionId + playerId pair from the body).
 */
export function guardOf(audience: Audience, guards: AudienceGuards): Pick<RouteOptions, 'onRequest' | 'preValidation'> {
  switch (audience.kind) {
    case 'public':
      return {};
    case 'player':
      return { preValidation: guards.player };
    case 'staffSignIn':
      // The handler reads the step's own session from the cookie; without any staff cookie, 401 first.
      return { onRequest: guards.staffSignIn };
    case 'staff': {
      const everyRole = STAFF_ROLES.every((role) => audience.roles.includes(role));
      return { preValidation: guards.staff(everyRole ? [] : audience.roles) };
    }
  }
}

/**
 * Registers the route of an operation: its method and path, its schema (validation, answer, OpenAPI) and its
 * guard all come from the operation, so a route cannot be declared without the guard its audience needs.
 */
export function registerOperation<O extends Operation, const H extends z.ZodType | undefined = undefined>(
  app: ZodApp,
  operation: O,
  route: OperationRouteOptions<H>,
  handler: OperationHandler<O, H>,
): void {
  const { tags, headers, ...options } = route;
  const schema = headers ? { ...schemaOf(operation, tags), headers } : schemaOf(operation, tags);
  app.route<RouteGenericInterface, ContextConfigDefault, OperationSchema<O, H>>({
    method: operation.method,
    url: operation.path,
    schema: schema as OperationSchema<O, H>, // headers present exactly when H is a schema
    ...guardOf(operation.audience, app.audienceGuards),
    ...options,
    handler,
  });
}
