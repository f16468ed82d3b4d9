import { CompiledQuery, PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

const postgresExecutors = new WeakMap<Executor, boolean>();

function isPostgres(executor: Executor): boolean {
  let known = postgresExecutors.get(executor);
  if (known === undefined) {
    known = executor.getExecutor().adapter instanceof PostgresAdapter;
    postgresExecutors.set(executor, known);
  }
  return known;
}

/** `?` placeholders as PostgreSQL numbers them: `$1`, `$2`, ... */
function numberedPlaceholders(text: string): string {
  let index = 0;
  return text.replace(/\?/g, () => `$${(index += 1)}`);
}

/**
 * A statement written once as SQL that both databases read the same way (`?` placeholders), run through
 * Kysely's connection (so inside the caller's transaction) without building and compiling a query each
 * time. For the few statements of the bet hot path, where building them cost a quarter of the CPU of a
 * bet (docs/decisions/010-bet-hot-path.md); everything else uses the query builder.
 */
export function statement<Row>(text: string) {
  const forPostgres = numberedPlaceholders(text);
  return async (executor: Executor, parameters: unknown[]): Promise<Row[]> => {
    const query = CompiledQuery.raw(isPostgres(executor) ? forPostgres : text, parameters);
    return (await executor.executeQuery<Row>(query)).rows;
  };
}

/** Statements whose text depends on a count (rows of a multi-row insert, values of an `in` list). */
export function statementsByCount<Row>(textFor: (count: number) => string) {
  const made = new Map<number, ReturnType<typeof statement<Row>>>();
  return (count: number) => {
    let run = made.get(count);
    if (!run) {
      run = statement<Row>(textFor(count));
      made.set(count, run);
    }
    return run;
  };
}

/** `?, ?, ?`: `count` placeholders, for an `in` list. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** `(?, ?, ?), (?, ?, ?)`: the values of `rows` rows of `columns` columns. */
export function valueRows(rows: number, columns: number): string {
  const row = `(${placeholders(columns)})`;
  return Array.from({ length: rows }, () => row).join(', ');
}
