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
import { STAFF_ROLES, type Audience, type Operation } from '@karera/shared';
import { requirePlayer } from '../modules/sessions/index.ts';
import { requireStaff, requireStaffCookie } from '../modules/staff/index.ts';
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

/**
 * The guard of an audience (decision 051), as route hooks. A staff guard is named as preValidation here and
 * moved before the body is read by runStaffGuardsFirst, which also records its roles; requirePlayer stays a
 * preValidation hook (it may read the spec's sessionId + playerId pair from the body).
 */
export function guardOf(audience: Audience): Pick<RouteOptions, 'onRequest' | 'preValidation'> {
  switch (audience.kind) {
    case 'public':
      return {};
    case 'player':
      return { preValidation: requirePlayer };
    case 'staffSignIn':
      // The handler reads the step's own session from the cookie; without any staff cookie, 401 first.
      return { onRequest: requireStaffCookie };
    case 'staff': {
      const everyRole = STAFF_ROLES.every((role) => audience.roles.includes(role));
      return { preValidation: everyRole ? requireStaff() : requireStaff(...audience.roles) };
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
    ...guardOf(operation.audience),
    ...options,
    handler,
  });
}
