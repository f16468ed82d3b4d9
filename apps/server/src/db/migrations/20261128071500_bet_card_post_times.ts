import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * PostgreSQL only: a bet's receipt names its race's post time and race day from the card the server keeps
 * (decision 029), so a change of a race's post time or of its race day's name or date makes the card old
 * too, as a change of what a bet is checked against does.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create trigger races_bet_card_post_time after update of start_time on races
    for each row when (old.start_time is distinct from new.start_time)
    execute function bet_card_changed_by_race()`.execute(db);
  await sql`create trigger game_events_bet_card_names after update of name, race_date on game_events
    for each row when (old.name is distinct from new.name or old.race_date is distinct from new.race_date)
    execute function bet_card_changed_by_event()`.execute(db);
}
