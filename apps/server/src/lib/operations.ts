import { errorResponseSchema, type Operation, type OperationAuth } from '@karera/shared';

/** The OpenAPI security schemes of the two sessions (HttpOnly cookies). */
export const SECURITY_SCHEMES = {
  playerSession: { type: 'apiKey', in: 'cookie', name: 'karera_session' },
  staffSession: { type: 'apiKey', in: 'cookie', name: 'karera_staff' },
} as const;

const SECURITY: Record<OperationAuth, readonly Record<string, string[]>[]> = {
  public: [],
  player: [{ playerSession: [] }],
  staff: [{ staffSession: [] }],
};

/** A route's Fastify schema as its operation declares it; the handler's input and answer types follow. */
export interface RouteSchemaOf<O extends Operation> {
  tags: string[];
  summary: string;
  security: readonly Record<string, string[]>[];
  body: O['body'];
  params: O['params'];
  querystring: O['querystring'];
  response: { 200: O['response']; '4xx': typeof errorResponseSchema; '5xx': typeof errorResponseSchema };
}

/**
 * The schema Fastify validates the input with, serialises the answer with (an answer that does not match
 * its declared schema is a fault, never sent) and describes in /api/docs.
 */
export function schemaOf<O extends Operation>(operation: O, tags: string[]): RouteSchemaOf<O> {
  return {
    tags,
    summary: operation.summary,
    security: SECURITY[operation.auth],
    // Only the parts the operation has: Fastify treats a present key as a schema to compile.
    ...(operation.body ? { body: operation.body } : {}),
    ...(operation.params ? { params: operation.params } : {}),
    ...(operation.querystring ? { querystring: operation.querystring } : {}),
    response: { 200: operation.response, '4xx': errorResponseSchema, '5xx': errorResponseSchema },
  } as RouteSchemaOf<O>; // the spreads drop absent parts, which the declared type records as undefined
}
