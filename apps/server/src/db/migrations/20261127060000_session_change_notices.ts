import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * On PostgreSQL, every change to a player session that can end it or change whom it serves (revoked,
 * its expiry or owner changed, its idle clock set back, the row deleted) is notified on
 * `karera_session_changes` with the session's id, delivered to every listening instance when the change
 * commits and only then. Instances remember live sessions while they hear these (decision 041), so a
 * revocation by any instance, or by hand in SQL, reaches all of them. The idle clock's own moves
 * forward, many a minute, notify nothing.
 *
 * SQLite needs none: its one process makes every change through the app (decision 013).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create function player_session_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('karera_session_changes', old.id::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger player_sessions_changed after update on player_sessions for each row
    when (old.revoked_at is distinct from new.revoked_at
      or old.expires_at is distinct from new.expires_at
      or old.player_id is distinct from new.player_id
      or old.token_hash is distinct from new.token_hash
      or old.opened_by_staff_id is distinct from new.opened_by_staff_id
      or new.last_seen_at < old.last_seen_at)
    execute function player_session_changed()`.execute(db);
  await sql`create trigger player_sessions_deleted after delete on player_sessions for each row
    execute function player_session_changed()`.execute(db);
}
