import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '../roles.ts';
import { lazySchema } from '../validation/lazySchema.ts';

/**
 * The API's contract: every operation's method, path, who may call it, its input and its answer, as zod
 * schemas. The server registers its routes from these (the OpenAPI description, input validation and the
 * handler's return type all follow), and the web client's calls take their body and answer types from
 * them, so a route and its caller that disagree do not compile.
 */

/**
 * Exactly who may call an operation (decision 051); the server's guard of the route is derived from it,
 * never written beside the route:
 * - public: anyone, signed in or not (a handler may still read a session it finds, e.g. otp type M);
 * - player: a live player session (cookie, or the spec's sessionId + playerId pair), else 401 / 107;
 * - staff: a full back-office session of one of `roles`, else 401 without a session and 403 with another role;
 * - staffSignIn: a step of the staff sign-in (code, enrolment), which the handler reads from the staff cookie
 *   (a step's session is not a full one); a caller without any staff cookie hears 401 before the body.
 */
export type Audience =
  | { readonly kind: 'public' }
  | { readonly kind: 'player' }
  | { readonly kind: 'staff'; readonly roles: readonly StaffRole[] }
  | { readonly kind: 'staffSignIn' };

/** The audiences the contract uses; `staffRoles` names any other set of roles. */
export const Audiences = {
  public: { kind: 'public' },
  player: { kind: 'player' },
  /** Any signed-in staff member: admin, master agent or agent (the handler scopes what each sees). */
  anyStaff: { kind: 'staff', roles: STAFF_ROLES },
  admins: { kind: 'staff', roles: ['admin'] },
  staffSignIn: { kind: 'staffSignIn' },
} as const satisfies Record<string, Audience>;

/** Staff of the given roles only. */
export function staffRoles(...roles: [StaffRole, ...StaffRole[]]): Audience {
  return { kind: 'staff', roles };
}

/** Who may call an operation, as a session scheme: anyone, a signed-in player (session cookie), or staff. */
export type OperationAuth = 'public' | 'player' | 'staff';

/** The session scheme an audience needs (the OpenAPI security of the route). */
export function authOf(audience: Audience): OperationAuth {
  if (audience.kind === 'staffSignIn') return 'staff';
  return audience.kind;
}

/** An operation as a contract file declares it. */
export interface OperationDeclaration {
  readonly method: 'GET' | 'POST';
  /** The route as Fastify writes it, path parameters as `:name`. */
  readonly path: string;
  /** Who may call it: required, so an operation without one does not compile. */
  readonly audience: Audience;
  readonly summary: string;
  readonly body?: z.ZodType;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  /** The success answer (HTTP 200). */
  readonly response: z.ZodType;
}

export interface Operation extends OperationDeclaration {
  /** The session scheme of the audience (derived by defineOperations, never declared). */
  readonly auth: OperationAuth;
}

/** The session scheme of an audience, as a type. */
export type AuthOf<A extends Audience> = A extends { kind: 'staffSignIn' } ? 'staff' : A['kind'];

/** Declared operations, each with the session scheme of its audience. */
export type DefinedOperations<T extends Record<string, OperationDeclaration>> = {
  readonly [K in keyof T]: T[K] & { readonly auth: AuthOf<T[K]['audience']> };
};

/** Keeps each operation's exact schema types (a plain object literal would widen them) and adds its auth. */
export function defineOperations<const T extends Record<string, OperationDeclaration>>(
  declarations: T,
): DefinedOperations<T> {
  const defined: Record<string, Operation> = {};
  for (const [name, declaration] of Object.entries(declarations)) {
    defined[name] = { ...declaration, auth: authOf(declaration.audience) };
  }
  return defined as DefinedOperations<T>; // the same keys, each declaration with its auth
}

/**
 * Every refusal and fault: the statusCode of the player API (docs/product/api.md#status-codes) and a message for the
 * screen.
 */
export const errorResponseSchema = lazySchema(() =>
  z.looseObject({
    statusCode: z.number().int(),
    statusMessage: z.string(),
    /** Field-level messages, keyed by field name, when a form was refused. */
    fieldErrors: z.record(z.string(), z.string()).optional(),
  }),
);

// pathTo and pathOfOne live in paths.ts, without schemas: a page that calls by path loads no zod for them.
export { pathOfOne, pathTo } from './paths.ts';

/** `{ statusCode: 200, statusMessage }`: a call whose answer is only its confirmation. */
export const messageResponseSchema = lazySchema(() =>
  z.object({ statusCode: z.literal(200), statusMessage: z.string() }),
);

export type BodyOf<O extends Operation> = O['body'] extends z.ZodType ? z.input<O['body']> : undefined;
export type ResponseOf<O extends Operation> = z.output<O['response']>;

/** An operation map keyed by path, for clients that call by path (the route constants). */
export type OperationsByPath<T extends Record<string, Operation>> = {
  [K in keyof T as T[K]['path']]: T[K];
};
