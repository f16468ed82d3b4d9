import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Messages, StatusCode, type ErrorBody } from '@karera/shared';
import { AppError } from '../lib/errors.ts';

function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
}

/**
 * One error handler for the whole API: refusals (4xx) carry their message to the client; faults (5xx)
 * are logged with their stack and answered with a generic text, never internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { ...error.data, statusCode: error.statusCode, statusMessage: error.message };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      if (error.httpStatus === 429 && error.data?.resendAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.data.resendAfterSeconds));
      }
      return reply.status(error.httpStatus).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldOf(issue.instancePath);
        const unknownKeys = (issue.params as { keys?: string[] } | undefined)?.keys;
        if (issue.keyword === 'unrecognized_keys' && unknownKeys) {
          for (const key of unknownKeys) fieldErrors[key] ??= `Unknown field: ${key}.`;
        } else {
          fieldErrors[field] ??= issue.message ?? 'Invalid value.';
        }
      }
      const body: ErrorBody = {
        statusCode: StatusCode.BAD_REQUEST,
        statusMessage: Object.values(fieldErrors)[0] ?? 'Invalid request.',
        fieldErrors,
      };
      return reply.status(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ statusCode: StatusCode.TOO_MANY_REQUESTS, statusMessage: Messages.tooManyRequests });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, wrong content type, body too large.
      request.log.info({ err: error }, 'request refused');
      return reply.status(status).send({ statusCode: status, statusMessage: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ statusCode: StatusCode.SERVER_ERROR, statusMessage: Messages.serverError });
  });
}
