import { z } from 'zod';
import { lazySchema } from './lazySchema.ts';

/** The largest id a table holds (PostgreSQL `integer` columns): a larger number names no row. */
export const MAX_ROW_ID = 2 ** 31 - 1;

/**
 * A row id in a request body: a JSON integer from 1 to MAX_ROW_ID, never coerced. Past the column's range
 * PostgreSQL refuses the query itself, which would be a fault instead of a refusal.
 */
export const rowIdSchema = lazySchema(() => z.number().int().positive().max(MAX_ROW_ID));

/** A player id as player calls send it: a JSON integer, or its digits in a string, in the same range. */
export const playerIdInputSchema = lazySchema(() =>
  z.union([
    rowIdSchema,
    z
      .string()
      .regex(/^\d{1,10}$/)
      .refine((digits) => Number(digits) >= 1 && Number(digits) <= MAX_ROW_ID, 'Invalid player id.'),
  ]),
);
