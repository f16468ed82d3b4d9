import { CompiledQuery, PostgresAdapter, type Kysely, type SqliteDatabase, type Transaction } from 'kysely';
import { sqliteConnectionOf } from './connection.ts';
import type { Database } from './schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

const postgresExecutors = new WeakMap<Executor, boolean>();

/** Whether the executor talks to PostgreSQL (remembered per executor). */
export function isPostgres(executor: Executor): boolean {
  let known = postgresExecutors.get(executor);
  if (known === undefined) {
    known = executor.getExecutor().adapter instanceof PostgresAdapter;
    postgresExecutors.set(executor, known);
  }
  return known;
}

const directConnections = new WeakMap<Executor, SqliteDatabase>();

/**
 * Lets the statements below run within `trx` straight on its SQLite connection, skipping Kysely's
 * asynchronous path for each (about a fifth of a bet's time on the placement thread). Only for a
 * transaction of `db` whose callback is running: Kysely holds the one connection for it until it
 * ends, so nothing else can be using the connection meanwhile. Does nothing on PostgreSQL.
 */
export function runStatementsDirectly(trx: Transaction<Database>, db: Kysely<Database>): void {
  const connection = sqliteConnectionOf(db);
  if (connection) directConnections.set(trx, connection);
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
  return (executor: Executor, parameters: unknown[]): Promise<Row[]> => {
    const direct = directConnections.get(executor);
    if (!direct) {
      const query = CompiledQuery.raw(isPostgres(executor) ? forPostgres : text, parameters);
      return executor.executeQuery<Row>(query).then((result) => result.rows);
    }
    try {
      const prepared = direct.prepare(text);
      if (!prepared.reader) {
        prepared.run(parameters);
        return Promise.resolve([]);
      }
      // The driver's rows are untyped, as they are under Kysely; the statement's text decides their shape.
      return Promise.resolve(prepared.all(parameters) as Row[]);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
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
