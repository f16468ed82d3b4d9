import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { DepositAccountType } from '@karera/shared';

/** Timestamps are ISO 8601 UTC strings (fixed width, so they sort as text) in both dialects. */
type Timestamp = string;
/** Booleans are stored as 0/1 integers so both dialects read them alike. */
type Flag = number;

export interface StaffUsersTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  password_hash: string;
  role: 'admin' | 'master_agent' | 'agent';
  parent_id: number | null;
  referral_code: string | null;
  disabled: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: Timestamp;
  /** Sealed TOTP secret (decision 021); null until the staff member enrols. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last TOTP time step accepted: no code of that step or earlier is accepted again. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  totp_enrolled_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The staff member who created this account (decision 042); null when the system did. */
  created_by_staff_id: ColumnType<number | null, number | null | undefined, never>;
  /** The staff member's own mobile number (decision 044): where their one-time enrolment link is texted. */
  mobile_no: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A pending (or decided) request that needs a second, independent admin (decision 044): to create an admin
 * or a master agent, or to change a staff member's mobile number. Applied in the approval's transaction.
 */
export interface StaffRequestsTable {
  id: Generated<number>;
  kind: 'create' | 'change_mobile';
  status: ColumnType<'pending' | 'approved' | 'rejected', 'pending' | undefined, 'approved' | 'rejected'>;
  username: string;
  display_name: string | null;
  password_hash: string | null;
  role: 'admin' | 'master_agent' | 'agent';
  mobile_no: string;
  referral_code: string | null;
  proposed_by_staff_id: number;
  proposed_at: Timestamp;
  decided_by_staff_id: number | null;
  decided_at: Timestamp | null;
  /** change_mobile: the account changed; create: the account made by the approval. */
  staff_id: number | null;
  /** create: the master-agent application whose first approval this is (its account comes from this request). */
  application_id: ColumnType<number | null, number | null | undefined, never>;
}
export type StaffRequest = Selectable<StaffRequestsTable>;

/** A one-time enrolment link texted to a staff member's own number (decision 044); only the token's hash kept. */
export interface StaffEnrolmentLinksTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  mobile_no: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** The secret offered on the link's page (sealed), until a first code confirms it. */
  pending_totp_secret: string | null;
  used_at: Timestamp | null;
  /** Set when a newer link, a number change or a reset replaced this one before it was used. */
  revoked_at: Timestamp | null;
}

/** full: the back office; code and enrol: only that step of the sign-in (decision 021). */
export type StaffSessionStage = 'full' | 'code' | 'enrol';

