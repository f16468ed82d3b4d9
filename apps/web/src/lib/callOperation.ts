import type { z } from 'zod';
import { pathTo, type BodyOf, type Operation, type ResponseOf } from '@karera/shared';
import { apiRequest } from './api.ts';

// Apart from api.ts so that a page calling only by path (the landing) does not load it (its JavaScript budget).

/**
 * The answer a call resolves with: apiRequest turns every statusCode other than 200 into an ApiError, so
 * of an answer that declares its statusCode, only the 200 ones arrive.
 */
export type SuccessOf<O extends Operation> =
  ResponseOf<O> extends infer R ? (R extends { statusCode: infer S } ? (200 extends S ? R : never) : R) : never;

/** The path parameters of an operation, by the names its params schema declares (`:id` is `{ id: 7 }`). */
export type ParamsOf<O extends Operation> = O['params'] extends z.ZodType
  ? { readonly [K in keyof z.input<O['params']>]: string | number }
  : never;

/**
 * What a call of an operation sends besides its method and path: a POST always carries its body (`{}` when
 * the operation's body is optional), a GET never does.
 */
export type CallOptions<O extends Operation> = {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The query string (without `?`), for the operations that read one; appended as given. */
  query?: string | URLSearchParams;
} & (O['method'] extends 'GET' ? { body?: never } : { body: BodyOf<O> }) &
  (O['params'] extends z.ZodType ? { params: ParamsOf<O> } : { params?: never });

/**
 * Calls an operation of the API's contract: its method, its path (path parameters filled in), a body typed
 * as the operation's, and its answer type. Sent by apiRequest, so headers, errors and cookies are the same.
 */
export function callOperation<O extends Operation>(
  operation: O,
  ...[options]: object extends CallOptions<O> ? [CallOptions<O>?] : [CallOptions<O>]
): Promise<SuccessOf<O>> {
  const { body, params, headers, signal, query } = options ?? {};
  const path = params === undefined ? operation.path : pathTo(operation, params);
  const url = query === undefined ? path : `${path}?${String(query)}`;
  return apiRequest<SuccessOf<O>>(url, {
    method: operation.method,
    ...(body === undefined ? {} : { body }),
    ...(headers === undefined ? {} : { headers }),
    ...(signal === undefined ? {} : { signal }),
  });
}
