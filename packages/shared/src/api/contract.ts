import { z } from 'zod';

/**
 * The API's contract: every operation's method, path, who may call it, its input and its answer, as zod
 * schemas. The server registers its routes from these (the OpenAPI description, input validation and the
 * handler's return type all follow), and the web client's calls take their body and answer types from
 * them, so a route and its caller that disagree do not compile.
 */

/** Who may call an operation: anyone, a signed-in player (session cookie), or signed-in staff. */
export type OperationAuth = 'public' | 'player' | 'staff';

export interface Operation {
  readonly method: 'GET' | 'POST';
  /** The route as Fastify writes it, path parameters as `:name`. */
  readonly path: string;
  readonly auth: OperationAuth;
  readonly summary: string;
  readonly body?: z.ZodType;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  /** The success answer (HTTP 200). */
  readonly response: z.ZodType;
}

/** Keeps each operation's exact schema types (a plain object literal would widen them). */
export function defineOperations<const T extends Record<string, Operation>>(operations: T): T {
  return operations;
}

/**
 * Every refusal and fault: the statusCode of the player API (docs/product/api.md#status-codes) and a message for the
 * screen.
 */
export const errorResponseSchema = z.looseObject({
  statusCode: z.number().int(),
  statusMessage: z.string(),
  /** Field-level messages, keyed by field name, when a form was refused. */
  fieldErrors: z.record(z.string(), z.string()).optional(),
});

/** `{ statusCode: 200, statusMessage }`: a call whose answer is only its confirmation. */
export const messageResponseSchema = z.object({ statusCode: z.literal(200), statusMessage: z.string() });

export type BodyOf<O extends Operation> = O['body'] extends z.ZodType ? z.input<O['body']> : undefined;
export type ResponseOf<O extends Operation> = z.output<O['response']>;

/** An operation map keyed by path, for clients that call by path (the route constants). */
export type OperationsByPath<T extends Record<string, Operation>> = {
  [K in keyof T as T[K]['path']]: T[K];
};