export interface StaffSessionsTable {
  id: Generated<number>;
  token_hash: string;
  staff_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  stage: ColumnType<StaffSessionStage, StaffSessionStage | undefined, never>;
  pending_totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  staff_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

/** Consecutive failed sign-ins of one username (lower case), known or not. */
export interface StaffLoginThrottleTable {
  username: string;
  failures: number;
  locked_until: Timestamp | null;
  updated_at: Timestamp;
}

export interface PlayersTable {
  id: Generated<number>;
  mobile_no: string;
  first_name: string;
  last_name: string;
  email: string | null;
  password_hash: string;
  verified: ColumnType<Flag, Flag | undefined, Flag>;
  agent_id: number | null;
  created_at: Timestamp;
  /** 1 for a simulated bettor of the demo race day (decision 047): kept apart in reports and staff queues. */
  demo_crowd: ColumnType<Flag, Flag | undefined, Flag>;
}

export interface AccountsTable {
  id: Generated<number>;
  /** Stable name, e.g. player:12:credit or house:adjustments. */
  code: string;
  kind: 'player_credit' | 'player_bonus' | 'player_withdraw_hold' | 'house';
  player_id: number | null;
  /** Signed centavos; equals the sum of this account's postings. */
  balance: ColumnType<number, number | undefined, number>;
  /** Player accounts may never go below zero; house accounts carry the other side. */
  may_go_negative: Flag;
  /** 0 for pool accounts: their balance is the sum of their postings, not kept on this row. */
  tracks_balance: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: Timestamp;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  kind: string;
  description: string;
  reverses_transaction_id: number | null;
  actor_type: 'staff' | 'player' | 'system';
  actor_id: number | null;
  /** JSON object with references (race, ticket, payment ...). */
  metadata: string;
  created_at: Timestamp;
}

export interface LedgerPostingsTable {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  /** Signed centavos, never zero; a transaction's postings sum to zero. */
  amount: number;
}

export interface IdempotencyKeysTable {
  /** Who and what the key belongs to, e.g. staff:3:adjustment. */
  scope: string;
  key: string;
  request_hash: string;
  response_status: number;
  response_body: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_type: 'staff' | 'player' | 'system';
  actor_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: string;
  ip: string | null;
  created_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  reason: string;
  notes: string;
  ip: string | null;
  created_at: Timestamp;
}

export interface PlayerSessionsTable {
  id: Generated<number>;
  token_hash: string;
  player_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
  /** Set when staff opened the session with a login link: it may not move money or change the account. */
  opened_by_staff_id: ColumnType<number | null, number | null | undefined, never>;
}

/** login: the code a number needs beside its password after repeated failed logins (decision 022). */
export type OtpPurpose = 'verify' | 'reset' | 'mobile' | 'login';

export interface OtpCodesTable {
  id: Generated<number>;
  player_id: number;
  purpose: OtpPurpose;
  mobile_no: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

/** A code request that sent nothing (unknown number...), throttled like one that did (decision 022). */
export interface OtpDecoysTable {
  id: Generated<number>;
  mobile_no: string;
  purpose: OtpPurpose;
  created_at: Timestamp;
}

/**
 * A request for a code by number (forgotPassword, resendOTP), whether or not the number has an account
 * and whether or not a code went: these requests alone throttle those calls (decision 043).
 */
export interface OtpRequestsTable {
  id: Generated<number>;
  mobile_no: string;
  purpose: OtpPurpose;
  created_at: Timestamp;
}

/** Secrets the server draws once and every instance shares, such as the key of code-request ids (decision 043). */
export interface ServerSecretsTable {
  name: string;
  value: string;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  mobile_no: string;
  message: string;
  purpose: string;
  status: 'stored' | 'sent' | 'failed';
  provider_response: string | null;
  created_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  mobile_no: string;
  ip: string | null;
  created_at: Timestamp;
}

/** A limited key's hits in its current window (decision 031). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  /** Milliseconds since the epoch. */
  window_ends_at: number;
}

export interface LoginLinksTable {
  id: Generated<number>;
  token_hash: string;
  player_id: number;
  created_by_staff_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** Why staff opened the player's account (required since decision 020; null on older links). */
  reason: ColumnType<string | null, string | null | undefined, never>;
}

export interface GameEventsTable {
  id: Generated<number>;
  name: string;
  arena: string;
  stream_url: string;
  /** Manila calendar date, YYYY-MM-DD. */
  race_date: string;
  /** JSON array of flag-enabled bet-type codes. */
  enabled_bet_types: string;
  /** 'staff:<id>' or 'simulator'. */
  created_by: string;
  created_at: Timestamp;
}

export interface RacesTable {
  id: Generated<number>;
  event_id: number;
  race_no: number;
  status: 'A' | 'O' | 'L' | 'C' | 'D' | 'X';
  start_time: Timestamp;
  enabled_bet_types: string;
  /** When the race first opened for betting: its pools' policies are the settings in force then. */
  opened_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  updated_at: Timestamp;
  /** Metres, when the card says (decision 053). */
  distance_m: ColumnType<number | null, number | null | undefined, number | null>;
  race_class: ColumnType<string | null, string | null | undefined, string | null>;
  /** An operator's replay video (HLS, from the allowed stream hosts); null when none. */
  replay_url: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RunnersTable {
  id: Generated<number>;
  race_id: number;
  runner_no: string;
  horse_name: string;
  jockey_name: string;
  status: 'A' | 'S';
  /** Hundredths: 350 is odds of 3.50. */
  odds: number | null;
  finish_position: number | null;
  /** The horse and jockey records (decision 053); horse_name and jockey_name stay the names as carded. */
  horse_id: ColumnType<number | null, number | null | undefined, number | null>;
  jockey_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Weight carried in tenths of a kilogram: 545 is 54.5 kg. */
  weight_kg_tenths: ColumnType<number | null, number | null | undefined, number | null>;
  gate: ColumnType<number | null, number | null | undefined, number | null>;
  rating: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON array of gear codes, e.g. ["B","TT"]. */
  equipment: ColumnType<string, string | undefined, string>;
}

/** Trainers and jockeys (decision 053): a licence number is unique when entered. */
export interface TrainersTable {
  id: Generated<number>;
  name: string;
  licence_no: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JockeysTable {
  id: Generated<number>;
  name: string;
  licence_no: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A horse (decision 053): its name is unique; what a back-filled record cannot know is null. */
export interface HorsesTable {
  id: Generated<number>;
  name: string;
  /** C colt, F filly, G gelding, H horse, M mare, R rig. */
  sex: ColumnType<'C' | 'F' | 'G' | 'H' | 'M' | 'R' | null, 'C' | 'F' | 'G' | 'H' | 'M' | 'R' | null | undefined>;
  foaling_year: ColumnType<number | null, number | null | undefined>;
  colour: ColumnType<string | null, string | null | undefined>;
  sire: ColumnType<string | null, string | null | undefined>;
  dam: ColumnType<string | null, string | null | undefined>;
  owner: ColumnType<string | null, string | null | undefined>;
  trainer_id: ColumnType<number | null, number | null | undefined>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A runner's change of jockey, with its reason. */
export interface JockeyChangesTable {
  id: Generated<number>;
  runner_id: number;
  from_jockey_id: number | null;
  to_jockey_id: number;
  reason: string;
  /** 'staff:<id>', 'simulator' or 'import'. */
  changed_by: string;
  changed_at: Timestamp;
}

/** A runner's official result, with what a form guide filters on copied in (decision 053). */
export interface RunnerResultsTable {
  runner_id: number;
  race_id: number;
  horse_id: number;
  jockey_id: number | null;
  trainer_id: number | null;
  /** Manila race day, YYYY-MM-DD. */
  race_date: string;
  track: string;
  outcome: 'finished' | 'scratched' | 'disqualified' | 'didNotFinish';
  /** Set exactly when finished; dead heats share it. */
  position: number | null;
  /** Lengths behind the winner in hundredths. */
  margin_hundredths: number | null;
  time_ms: number | null;
  track_condition: string | null;
  distance_m: number | null;
  race_class: string | null;
  field_size: number;
  created_at: Timestamp;
}

/** A jockey's rides and wins on one race day, from runner_results (decision 053). */
export interface JockeyDayTalliesTable {
  jockey_id: number;
  /** Manila race day, YYYY-MM-DD. */
  race_date: string;
  /** Runs started (scratchings are not rides). */
  rides: number;
  /** Finished first, dead heats included. */
  wins: number;
}

/** A trainer's runners and winners on one race day, from runner_results (decision 053). */
export interface TrainerDayTalliesTable {
  trainer_id: number;
  race_date: string;
  rides: number;
  wins: number;
}

/** A horse's career from its starts, kept from runner_results (decision 053). A horse without a start has none. */
export interface HorseFormSummariesTable {
  horse_id: number;
  starts: number;
  wins: number;
  seconds: number;
  thirds: number;
  /** Manila race day of its latest start. */
  last_start_date: string;
  /** The last five starts' figures, oldest first: `3-1-5-2-1`. */
  last_five: string;
}

/** A horse's record at one distance (metres), kept from runner_results. */
export interface HorseDistanceTalliesTable {
  horse_id: number;
  distance_m: number;
  starts: number;
  wins: number;
  seconds: number;
  thirds: number;
}

/** A horse's record at one track (its name trimmed, in lower case), kept from runner_results. */
export interface HorseTrackTalliesTable {
  horse_id: number;
  track_key: string;
  starts: number;
  wins: number;
  seconds: number;
  thirds: number;
}

export interface BetTicketsTable {
  id: Generated<number>;
  ticket_no: string;
  player_id: number;
  event_id: number;
  first_race_id: number;
  bet_type: string;
  /** Centavos per combination. */
  amount: number;
  combinations: number;
  total: number;
  from_credit: number;
  from_bonus: number;
  selections: string;
  debit_transaction_id: number;
  settlement_transaction_id: number | null;
  status: 'open' | 'won' | 'lost' | 'refunded';
  created_at: Timestamp;
  won_amount: ColumnType<number, number | undefined, number>;
  refund_amount: ColumnType<number, number | undefined, number>;
  /** Bonus rebate earned at settlement while a rebate promo was active. */
  rebate_amount: ColumnType<number, number | undefined, number>;
  /** The tax withheld from the ticket's payout (PD 1157): won_amount is what reached the credit after it. */
  winnings_tax: ColumnType<number, number | undefined, number>;
  settlement_details: string | null;
  settled_at: Timestamp | null;
  /** The account that paid and is paid when not the player's wallet: a group's (bakas:<code>); null otherwise. */
  holder_account_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ToteSettingsTable {
  id: Generated<number>;
  bet_type: string;
  /** The shares' total rate: the whole takeout of the pool before the stamp tax. */
  takeout_bp: number;
  /** JSON PoolShare[] (migration 20261128120000_philippine_pool_split). */
  shares: string | null;
  /** JSON StampTaxRate, null where none is due. */
  stamp_tax: string | null;
  winnings_tax_bp: ColumnType<number, number | undefined, number>;
  winnings_tax_base: ColumnType<'winnings' | 'dividend', 'winnings' | 'dividend' | undefined, 'winnings' | 'dividend'>;
  no_winner: 'refund' | 'carryover';
  multi_race_scratch: 'favourite' | 'refund';
  cancelled_leg: 'refund' | 'allwin';
  /** Manila race date, YYYY-MM-DD. */
  effective_from: string;
  created_by: number;
  created_at: Timestamp;
}

export interface RaceResultsTable {
  race_id: number;
  /** JSON FinishOrder. */
  finish: string;
  official_dividends: string;
  confirmed_by: string;
  confirmed_at: Timestamp;
}

/** PostgreSQL only: tickets sold per pool, kept by a trigger on bet_tickets (migration 20261127010000_pool_sales_marks). */
export interface PoolSalesMarksTable {
  first_race_id: number;
  bet_type: string;
  /** The writing backend. A pool's figures are the sum over its writers. */
  writer: number;
  tickets: number | string;
  last_ticket_id: number | string;
}

/** The leading instance's latest probe of a race day's stream (modules/dashboard, decision 038). */
export interface StreamProbesTable {
  event_id: number;
  url: string;
  up: Flag;
  detail: string;
  since: Timestamp;
  checked_at: Timestamp;
}

export interface PoolSettlementsTable {
  id: Generated<number>;
  first_race_id: number;
  bet_type: string;
  result_race_id: number;
  status: 'paying' | 'settled';
  result: 'paid' | 'consolation' | 'carryover' | 'refunded';
  /** JSON PoolPolicy in force when the pool settled. */
  policy: string;
  stakes: number;
  refunds: number;
  takeout: number;
  carry_in: number;
  carry_out: number;
  net: number;
  payouts: number;
  breakage: number;
  /** What the house paid in for the 1.00 minimum dividend (decision 046). */
  minus_pool: ColumnType<number, number | undefined, number>;
  /** JSON ShareAmount[]: each share of the gross posted to its account. */
  shares: ColumnType<string, string | undefined, string>;
  stamp_tax: ColumnType<number, number | undefined, number>;
  /** The tax withheld from the pool's winning tickets (inside payouts). */
  winnings_tax: ColumnType<number, number | undefined, number>;
  tickets: number;
  winning_tickets: number;
  dividends: string;
  created_at: Timestamp;
  settled_at: Timestamp | null;
}

export interface DepositAccountsTable {
  id: Generated<number>;
  type: DepositAccountType;
  account_name: string;
  account_number: string;
  company_number: string | null;
  active: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentRequestsTable {
  id: Generated<number>;
  player_id: number;
  kind: 'DEPOSIT' | 'WITHDRAW';
  status: ColumnType<'PENDING' | 'APPROVED' | 'DECLINED', 'PENDING' | undefined, 'APPROVED' | 'DECLINED'>;
  amount: number;
  bonus: ColumnType<number, number | undefined, number>;
  channel: string;
  deposit_account_id: number | null;
  account_name: string;
  account_number: string;
  sender_number: string | null;
  reference_number: string | null;
  note: string | null;
  decision_note: string | null;
  decided_by_staff_id: number | null;
  decided_at: Timestamp | null;
  hold_transaction_id: number | null;
  decision_transaction_id: number | null;
  created_at: Timestamp;
  /** Maker-checker (decision 020): the first of two approvals; the request stays PENDING until the second. */
  first_approved_by_staff_id: ColumnType<number | null, number | null | undefined, number | null>;
  first_approved_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  first_approval_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** The receipt image the player attached to a deposit. */
  receipt_id: ColumnType<number | null, number | null | undefined, never>;
}

/** The AML queue (modules/aml, decision 035): append-only, the database refuses UPDATE and DELETE. */
export interface AmlFlagsTable {
  id: Generated<number>;
  rule: string;
  player_id: number;
  subject_key: string;
  period_key: string;
  amount: number;
  summary: string;
  /** JSON: the figures the rule saw. */
  details: string;
  raised_at: Timestamp;
}

export interface AmlFlagTransactionsTable {
  flag_id: number;
  payment_request_id: number;
}

export interface AmlFlagEventsTable {
  id: Generated<number>;
  flag_id: number;
  kind: 'NOTE' | 'RESOLUTION';
  resolution: 'NO_ACTION' | 'REPORTED' | null;
  note: string;
  staff_id: number;
  created_at: Timestamp;
}

export interface PaymentReceiptsTable {
  id: Generated<number>;
  player_id: number;
  content_type: string;
  data: Buffer;
  created_at: Timestamp;
  /** What the receipt reader read (decision 042): centavos and the reference as read; null when not found. */
  read_amount: ColumnType<number | null, number | null | undefined, never>;
  read_reference: ColumnType<string | null, string | null | undefined, never>;
}

/** A balance adjustment above the second-approval threshold, waiting for (or decided by) a second admin. */
export interface BalanceAdjustmentsTable {
  id: Generated<number>;
  player_id: number;
  account: 'credit' | 'bonus';
  amount: number;
  reason: string;
  status: ColumnType<'PENDING' | 'APPROVED' | 'DECLINED', 'PENDING' | undefined, 'APPROVED' | 'DECLINED'>;
  requested_by_staff_id: number;
  requested_at: Timestamp;
  decided_by_staff_id: number | null;
  decided_at: Timestamp | null;
  decision_note: string | null;
  transaction_id: number | null;
}

/** The amount a staff member approved on one Manila day (YYYY-MM-DD), against their daily limit. */
export interface StaffApprovalTotalsTable {
  staff_id: number;
  day: string;
  total: ColumnType<number, number | undefined, number>;
}

/** What admins adjusted alone to a player per Manila day (decision 042): the threshold bounds the sum. */
export interface PlayerAdjustmentDayTotalsTable {
  player_id: number;
  day: string;
  total: ColumnType<number, number | undefined, number>;
}

export interface PaymentSettingsTable {
  key: string;
  /** JSON. */
  value: string;
  updated_at: Timestamp;
}

/** One server's hold on a job that must run once (simulator): until expires_at (ISO), renewed. */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** Cards the demo simulator created, the only ones it drives. */
export interface DemoCardsTable {
  event_id: number;
  created_at: string;
}

/** How a demo race runs (drawn race): its finishing order and seed, decided when it goes off. */
export interface DemoRaceRunsTable {
  race_id: number;
  /** ISO 8601 UTC with milliseconds. */
  started_at: string;
  duration_ms: number;
  seed: number;
  /** Runner numbers in the order they cross the line, comma-separated. */
  runner_order: string;
}

/** What only the simulator knows of a demo horse (decision 053): its hidden ability and preferences. */
export interface DemoHorseTraitsTable {
  horse_id: number;
  /** Hidden ability in thousandths; drifts slowly from run to run. */
  ability_milli: number;
  best_distance_m: number;
  /** The class it is campaigned in: 1 the best. */
  class_level: number;
  /** Manila day (YYYY-MM-DD) from which it may run again. */
  rested_on: string;
}

/** A demo jockey's hidden skill (thousandths). */
export interface DemoJockeyTraitsTable {
  jockey_id: number;
  skill_milli: number;
}

/** Applications of the public master-agent form (modules/masteragents). */
export interface MasterAgentApplicationsTable {
  id: Generated<number>;
  email: string;
  first_name: string;
  last_name: string;
  username: string;
  mobile_no: string;
  telegram: string;
  status: ColumnType<'pending' | 'approved' | 'declined', 'pending' | undefined, 'approved' | 'declined'>;
  decline_reason: string | null;
  decided_by_staff_id: number | null;
  decided_at: Timestamp | null;
  staff_id: number | null;
  ip: string | null;
  created_at: Timestamp;
}

/** An application's photos as the server re-encoded them (bytea / blob). */
export interface MasterAgentPhotosTable {
  application_id: number;
  kind: 'selfie' | 'govId';
  content_type: string;
  width: number;
  height: number;
  data: Buffer;
  created_at: Timestamp;
}

/** Identity verifications, one row per submission (modules/kyc, decision 033). */
export interface KycSubmissionsTable {
  id: Generated<number>;
  player_id: number;
  status: ColumnType<
    'pending' | 'verified' | 'rejected' | 'resubmit',
    'pending' | undefined,
    'verified' | 'rejected' | 'resubmit'
  >;
  legal_name: string;
  date_of_birth: string;
  id_type: string;
  id_number: string;
  id_number_key: string;
  declarations: string;
  reason: string | null;
  decided_by_staff_id: number | null;
  decided_at: Timestamp | null;
  created_at: Timestamp;
}

/** A refused try to verify with an ID another account holds. */
export interface KycDuplicateAttemptsTable {
  id: Generated<number>;
  player_id: number;
  other_player_id: number;
  id_type: string;
  id_number_key: string;
  created_at: Timestamp;
}

/** A submission's ID photo and selfie as the server re-encoded them (bytea / blob). */
export interface KycPhotosTable {
  submission_id: number;
  kind: 'idPhoto' | 'selfie';
  content_type: string;
  width: number;
  height: number;
  data: Buffer;
  created_at: Timestamp;
}

/** Limits a player set (modules/rglimits, decision 034): centavos; a raise or removal waits in pending_*. */
export interface RgLimitsTable {
  player_id: number;
  kind: string;
  amount: number | null;
  pending_amount: number | null;
  pending_at: Timestamp | null;
  updated_at: Timestamp;
}

/** Cool-offs, self-exclusions and operator exclusions, kept after they end. */
export interface RgExclusionsTable {
  id: Generated<number>;
  player_id: number;
  kind: 'coolOff' | 'selfExclusion' | 'operator';
  period: string;
  mobile_no: string;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  cancel_at: Timestamp | null;
  reason: string | null;
  created_by_staff_id: number | null;
  lifted_at: Timestamp | null;
  lifted_by_staff_id: number | null;
  lift_reason: string | null;
  created_at: Timestamp;
}

/** A player's reality check interval (minutes). */
export interface RgSettingsTable {
  player_id: number;
  reality_check_minutes: number;
  updated_at: Timestamp;
}

/** The image an admin set for a deposit account or a withdraw channel, re-encoded (bytea / blob). */
export interface PaymentChannelImagesTable {
  channel_kind: 'deposit_account' | 'withdraw_channel';
  /** The deposit account's id, or the withdraw company. */
  channel_key: string;
  /** Hex SHA-256 (first 32 digits) of data: the public address of the image. */
  hash: string;
  content_type: string;
  width: number;
  height: number;
  data: Buffer;
  updated_by_staff_id: number;
  updated_at: Timestamp;
}

export interface PromosTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  credit_to: 'BONUS' | 'CREDIT';
  kind: 'fixed' | 'depositPercent' | 'rebate';
  reward_amount: number;
  rate_bp: number;
  reward_cap: number;
  /** Claims left in total; 999 is unlimited and never counts down. */
  remaining: number;
  per_player_limit: number;
  daily_deposit_req: number;
  account_days_req: number;
  validity_hours: number;
  starts_at: string;
  ends_at: string | null;
  code_only: number;
  active: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface PromoClaimsTable {
  id: Generated<number>;
  promo_id: number;
  player_id: number;
  status: 'A' | 'X';
  reward: number;
  rebates: ColumnType<number, number | undefined, number>;
  claimed_at: string;
  expires_at: string | null;
  transaction_id: number | null;
}

/** A change waiting for (or decided by) a second, independent admin (decision 045). */
export interface DualControlRequestsTable {
  id: Generated<number>;
  kind: string;
  subject: string;
  /** JSON: what the approval applies, checked against the kind's schema again when applied. */
  payload: string;
  /** JSON: what the approver reads (DualControlSummary), as the proposer's change described it. */
  summary: string;
  status: ColumnType<'pending' | 'approved' | 'rejected', 'pending' | undefined, 'approved' | 'rejected'>;
  proposed_by_staff_id: number;
  proposed_at: Timestamp;
  decided_by_staff_id: number | null;
  decided_at: Timestamp | null;
  decision_note: string | null;
}

/** A player's followed horse, jockey or trainer (the blackbook), with an optional note. */
export interface BlackbookFollowsTable {
  id: Generated<number>;
  player_id: number;
  kind: 'horse' | 'jockey' | 'trainer';
  subject_id: number;
  note: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A player's browser subscribed to web push (module notifications, push channel). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  player_id: number;
  /** The push service's address for this browser: unique. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
  p256dh: string;
  auth: string;
  /** The site's language when it subscribed: its notifications are written in it. */
  language: 'en' | 'fil';
  created_at: Timestamp;
}

/** A notice raised for a player (module notifications, decision 055): the outbox row. */
export interface NotificationsTable {
  id: string;
  player_id: number;
  kind: string;
  /** JSON: the kind's text parameters. */
  params: string;
  link_path: string;
  urgent: number;
  marketing: number;
  dedupe_key: string;
  created_at: Timestamp;
  /** After this, an undelivered push or SMS is pointless (e.g. the race has run). */
  expires_at: Timestamp | null;
  /** Set when the inbox channel delivered it. */
  inboxed_at: Timestamp | null;
  read_at: Timestamp | null;
}

export type NotificationDeliveryStatus =
  'pending' | 'sending' | 'delivered' | 'skipped' | 'gone' | 'failed' | 'unknown' | 'suppressed' | 'expired';

/** One notice's delivery through one channel. */
export interface NotificationDeliveriesTable {
  id: Generated<number>;
  notice_id: string;
  player_id: number;
  channel: string;
  status: NotificationDeliveryStatus;
  attempts: ColumnType<number, number | undefined, number>;
  due_at: Timestamp;
  lease_holder: string | null;
  lease_until: Timestamp | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  updated_at: Timestamp;
}

/** Each claim of a delivery and what became of it. */
export interface NotificationAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  holder: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  outcome: string | null;
  detail: string | null;
}

/** A player's notification settings. */
export interface NotificationPreferencesTable {
  player_id: number;
  /** JSON: per kind, per channel, on or off (absent: the kind's default). */
  channels: string;
  quiet_from: string | null;
  quiet_to: string | null;
  marketing_opt_out: ColumnType<number, number | undefined, number>;
  language: ColumnType<'en' | 'fil', 'en' | 'fil' | undefined, 'en' | 'fil'>;
  updated_at: Timestamp;
}

/** A group ticket, bakas (docs/decisions/056-bakas-group-tickets.md). */
export interface BakasGroupsTable {
  id: Generated<number>;
  /** The link's code: random, unguessable. */
  code: string;
  organiser_id: number;
  event_id: number;
  first_race_id: number;
  bet_type: string;
  /** JSON: runner numbers per place or leg, as a ticket's. */
  selections: string;
  /** Centavos per combination. */
  amount: number;
  combinations: number;
  /** Centavos: combinations x amount; share_price x shares exactly. */
  cost: number;
  shares: number;
  share_price: number;
  shares_sold: ColumnType<number, number | undefined, number>;
  title: string;
  /** Whole percent, 0-10, of net winnings. */
  fee_percent: number;
  shortfall: 'smaller' | 'cancel';
  status: 'open' | 'placed' | 'cancelled' | 'settled';
  /** The group's holding account (bakas:<id>). */
  account_id: number;
  ticket_id: number | null;
  created_at: Timestamp;
  closed_at: Timestamp | null;
  placed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** 1 when placed smaller than created. */
  cut: ColumnType<number | null, number | null | undefined, number | null>;
  /** Money sold that the placed ticket did not use, refunded at placing. */
  unused_refunded: ColumnType<number | null, number | null | undefined, number | null>;
  /** What the group account received from the pool at settlement (after the winnings tax). */
  received: ColumnType<number | null, number | null | undefined, number | null>;
  fee: ColumnType<number | null, number | null | undefined, number | null>;
  settled_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** One purchase of shares of a group ticket. */
export interface BakasMembersTable {
  id: Generated<number>;
  group_id: number;
  player_id: number;
  shares: number;
  /** The sequence (1-based) of the purchase's first share in its group: the split's tie-break. */
  first_share_seq: number;
  /** Centavos: shares x the share price. */
  paid: number;
  debit_transaction_id: number;
  refund_transaction_id: number | null;
  created_at: Timestamp;
  /** Its part of a refund before the ticket ran (a smaller ticket's unused money, or a cancellation). */
  refunded: ColumnType<number, number | undefined, number>;
  /** Its part of the ticket's settlement (fee included for the organiser's); null until settled. */
  payout: ColumnType<number | null, number | null | undefined, number | null>;
  fee: ColumnType<number, number | undefined, number>;
  payout_transaction_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface Database {
  bakas_groups: BakasGroupsTable;
  bakas_members: BakasMembersTable;
  staff_users: StaffUsersTable;
  blackbook_follows: BlackbookFollowsTable;
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_attempts: NotificationAttemptsTable;
  notification_preferences: NotificationPreferencesTable;
  staff_sessions: StaffSessionsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_login_throttle: StaffLoginThrottleTable;
  staff_requests: StaffRequestsTable;
  staff_enrolment_links: StaffEnrolmentLinksTable;
  players: PlayersTable;
  accounts: AccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
  contact_messages: ContactMessagesTable;
  player_sessions: PlayerSessionsTable;
  otp_codes: OtpCodesTable;
  otp_decoys: OtpDecoysTable;
  otp_requests: OtpRequestsTable;
  server_secrets: ServerSecretsTable;
  sms_outbox: SmsOutboxTable;
  login_failures: LoginFailuresTable;
  rate_limits: RateLimitsTable;
  login_links: LoginLinksTable;
  game_events: GameEventsTable;
  races: RacesTable;
  runners: RunnersTable;
  horses: HorsesTable;
  jockeys: JockeysTable;
  trainers: TrainersTable;
  jockey_changes: JockeyChangesTable;
  runner_results: RunnerResultsTable;
  jockey_day_tallies: JockeyDayTalliesTable;
  trainer_day_tallies: TrainerDayTalliesTable;
  horse_form_summaries: HorseFormSummariesTable;
  horse_distance_tallies: HorseDistanceTalliesTable;
  horse_track_tallies: HorseTrackTalliesTable;
  bet_tickets: BetTicketsTable;
  tote_settings: ToteSettingsTable;
  race_results: RaceResultsTable;
  pool_settlements: PoolSettlementsTable;
  stream_probes: StreamProbesTable;
  pool_sales_marks: PoolSalesMarksTable;
  deposit_accounts: DepositAccountsTable;
  payment_requests: PaymentRequestsTable;
  payment_settings: PaymentSettingsTable;
  payment_receipts: PaymentReceiptsTable;
  aml_flags: AmlFlagsTable;
  aml_flag_transactions: AmlFlagTransactionsTable;
  aml_flag_events: AmlFlagEventsTable;
  balance_adjustments: BalanceAdjustmentsTable;
  staff_approval_totals: StaffApprovalTotalsTable;
  player_adjustment_day_totals: PlayerAdjustmentDayTotalsTable;
  leases: LeasesTable;
  demo_cards: DemoCardsTable;
  demo_race_runs: DemoRaceRunsTable;
  demo_horse_traits: DemoHorseTraitsTable;
  demo_jockey_traits: DemoJockeyTraitsTable;
  promos: PromosTable;
  promo_claims: PromoClaimsTable;
  master_agent_applications: MasterAgentApplicationsTable;
  master_agent_photos: MasterAgentPhotosTable;
  payment_channel_images: PaymentChannelImagesTable;
  rg_limits: RgLimitsTable;
  rg_exclusions: RgExclusionsTable;
  rg_settings: RgSettingsTable;
  kyc_submissions: KycSubmissionsTable;
  kyc_duplicate_attempts: KycDuplicateAttemptsTable;
  kyc_photos: KycPhotosTable;
  dual_control_requests: DualControlRequestsTable;
  push_subscriptions: PushSubscriptionsTable;
}

export type StaffUser = Selectable<StaffUsersTable>;
export type Player = Selectable<PlayersTable>;
export type Account = Selectable<AccountsTable>;
export type NewAuditEntry = Insertable<AuditLogTable>;
