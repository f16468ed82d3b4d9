import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * On PostgreSQL, how many tickets each pool has sold and its latest ticket, kept up to date by the
 * database as tickets are written, so that naming the state of a race day's pools
 * (live-pools.service.ts) reads a few rows per pool instead of counting the tickets: that count ran on
 * every pools read and every 2 s, and its time grew with the tickets sold (a 30-50 ms stall of the
 * server at 100,000 tickets). The latest ticket alone would not do here: ids are drawn before commit,
 * so a ticket can commit after one with a higher id. Concurrent transactions never share a row (the row
 * is keyed by the writing backend), so no bet waits for another's lock on its pool; a pool's marks are
 * summed when read. Tickets are never deleted, so the marks only grow.
 *
 * SQLite needs none: one writer at a time gives ids in commit order, so a pool's latest ticket, one
 * index seek, names its sales (a per-row trigger cost each bet a tenth more of the placement thread).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.schema
    .createTable('pool_sales_marks')
    .addColumn('first_race_id', 'integer', (c) => c.notNull())
    .addColumn('bet_type', 'text', (c) => c.notNull())
    /** The writing backend (pg_backend_pid()). */
    .addColumn('writer', 'integer', (c) => c.notNull())
    .addColumn('tickets', 'bigint', (c) => c.notNull())
    .addColumn('last_ticket_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pool_sales_marks_pk', ['first_race_id', 'bet_type', 'writer'])
    .execute();

  await sql`insert into pool_sales_marks (first_race_id, bet_type, writer, tickets, last_ticket_id)
    select first_race_id, bet_type, 0, count(*), max(id) from bet_tickets group by first_race_id, bet_type`.execute(db);

  // One set-based upsert per insert statement (place_bets writes a batch's tickets in one).
  await sql`create function pool_sales_marked() returns trigger language plpgsql as $$
    begin
      insert into pool_sales_marks (first_race_id, bet_type, writer, tickets, last_ticket_id)
        select first_race_id, bet_type, pg_backend_pid(), count(*), max(id) from new_tickets
        group by first_race_id, bet_type
      on conflict (first_race_id, bet_type, writer) do update
        set tickets = pool_sales_marks.tickets + excluded.tickets,
            last_ticket_id = greatest(pool_sales_marks.last_ticket_id, excluded.last_ticket_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger bet_tickets_pool_sales after insert on bet_tickets
    referencing new table as new_tickets for each statement execute function pool_sales_marked()`.execute(db);
}
