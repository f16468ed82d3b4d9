import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from './connection.ts';
import type { MigrationDb } from './migration-helpers.ts';
import * as foundation from './migrations/20261121000000_foundation.ts';
import * as playerAccounts from './migrations/20261121010000_player_accounts.ts';
import * as racing from './migrations/20261121020000_racing.ts';
import * as betting from './migrations/20261121030000_betting.ts';
import * as tote from './migrations/20261121060000_tote.ts';
import * as payments from './migrations/20261121050000_payments.ts';
import * as raceDayJobs from './migrations/20261123000000_race_day_jobs.ts';
import * as masterAgentApplications from './migrations/20261123020000_master_agent_applications.ts';
import * as promos from './migrations/20261123030000_promos.ts';
import * as channelImages from './migrations/20261123040000_channel_images.ts';
import * as staffTwoFactor from './migrations/20261125020000_staff_two_factor.ts';
import * as insiderControls from './migrations/20261125010000_insider_controls.ts';
import * as loginProtection from './migrations/20261125030000_login_protection.ts';
import * as accountEnumeration from './migrations/20261128010000_account_enumeration.ts';
import * as demoRaceRuns from './migrations/20261126050000_demo_race_runs.ts';
import * as pgBetPlacement from './migrations/20261126100000_pg_bet_placement.ts';
import * as sharedRateLimits from './migrations/20261126120000_shared_rate_limits.ts';
import * as aml from './migrations/20261126150000_aml.ts';
import * as raceDayDashboard from './migrations/20261127050000_race_day_dashboard.ts';
import * as staffLineage from './migrations/20261128000000_staff_lineage.ts';
import * as minusPool from './migrations/20261128040000_minus_pool.ts';
import * as independentSecondPerson from './migrations/20261128020000_independent_second_person.ts';
import * as dualControl from './migrations/20261128030000_dual_control.ts';
import * as sessionChangeNotices from './migrations/20261127060000_session_change_notices.ts';
import * as kyc from './migrations/20261126130000_kyc.ts';
import * as responsibleGaming from './migrations/20261126140000_responsible_gaming.ts';
import * as poolSalesMarks from './migrations/20261127010000_pool_sales_marks.ts';
import * as rgInPlaceBets from './migrations/20261127040000_rg_in_place_bets.ts';
import * as agentCommissions from './migrations/20261127030000_agent_commissions.ts';
import * as reportIndexes from './migrations/20261127020000_report_indexes.ts';
import * as staffRequestsAndEnrolment from './migrations/20261128050000_staff_requests_and_enrolment.ts';
import * as staffRequestApplications from './migrations/20261128060000_staff_request_applications.ts';
import * as demoCrowd from './migrations/20261128100000_demo_crowd.ts';
import * as philippinePoolSplit from './migrations/20261128120000_philippine_pool_split.ts';
import * as betCardPostTimes from './migrations/20261128071500_bet_card_post_times.ts';
import * as horsesJockeysTrainers from './migrations/20261128133000_horses_jockeys_trainers.ts';
import * as demoCrowdIndex from './migrations/20261128170000_demo_crowd_index.ts';
import * as blackbookReplays from './migrations/20261128150000_f4_blackbook_replays.ts';
import * as notifications from './migrations/20261128160000_n1_notifications.ts';
import * as pushSubscriptions from './migrations/20261128161000_n2_push.ts';
import * as demoPopulation from './migrations/20261128151000_f1_demo_population.ts';
import * as bakas from './migrations/20261128180000_bakas.ts';
import * as bakasPlace from './migrations/20261129021000_bakas_place.ts';
import * as formTallies from './migrations/20261129020000_form_tallies.ts';
import * as commissionMembers from './migrations/20261129030000_commission_members.ts';

interface DialectMigration {
  up(db: MigrationDb, dialect: Dialect): Promise<void>;
}

/** Ordered by name; a new migration is a new file added here. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '20261121000000_foundation': foundation,
  '20261121010000_player_accounts': playerAccounts,
  '20261121020000_racing': racing,
  '20261121030000_betting': betting,
  '20261121060000_tote': tote,
  '20261121050000_payments': payments,
  '20261123000000_race_day_jobs': raceDayJobs,
  '20261123020000_master_agent_applications': masterAgentApplications,
  '20261123030000_promos': promos,
  '20261123040000_channel_images': channelImages,
  '20261125010000_insider_controls': insiderControls,
  '20261125020000_staff_two_factor': staffTwoFactor,
  '20261125030000_login_protection': loginProtection,
  '20261128010000_account_enumeration': accountEnumeration,
  '20261126050000_demo_race_runs': demoRaceRuns,
  '20261126100000_pg_bet_placement': pgBetPlacement,
  '20261126120000_shared_rate_limits': sharedRateLimits,
  '20261126150000_aml': aml,
  '20261126130000_kyc': kyc,
  '20261126140000_responsible_gaming': responsibleGaming,
  '20261127010000_pool_sales_marks': poolSalesMarks,
  '20261127040000_rg_in_place_bets': rgInPlaceBets,
  '20261127030000_agent_commissions': agentCommissions,
  '20261127020000_report_indexes': reportIndexes,
  '20261127050000_race_day_dashboard': raceDayDashboard,
  '20261127060000_session_change_notices': sessionChangeNotices,
  '20261128000000_staff_lineage': staffLineage,
  '20261128040000_minus_pool': minusPool,
  '20261128020000_independent_second_person': independentSecondPerson,
  '20261128030000_dual_control': dualControl,
  '20261128050000_staff_requests_and_enrolment': staffRequestsAndEnrolment,
  '20261128060000_staff_request_applications': staffRequestApplications,
  '20261128100000_demo_crowd': demoCrowd,
  '20261128071500_bet_card_post_times': betCardPostTimes,
  '20261128120000_philippine_pool_split': philippinePoolSplit,
  '20261128133000_horses_jockeys_trainers': horsesJockeysTrainers,
  '20261128170000_demo_crowd_index': demoCrowdIndex,
  '20261128150000_f4_blackbook_replays': blackbookReplays,
  '20261128160000_n1_notifications': notifications,
  '20261128161000_n2_push': pushSubscriptions,
  '20261128151000_f1_demo_population': demoPopulation,
  '20261128180000_bakas': bakas,
  '20261129021000_bakas_place': bakasPlace,
  '20261129020000_form_tallies': formTallies,
  '20261129030000_commission_members': commissionMembers,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    const entries = Object.entries(MIGRATIONS).map(([name, migration]) => [
      name,
      { up: (db) => migration.up(db, this.dialect) } satisfies Migration,
    ]);
    return Promise.resolve(Object.fromEntries(entries));
  }
}

export async function migrateToLatest<T>(db: Kysely<T>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Runs every migration named before `name` and stops there: a test's database as it was before `name`. */
export async function migrateToJustBefore<T>(db: Kysely<T>, dialect: Dialect, name: string): Promise<void> {
  const earlier = Object.keys(MIGRATIONS)
    .filter((other) => other < name)
    .sort();
  const last = earlier.at(-1);
  if (!last || !(name in MIGRATIONS)) throw new Error(`No migration before ${name}`);
  const migrator = new Migrator({ db, provider: new StaticProvider(dialect) });
  const { error } = await migrator.migrateTo(last);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
