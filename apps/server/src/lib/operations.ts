import { jsonSchemaTransform } from 'fastify-type-provider-zod';
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

/**
 * Adds null to the enum of every nullable schema in a JSON Schema tree. OpenAPI 3.0.3 reads `enum` as the
 * complete list of values, `nullable: true` included: a nullable enum without null in it forbids null.
 * zod's openapi-3.0 output writes `z.enum([...]).nullable()` as `{ nullable: true, enum: [...] }`, so the
 * description said `secondApproverRole`, `resolution`, `actorRole` and the like are never null, though
 * the server sends null (issue 30). Mutates the tree the transform just built for this document.
 */
export function nullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullInNullableEnums(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema: { nullable?: unknown; enum?: unknown } = node;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  for (const value of Object.values(node)) nullInNullableEnums(value);
}

/** The route-schema transform of the OpenAPI description: fastify-type-provider-zod's, then nulls in enums. */
export const openApiSchemaTransform: typeof jsonSchemaTransform = (route) => {
  const transformed = jsonSchemaTransform(route);
  nullInNullableEnums(transformed.schema);
  return transformed;
};
