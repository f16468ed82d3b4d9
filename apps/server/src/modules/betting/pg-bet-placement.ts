import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import {
  betTypeByCode,
  BetMessages,
  poolAccountCode,
  StatusCode,
  type BetReceipt,
  type BetTypeDefinition,
  type PlaceBetInput,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { statement } from '../../db/statement.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { Idempotency } from '../../lib/idempotency.ts';
import { nowIso } from '../../lib/time.ts';
import { hashRequest } from '../../lib/tokens.ts';
import type { BetHookRunner } from './bet-hooks.ts';
import { readEventCard, type EventCard } from './event-card.ts';
import { BetRefusals, betLedgerText, checkBetOnCard, newTicketNo, receiptBeforeBalances } from './betting.service.ts';
import { keepCardWinningsTax, keptPoolWinningsTax, poolWinningsTaxOf } from './pool-winnings-tax.ts';

/**
 * Bets on PostgreSQL (docs/decisions/029-postgres-bet-placement.md): the server checks each bet's slip
 * and card here, against a card it keeps per event, and a lane sends the bets that queued while its
 * previous batch ran to the database in one call of `place_bets` (migration 20261126100000): one round
 * trip and one transaction (one commit) per batch. The function decides, in that transaction, all that
 * depends on the database: the idempotency key, whether the card checked against is still current, the
 * balances, and writes the debit, the ledger transaction, the ticket and the stored receipt.
 */
/**
 * Responsible gaming's checks of a batch (decision 034), handed in by the app: the rules are that module's, and
 * it sits above betting (it subscribes to bet placement's hook on the Kysely path).
 */
export interface BatchPlayerLimits {
  /** Each bet's refusal (null: allowed), and the players with a limit or a break, who must be locked. */
  refusalsForBatch(
    executor: Kysely<Database> | Transaction<Database>,
    bets: readonly { playerId: number; total: number }[],
    nowMs: number,
  ): Promise<{ refusals: (AppError | null)[]; guarded: number[] }>;
  /** Locks those players' limits for the rest of the transaction. */
  lock(trx: Transaction<Database>, playerIds: readonly number[]): Promise<void>;
  /** The clock the limits are judged by. */
  now(): number;
}

export interface PostgresBetPlacementOptions {
  limits: BatchPlayerLimits;
  /** Run in a batch's transaction for its placed bets of players with a limit or a break ('bets.placed'). */
  hooks?: BetHookRunner;
  /**
   * Batches that may be in the database at once; a player always maps to the same lane. One by
   * default: on the 2-core machine one lane placed the most bets (its batches grow while one runs,
   * about 27 bets a call against 13 with two lanes), and a call costs about four bets' work of its own.
   */
  lanes?: number;
  /** Most bets in one call. */
  maxBatch?: number;
}

/** One bet as `place_bets` reads it (json_to_recordset); a refused bet carries only what it needs. */
interface BetRow {
  player_id: number;
  scope: string;
  key: string;
  request_hash: string;
  refused: boolean;
  /** Checked again under the player's responsible-gaming lock in place_bets' transaction. */
  rg_locked?: boolean;
  /** The instant the responsible-gaming checks were made (first bet only): place_bets judges breaks' ends by it. */
  rg_now?: string;
  event_id: number;
  card_version: number;
  first_race_id?: number;
  bet_type?: string;
  amount?: number;
  combinations?: number;
  total?: number;
  use_bonus?: boolean;
  selections?: string;
  ticket_no?: string;
  description?: string;
  metadata?: string;
  receipt_start?: string;
  pool_code?: string;
  created_at?: string;
}

type Outcome = 'placed' | 'replayed' | 'key_reused' | 'stale' | 'refused' | 'rg_changed' | 'no_bonus' | 'insufficient';

interface OutcomeRow {
  outcome: Outcome;
  credit_balance: number | string | null;
  bonus_balance: number | string | null;
  body: string | null;
}

/** What `place_bets` answers: one element per bet, in the order sent (bigint arrays come as text). */
interface BatchAnswer {
  outcomes: Outcome[];
  credit_balances: (string | null)[];
  bonus_balances: (string | null)[];
  bodies: (string | null)[];
}

interface Job {
  playerId: number;
  input: PlaceBetInput;
  type: BetTypeDefinition;
  scope: string;
  requestHash: string;
  /** The row sent for this attempt (set once the bet is checked), and what its answer needs. */
  row: BetRow | undefined;
  refusal: AppError | undefined;
  receiptStart: Omit<BetReceipt, 'creditBalance' | 'bonusBalance'> | undefined;
  /** Times the bet was sent again: after a stale card, or a failed call it may simply retry. */
  rounds: number;
  resolve(receipt: BetReceipt): void;
  reject(error: unknown): void;
}

interface Lane {
  queue: Job[];
  running: boolean;
  scheduled: boolean;
}

/** Players remembered as having a limit or a break, at most (forgetting one costs a round of place_bets). */
const MAX_GUARDED_REMEMBERED = 10_000;
/** How many times a bet is sent again (stale card, deadlock, a twin's key committed meanwhile). */
const MAX_ROUNDS = 5;
/** Deadlock, serialisation failure, unique violation (a twin's key or ticket number): run again. */
const RETRYABLE_CODES = new Set(['40P01', '40001', '23505']);
/** Events whose cards are kept; past it the kept cards start over (a bound against made-up event ids). */
const MAX_KEPT_CARDS = 256;

const placeBets =
  'select outcomes, credit_balances, bonus_balances, bodies' +
  ' from place_bets($1::json, $2::int[], $3::text[], $4::text[], $5::int[], $6::text[])';
const selectCardVersion = statement<{ version: number | string }>(
  'select version from bet_card_versions where event_id = ?',
);

function errorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

interface KeptCard {
  version: number;
  card: EventCard;
}

export function postgresBetPlacement(db: Kysely<Database>, options: PostgresBetPlacementOptions) {
  const { limits } = options;
  const laneCount = Math.max(1, options.lanes ?? 1);
  const maxBatch = Math.max(1, options.maxBatch ?? 64);
  const lanes: Lane[] = Array.from({ length: laneCount }, () => ({ queue: [], running: false, scheduled: false }));
  const counters = { batches: 0, jobs: 0, retries: 0 };
  /** Per event, the card being read or read, and its version once read. */
  const keptCards = new Map<number, { reading: Promise<KeptCard>; version?: number }>();

  /** The version is read before the card: a change between the two reads leaves the card marked old. */
  async function readCard(eventId: number): Promise<KeptCard> {
    const [row] = await selectCardVersion(db, [eventId]);
    const card = await readEventCard(db, eventId);
    // The tax rule of each open pool, which the receipts state, kept with the card (pool-winnings-tax.ts).
    await keepCardWinningsTax(db, db, card);
    return { version: Number(row?.version ?? 0), card };
  }

  function cardOf(eventId: number): Promise<KeptCard> {
    const kept = keptCards.get(eventId);
    if (kept) return kept.reading;
    if (keptCards.size >= MAX_KEPT_CARDS) keptCards.clear();
    const entry: { reading: Promise<KeptCard>; version?: number } = { reading: readCard(eventId) };
    keptCards.set(eventId, entry);
    entry.reading.then(
      (card) => {
        entry.version = card.version;
      },
      // A failed read is not kept: the next bet reads again.
      () => {
        if (keptCards.get(eventId) === entry) keptCards.delete(eventId);
      },
    );
    return entry.reading;
  }

  /** Drops the kept card if it is the one (or older than the one) a bet found stale. */
  function forgetCard(eventId: number, staleVersion: number): void {
    const kept = keptCards.get(eventId);
    if (kept?.version !== undefined && kept.version <= staleVersion) keptCards.delete(eventId);
  }

  /** The bet checked against the card as kept now: the row to send, or the refusal to give if it is current. */
  async function prepare(job: Job): Promise<void> {
    const { input, type } = job;
    const { version, card } = await cardOf(input.eventId);
    const identity = {
      player_id: job.playerId,
      scope: job.scope,
      key: input.idempotencyKey,
      request_hash: job.requestHash,
      event_id: input.eventId,
      card_version: version,
    };
    let bet;
    try {
      bet = checkBetOnCard(card, type, input);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      job.refusal = error;
      job.receiptStart = undefined;
      job.row = { ...identity, refused: true };
      return;
    }
    const ticketNo = newTicketNo();
    // Read once per pool and kept (pool-winnings-tax.ts): the receipt states the tax a win will bear. A kept
    // rule costs no wait, so the bets keep the order they came in (a pool's first bets share its one read).
    const pool = { firstRaceId: bet.first.id, betType: type.code };
    const winningsTax = keptPoolWinningsTax(db, pool) ?? (await poolWinningsTaxOf(db, db, pool));
    const receiptStart = receiptBeforeBalances(type, input, bet, ticketNo, winningsTax);
    const { description, metadata } = betLedgerText(type, bet, ticketNo);
    const receiptText = JSON.stringify(receiptStart);
    job.refusal = undefined;
    job.receiptStart = receiptStart;
    job.row = {
      ...identity,
      refused: false,
      first_race_id: bet.first.id,
      bet_type: type.code,
      amount: input.amount,
      combinations: bet.checked.combinations,
      total: bet.checked.total,
      use_bonus: input.useBonus,
      selections: JSON.stringify(input.selections),
      ticket_no: ticketNo,
      description,
      metadata: JSON.stringify(metadata),
      // The stored receipt is this object's JSON with the balances the debit leaves added at its end.
      receipt_start: receiptText.slice(0, -1),
      pool_code: poolAccountCode({ firstRaceId: bet.first.id, betType: type.code }),
      created_at: nowIso(),
    };
  }

  /** Players seen with a limit or a break: their bets are checked before place_bets (a hint, not a rule). */
  const guardedPlayers = new Set<number>();
  function rememberGuarded(playerId: number): void {
    if (guardedPlayers.size >= MAX_GUARDED_REMEMBERED) guardedPlayers.clear();
    guardedPlayers.add(playerId);
  }

  /**
   * Responsible gaming (modules/rglimits): a bet during a break, over the stake per bet or a net-loss
   * limit is sent as refused (place_bets still answers a replay of its key first), checked in the batch's
   * order, the batch's own earlier bets counted. Answers the players with a limit or a break, whose check
   * `call` repeats under their locks in place_bets' transaction.
   */
  async function refuseOverPlayerLimits(
    executor: Kysely<Database> | Transaction<Database>,
    jobs: Job[],
    nowMs: number,
  ): Promise<number[]> {
    const checked = jobs.filter((job) => job.row !== undefined && !job.row.refused);
    const { refusals, guarded } = await limits.refusalsForBatch(
      executor,
      checked.map((job) => ({ playerId: job.playerId, total: job.row?.total ?? 0 })),
      nowMs,
    );
    for (const [index, job] of checked.entries()) {
      const refusal = refusals[index];
      if (!refusal || !job.row) continue;
      const { player_id, scope, key, request_hash, event_id, card_version } = job.row;
      job.refusal = refusal;
      job.receiptStart = undefined;
      job.row = { player_id, scope, key, request_hash, event_id, card_version, refused: true };
    }
    return guarded;
  }

  /**
   * The place_bets call of a batch's rows as they are now; `locked`: the players whose bets were checked
   * again under their responsible-gaming lock, as of `nowMs`.
   */
  function placeBetsQuery(jobs: Job[], locked: readonly number[], nowMs: number): CompiledQuery<BatchAnswer> {
    const rows = jobs.map((job) => job.row);
    for (const row of rows) if (row) row.rg_locked = locked.includes(row.player_id);
    if (rows[0]) rows[0].rg_now = new Date(nowMs).toISOString();
    // What the function looks up once for the batch, so it reads the bets' JSON only once.
    const players = new Set<number>();
    const events = new Set<number>();
    const pools = new Set<string>();
    for (const row of rows) {
      if (!row) throw new Error('A bet was sent before it was checked.');
      players.add(row.player_id);
      events.add(row.event_id);
      if (row.pool_code) pools.add(row.pool_code);
    }
    return CompiledQuery.raw(placeBets, [
      JSON.stringify(rows),
      [...players],
      rows.map((row) => row?.scope),
      rows.map((row) => row?.key),
      [...events],
      [...pools],
    ]);
  }

  async function call(jobs: Job[]): Promise<OutcomeRow[]> {
    counters.batches += 1;
    counters.jobs += jobs.length;
    const nowMs = limits.now();
    // Most players set no limit and take no break: a batch of only those goes straight to place_bets,
    // which refuses ('rg_changed') the bet of any player it finds with a limit or break, unchecked. That
    // player's bets are then checked here first (remembered, so their next bets are too).
    const checkFirst = jobs.some((job) => guardedPlayers.has(job.playerId));
    const guarded = checkFirst ? await refuseOverPlayerLimits(db, jobs, nowMs) : [];
    // A player with a limit or a break: checked again under a lock of theirs in place_bets' own
    // transaction, so two servers' batches for that player, and a limit or break set meanwhile, are judged
    // one after the other. place_bets answers 'rg_changed' for a bet of any other player who has gained a
    // limit or break since this check (decision 034).
    const result =
      guarded.length === 0
        ? await db.executeQuery(placeBetsQuery(jobs, guarded, nowMs))
        : await db.transaction().execute(async (trx) => {
            await limits.lock(trx, guarded);
            await refuseOverPlayerLimits(trx, jobs, nowMs);
            const answered = await trx.executeQuery(placeBetsQuery(jobs, guarded, nowMs));
            // What the placed bets of these players used up (a net-loss limit) is told with them.
            const outcomes = answered.rows[0]?.outcomes ?? [];
            const placed = new Set(
              jobs
                .filter((job, i) => outcomes[i] === 'placed' && guarded.includes(job.playerId))
                .map((j) => j.playerId),
            );
            if (placed.size > 0) await options.hooks?.run('bets.placed', trx, { playerIds: [...placed] });
            return answered;
          });
    const answer = result.rows[0];
    if (answer?.outcomes.length !== jobs.length) {
      throw new Error(`place_bets answered ${answer?.outcomes.length ?? 0} outcomes for ${jobs.length} bets.`);
    }
    return answer.outcomes.map((outcome, index) => ({
      outcome,
      credit_balance: answer.credit_balances[index] ?? null,
      bonus_balance: answer.bonus_balances[index] ?? null,
      body: answer.bodies[index] ?? null,
    }));
  }

  /** Sends the bet again (re-checked, new ticket number), or fails it after too many rounds. */
  function again(lane: Lane, job: Job, error: unknown): void {
    if (job.rounds >= MAX_ROUNDS) {
      job.reject(error);
      return;
    }
    job.rounds += 1;
    counters.retries += 1;
    prepare(job).then(
      () => {
        lane.queue.push(job);
        schedule(lane);
      },
      (prepareError: unknown) => job.reject(prepareError),
    );
  }

  function settle(lane: Lane, job: Job, row: OutcomeRow): void {
    switch (row.outcome) {
      case 'placed':
        if (!job.receiptStart) throw new Error('A refused bet was placed.');
        job.resolve({
          ...job.receiptStart,
          creditBalance: Number(row.credit_balance),
          bonusBalance: Number(row.bonus_balance),
        } satisfies BetReceipt);
        return;
      case 'replayed':
        job.resolve(JSON.parse(row.body ?? 'null') as BetReceipt);
        return;
      case 'key_reused':
        job.reject(conflict(Idempotency.keyReused));
        return;
      case 'refused':
        job.reject(job.refusal ?? new Error('place_bets refused a bet that was sent as checked.'));
        return;
      case 'no_bonus':
        job.reject(badRequest(BetMessages.noBonusBalance));
        return;
      case 'insufficient':
        job.reject(new AppError(409, StatusCode.INSUFFICIENT_BALANCE, BetMessages.insufficientBalance));
        return;
      case 'rg_changed':
        // The player has a limit or break the bet was not checked against (none was looked for, or one was
        // committed after the check): check it again, and the player's next bets first.
        rememberGuarded(job.playerId);
        again(lane, job, new Error("The player's limits or break kept changing while the bet was checked."));
        return;
      case 'stale':
        // The card changed since it was read: read it again and check the bet against it.
        if (job.row) forgetCard(job.row.event_id, job.row.card_version);
        again(lane, job, new Error('The race card kept changing while the bet was checked.'));
        return;
    }
  }

  /** A batch in one call; if the call fails, each bet alone, so one bet's fault fails that bet only. */
  async function run(lane: Lane, jobs: Job[]): Promise<void> {
    let rows: OutcomeRow[] | undefined;
    try {
      rows = await call(jobs);
    } catch (error) {
      if (jobs.length === 1 && jobs[0]) {
        if (RETRYABLE_CODES.has(errorCode(error) ?? '')) again(lane, jobs[0], error);
        else jobs[0].reject(error);
        return;
      }
      // Nothing of the batch was stored (one statement, one transaction).
      for (const job of jobs) await run(lane, [job]);
      return;
    }
    for (const [index, job] of jobs.entries()) {
      const row = rows[index];
      if (row) settle(lane, job, row);
    }
  }

  function schedule(lane: Lane): void {
    if (lane.running || lane.scheduled) return;
    lane.scheduled = true;
    // After the current turn: bets whose requests were read in this turn go in the same call.
    setImmediate(() => {
      lane.scheduled = false;
      void flush(lane);
    });
  }

  async function flush(lane: Lane): Promise<void> {
    if (lane.running || lane.queue.length === 0) return;
    lane.running = true;
    const jobs = lane.queue.splice(0, maxBatch);
    try {
      await run(lane, jobs);
    } catch (error) {
      for (const job of jobs) job.reject(error);
    } finally {
      lane.running = false;
      if (lane.queue.length > 0) schedule(lane);
    }
  }

  return {
    warmUp: () => Promise.resolve(),
    async place(playerId: number, input: PlaceBetInput): Promise<BetReceipt> {
      const { idempotencyKey: _k, sessionId: _s, playerId: _p, ...request } = input;
      const type = betTypeByCode(input.betType);
      if (!type) throw badRequest(BetRefusals.typeNotOffered);
      const lane = lanes[Math.abs(Math.trunc(playerId)) % laneCount] ?? lanes[0];
      if (!lane) throw new Error('PostgreSQL bet placement has no lane.');
      return new Promise<BetReceipt>((resolve, reject) => {
        const job: Job = {
          playerId,
          input,
          type,
          scope: `player:${playerId}:bet`,
          requestHash: hashRequest(request),
          row: undefined,
          refusal: undefined,
          receiptStart: undefined,
          rounds: 0,
          resolve,
          reject,
        };
        prepare(job).then(() => {
          lane.queue.push(job);
          schedule(lane);
        }, reject);
      });
    },
    stats: () => Promise.resolve({ ...counters }),
    close: () => Promise.resolve(),
  };
}
