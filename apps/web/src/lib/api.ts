import type { z } from 'zod';
import { Messages, pathTo, type BodyOf, type ErrorBody, type Operation, type ResponseOf } from '@karera/shared';

/** A refused or failed call, carrying the server's statusCode and message for the screen. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    readonly httpStatus = 0,
    /** The whole refusal body, for the few refusals that carry data (e.g. 114 with the player id). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'statusCode' in value && 'statusMessage' in value;
}

/** JSON over fetch with cookies; any answer other than statusCode 200 becomes an ApiError. */
export async function apiRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, headers = {}, signal } = options;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch {
    throw new ApiError(0, Messages.serverError);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (isErrorBody(payload) && payload.statusCode !== 200) {
    throw new ApiError(payload.statusCode, payload.statusMessage, payload.fieldErrors ?? {}, response.status, payload);
  }
  if (!response.ok || payload === null) {
    throw new ApiError(response.status, Messages.serverError, {}, response.status);
  }
  return payload as T;
}

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

/** A fresh key per user action, so a retried request is recognised as the same one. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
