import type { z } from 'zod';

/** The first message per field of a refused form, for showing beside each input. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The one message to show when a form was refused as a whole. */
export function firstMessageOf(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request.';
}
