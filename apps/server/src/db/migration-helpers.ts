import type { Kysely } from 'kysely';
import type { Dialect } from './connection.ts';

/* Migrations see an untyped database: the schema they create is the one schema.ts describes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export type MigrationDb = Kysely<any>;

/** An auto-numbered primary key in either dialect: serial on PostgreSQL, integer autoincrement on SQLite. */
export function primaryKeyFor(dialect: Dialect) {
  return {
    type: dialect === 'postgres' ? ('serial' as const) : ('integer' as const),
    build: <T extends { primaryKey(): T; autoIncrement(): T }>(col: T): T =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
  };
}
