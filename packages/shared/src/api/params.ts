import { z } from 'zod';
import { lazySchema } from '../validation/lazySchema.ts';

/** The largest id a table holds (a 32-bit signed integer column). */
export const MAX_ID = 2 ** 31 - 1;
/** The highest page number a list accepts. */
export const MAX_PAGE = 100_000;

const DIGITS = /^[1-9][0-9]*$/;
const POSITIVE_WHOLE_NUMBER = 'Must be a whole number from 1, written in digits only.';

/**
 * A positive whole number as a path or query string carries it: digits only, no leading zero, sign, space,
 * exponent, decimal point or hex. Coercion would read `0x2`, `2.0`, ` 2`, `1e0` or `02` as an id and act on
 * a row the client never named; one spelling per number leaves an attacker nothing to play with.
 */
export const positiveIntegerText = (max: number) =>
  z
    .string()
    .regex(DIGITS, POSITIVE_WHOLE_NUMBER)
    // Ten digits hold every id; longer text is refused before it becomes a float.
    .max(String(max).length, `Must be at most ${max}.`)
    .transform(Number)
    .pipe(z.number().int().max(max, `Must be at most ${max}.`));

/** A row id in a path (`/players/:playerId`): 1 to 2^31 - 1. */
export const idParam = lazySchema(() => positiveIntegerText(MAX_ID));

/** The page of a list (`?page=2`), the first when absent. */
export const pageNumber = lazySchema(() => positiveIntegerText(MAX_PAGE).default(1));
