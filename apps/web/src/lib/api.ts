import { Messages, type ErrorBody } from '@karera/shared';

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

/** A fresh key per user action, so a retried request is recognised as the same one. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
