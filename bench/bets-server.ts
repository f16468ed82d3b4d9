/*
 * Benchmark harness (not part of the product): the real app on a fresh database (SQLite with the
 * production connection settings, or a throwaway PostgreSQL database when BENCH_PG_URL is set), a race
 * card with seven open races, and funded players, all made through the app's own API. Driven over IPC
 * by bets.mjs, which fires the bets over HTTP from another process and then asks for the money check.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Session } from 'node:inspector/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { toSafeInteger } from '../apps/server/src/db/connection.ts';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger-check.ts';
import { newTotpSecret, totpCodeForStep, totpStepAt } from '../apps/server/src/modules/staff/staff-totp.ts';

const players = Number(process.env.BENCH_PLAYERS ?? 100);
/**
 * ₱900,000 of credit and ₱100,000 of bonus a player: together the most one admin may adjust to one player
 * in a day without a second admin once the threshold is raised to its maximum below (decisions 020, 042);
 * a run of a minute spends a few percent of it.
 */
const creditPerPlayer = Number(process.env.BENCH_CREDIT ?? 900_000_00);
const bonusPerPlayer = Number(process.env.BENCH_BONUS ?? 100_000_00);
const adminUrl = process.env.BENCH_PG_URL;

const FLAG_TYPES = ['TRI', 'QRT', 'PENTA', 'DD', 'DD+1', 'XD', 'PICK4', 'PICK5', 'PICK6', 'WTA'];
const RUNNERS = ['1', '1A', '2', '3', '4', '5', '6', '7', '8'];
const RACES = 8;
const OPEN_RACES = 7;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-bench-bets-'));
let pgDatabase: { name: string; url: string } | undefined;
if (adminUrl) {
  const name = `bench_bets_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  pgDatabase = { name, url: url.toString() };
}

const benchTotpSecret = newTotpSecret();
const config = loadConfig({
  NODE_ENV: 'production',
  DEMO: '0',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-admin-pass',
  // The admin's second factor: a secret of this run only (a known one is refused in production without this).
  ADMIN_TOTP_SECRET: benchTotpSecret,
  ALLOW_KNOWN_ADMIN_TOTP_SECRET: '1',
  // SMS stay in the database (codes read back from the outbox); no gateway on a benchmark machine.
  SMS_OUTBOX_IN_PRODUCTION: '1',
  WEB_DIST_DIR: path.join(dataDir, 'none'),
  // Every setup call comes from loopback; the limit on account calls is not what this measures.
  PLAYER_AUTH_RATE_LIMIT: String(players * 4),
  ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
});
const app = await buildApp(config);

async function call<T>(method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) {
  const response = await app.inject({ method, url, payload, headers });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return { body: response.json<T>(), cookies: response.cookies };
}

const login = await call('POST', '/api/backoffice/auth/login', { username: 'admin', password: 'bench-admin-pass' });
const signInStep = `${login.cookies[0]?.name}=${login.cookies[0]?.value}`;
const code = totpCodeForStep(benchTotpSecret, totpStepAt(Date.now()));
const signedIn = await call('POST', '/api/backoffice/auth/code', { code }, { cookie: signInStep });
const adminCookie = `${signedIn.cookies[0]?.name}=${signedIn.cookies[0]?.value}`;
const asAdmin = <T>(url: string, payload: object, headers: Record<string, string> = {}) =>
  call<T>('POST', url, payload, { cookie: adminCookie, ...headers }).then((r) => r.body);

const { event } = await asAdmin<{ event: { id: number } }>('/api/backoffice/racing/events', {
  name: 'Bench Day',
  arena: 'Metro Turf',
  streamUrl: '',
  raceDate: '2026-11-22',
  enabledBetTypes: FLAG_TYPES,
});
const raceIds: number[] = [];
for (let raceNo = 1; raceNo <= RACES; raceNo += 1) {
  const { race } = await asAdmin<{ race: { raceId: number } }>(`/api/backoffice/racing/events/${event.id}/races`, {
    raceNo,
    startDateTime: '2026-11-22T06:00:00Z',
    enabledBetTypes: FLAG_TYPES,
  });
  for (const runnerNo of RUNNERS) {
    await asAdmin(`/api/backoffice/racing/races/${race.raceId}/runners`, {
      runnerNo,
      horseName: `Horse ${raceNo}-${runnerNo}`,
      jockeyName: 'J. Cruz',
    });
  }
  if (raceNo <= OPEN_RACES) await asAdmin(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
  raceIds.push(race.raceId);
}

// Funds move at once up to the second-approval threshold, raised to its maximum for the players' funds, and
// with no daily approval limit. A change of these is a proposal a second admin approves (decision 045): the
// bench stores what that approval would, as its setup, rather than run a second admin's sign-in.
const approvalSettings = {
  depositSecondApprovalAbove: 100_000_000,
  adjustmentSecondApprovalAbove: 100_000_000,
  dailyApprovalLimits: { agent: null, master_agent: null, admin: null },
};
await app.db
  .insertInto('payment_settings')
  .values({ key: 'approvals', value: JSON.stringify(approvalSettings), updated_at: new Date().toISOString() })
  .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(approvalSettings) }))
  .execute();

/** Registers and verifies one player through the account API, then funds them as an admin would. */
async function newPlayer(index: number): Promise<{ playerId: number; cookie: string }> {
  const mobileNo = `0918${String(index).padStart(7, '0')}`;
  const registered = await call<{ playerId: number }>('POST', '/api/user/register', {
    mobileNo,
    firstName: 'Bench',
    lastName: `Player${index}`,
    password: 'bench-pw',
    confirmPassword: 'bench-pw',
    acceptTerms: true,
  });
  const { playerId } = registered.body;
  const sms = await app.db
    .selectFrom('sms_outbox')
    .select('message')
    .where('mobile_no', '=', mobileNo)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const otp = /\b(\d{6})\b/.exec(sms.message)?.[1];
  const verified = await call('POST', '/api/user/otp', { otp, playerId, type: 'P' });
  const session = verified.cookies.find((c) => c.name === 'karera_session');
  if (!session) throw new Error('no session cookie');
  for (const [account, amount] of [
    ['credit', creditPerPlayer],
    ['bonus', bonusPerPlayer],
  ] as const) {
    await asAdmin(
      `/api/backoffice/players/${playerId}/adjustments`,
      { account, amount, reason: 'Benchmark funds' },
      { 'idempotency-key': randomUUID() },
    );
  }
  return { playerId, cookie: `${session.name}=${session.value}` };
}

const setupStarted = performance.now();
const bettors: { playerId: number; cookie: string }[] = [];
// Registration hashes a password (scrypt), so a few at a time keep the thread pool busy.
for (let start = 0; start < players; start += 8) {
  const batch = Array.from({ length: Math.min(8, players - start) }, (_, i) => newPlayer(start + i));
  bettors.push(...(await Promise.all(batch)));
}
// BENCH_REBATE=1: every player holds a 5% rebate promo while betting (paid at settlement, not here).
if (process.env.BENCH_REBATE === '1') {
  const { promo } = await asAdmin<{ promo: { promoCode: string } }>('/api/backoffice/promos', {
    promoCode: 'BENCHREBATE',
    name: 'Bench rebate',
    description: '5% of every settled credit bet back as bonus',
    creditTo: 'BONUS',
    kind: 'rebate',
    rewardAmount: 0,
    rateBasisPoints: 500,
    rewardCap: 0,
    remaining: 999,
    perPlayerLimit: 999,
    dailyDepositReq: 0,
    accountDaysReq: 0,
    validityInHours: 0,
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    codeOnly: false,
  });
  for (const [index, bettor] of bettors.entries()) {
    const claimed = await app.inject({
      method: 'POST',
      url: '/api/promo/claim',
      payload: { promoCode: promo.promoCode, idempotencyKey: randomUUID() },
      headers: { cookie: bettor.cookie },
      // One address per player: the claim route's per-address limit is not what this measures.
      remoteAddress: `10.9.${Math.floor(index / 256)}.${index % 256}`,
    });
    if (claimed.statusCode !== 200) throw new Error(`rebate claim failed: ${claimed.body}`);
  }
}
const setupSeconds = (performance.now() - setupStarted) / 1000;

const address = await app.listen({ port: 0, host: '127.0.0.1' });

interface ClientTotals {
  /** Centavos each player spent according to the receipts the client received (one per unique key). */
  spentByPlayer: Record<string, number>;
  tickets: number;
}

/** The money after the run: the ledger's invariants and the client's receipts must all agree. */
async function moneyCheck(client: ClientTotals) {
  const db = app.db;
  const breaches = await checkLedger(db);
  const sumOf = async (query: Promise<{ total: unknown } | undefined>) => toSafeInteger((await query)?.total);
  const poolTotal = await sumOf(
    db
      .selectFrom('ledger_postings as p')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .select((eb) => eb.fn.sum('p.amount').as('total'))
      .where('a.code', 'like', 'pool:%')
      .executeTakeFirst(),
  );
  const playerBetDebits = -(await sumOf(
    db
      .selectFrom('ledger_postings as p')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
      .select((eb) => eb.fn.sum('p.amount').as('total'))
      .where('t.kind', '=', 'BET')
      .where('a.kind', '<>', 'house')
      .executeTakeFirst(),
  ));
  const tickets = await db
    .selectFrom('bet_tickets')
    .select((eb) => [
      eb.fn.countAll().as('count'),
      eb.fn.sum('total').as('total'),
      eb.fn.sum(sql`from_credit + from_bonus`).as('funded'),
    ])
    .executeTakeFirstOrThrow();
  const betTransactions = toSafeInteger(
    (
      await db
        .selectFrom('ledger_transactions')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('kind', '=', 'BET')
        .executeTakeFirstOrThrow()
    ).count,
  );
  const negativeAccounts = toSafeInteger(
    (
      await db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('kind', '<>', 'house')
        .where('balance', '<', 0)
        .executeTakeFirstOrThrow()
    ).count,
  );
  const balances = await db
    .selectFrom('accounts')
    .select(['player_id', (eb) => eb.fn.sum('balance').as('total')])
    .where('kind', 'in', ['player_credit', 'player_bonus'])
    .groupBy('player_id')
    .execute();
  const wrongBalances = balances
    .filter((row) => {
      const expected = creditPerPlayer + bonusPerPlayer - (client.spentByPlayer[String(row.player_id)] ?? 0);
      return toSafeInteger(row.total) !== expected;
    })
    .map((row) => row.player_id);

  const ticketCount = toSafeInteger(tickets.count);
  const ticketTotal = toSafeInteger(tickets.total);
  const clientSpent = Object.values(client.spentByPlayer).reduce((sum, spent) => sum + spent, 0);
  const problems: string[] = breaches.map((b) => `ledger ${b.rule}: ${b.detail}`);
  if (playerBetDebits !== poolTotal) problems.push(`player bet debits ${playerBetDebits} != pool totals ${poolTotal}`);
  if (ticketTotal !== poolTotal) problems.push(`ticket totals ${ticketTotal} != pool totals ${poolTotal}`);
  if (toSafeInteger(tickets.funded) !== ticketTotal) problems.push('ticket credit + bonus != ticket totals');
  if (betTransactions !== ticketCount) problems.push(`${betTransactions} BET transactions for ${ticketCount} tickets`);
  if (ticketCount !== client.tickets)
    problems.push(`${ticketCount} tickets stored, ${client.tickets} receipts received`);
  if (clientSpent !== ticketTotal) problems.push(`receipts total ${clientSpent} != ticket totals ${ticketTotal}`);
  if (negativeAccounts > 0) problems.push(`${negativeAccounts} player accounts below zero`);
  if (wrongBalances.length > 0) problems.push(`balances off for players ${wrongBalances.slice(0, 10).join(', ')}`);
  return { problems, tickets: ticketCount, poolTotal, playerBetDebits, ledgerBreaches: breaches.length };
}

async function stop() {
  await app.close();
  if (pgDatabase && adminUrl) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    // The pool has ended; its backends may take a moment to leave.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(`drop database if exists ${pgDatabase.name}`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt > 200) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    await client.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// BENCH_CPU_PROFILE=<file>: a CPU profile of the server while the bets run (not while it sets up).
const profileFile = process.env.BENCH_CPU_PROFILE;
const profiler = profileFile ? new Session() : undefined;
let loadsProfiled = 0;
let cpuAtStart = process.cpuUsage();
let batchesAtStart = await app.betPlacement.stats();

/**
 * CPU time of each thread of this process in ms, from Linux's /proc/self/task/<tid>/schedstat (empty
 * elsewhere). The main thread's id is the process id; the bet placement thread is the busiest of the rest.
 */
function threadCpuMs(): Map<number, number> {
  const byThread = new Map<number, number>();
  let threads: string[];
  try {
    threads = fs.readdirSync('/proc/self/task');
  } catch {
    return byThread;
  }
  for (const tid of threads) {
    try {
      const [runNs] = fs.readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ');
      byThread.set(Number(tid), Number(runNs) / 1e6);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byThread;
}
let threadsAtStart = threadCpuMs();

/**
 * CPU time in ms of the PostgreSQL processes that serve this run (on this machine): the backends of
 * the bench database and the cluster's writers (WAL writer, checkpointer, background writer,
 * autovacuum), from /proc/<pid>/schedstat. Empty on SQLite or where /proc cannot be read.
 */
async function databaseCpuMs(): Promise<Map<number, number>> {
  const byProcess = new Map<number, number>();
  if (!pgDatabase) return byProcess;
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
    where datname = current_database()
      or backend_type in ('walwriter', 'checkpointer', 'background writer', 'autovacuum worker')`.execute(app.db);
  for (const { pid } of rows) {
    try {
      // The scheduler's own count of the time the process ran, in ns (the ticks of /proc/<pid>/stat
      // missed most of a backend that runs in bursts shorter than a tick).
      const [runNs] = fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ');
      byProcess.set(pid, Number(runNs) / 1e6);
    } catch {
      // Another machine's database, or the process ended.
    }
  }
  return byProcess;
}
let databaseAtStart = await databaseCpuMs();

async function startLoad() {
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  cpuAtStart = process.cpuUsage();
  threadsAtStart = threadCpuMs();
  databaseAtStart = await databaseCpuMs();
  batchesAtStart = await app.betPlacement.stats();
}

/** The server's own CPU time (user + system) since the load started, in milliseconds. */
async function endLoad() {
  const used = process.cpuUsage(cpuAtStart);
  let databaseMs = Number.NaN;
  if (pgDatabase) {
    databaseMs = 0;
    for (const [pid, ms] of await databaseCpuMs()) databaseMs += ms - (databaseAtStart.get(pid) ?? 0);
  }
  const threadsUsed = [...threadCpuMs()].map(([tid, ms]) => ({ tid, ms: ms - (threadsAtStart.get(tid) ?? 0) }));
  const mainThreadMs = threadsUsed.find((thread) => thread.tid === process.pid)?.ms ?? Number.NaN;
  const busiestOtherMs = Math.max(...threadsUsed.filter((thread) => thread.tid !== process.pid).map((t) => t.ms));
  if (profiler && profileFile) {
    const { profile } = await profiler.post('Profiler.stop');
    // One profile per phase: the saturation phase's in the file named, later ones numbered after it.
    const file = loadsProfiled === 0 ? profileFile : profileFile.replace(/(\.cpuprofile)?$/, `-${loadsProfiled}$1`);
    loadsProfiled += 1;
    fs.writeFileSync(file, JSON.stringify(profile));
    profiler.disconnect();
  }
  const batches = await app.betPlacement.stats();
  return {
    cpuMs: (used.user + used.system) / 1000,
    databaseMs,
    mainThreadMs,
    placementThreadMs: busiestOtherMs,
    transactions: batches.batches - batchesAtStart.batches,
    batchedBets: batches.jobs - batchesAtStart.jobs,
  };
}

process.on('message', (message: { type: string; totals?: ClientTotals }) => {
  if (message.type === 'load-start') void startLoad().then(() => process.send?.({ type: 'load-start' }));
  if (message.type === 'load-end') void endLoad().then((usage) => process.send?.({ type: 'load-end', ...usage }));
  if (message.type === 'check' && message.totals) {
    void moneyCheck(message.totals).then(
      (result) => process.send?.({ type: 'check', ...result }),
      (error: unknown) => process.send?.({ type: 'check', problems: [`check failed: ${String(error)}`] }),
    );
  }
  if (message.type === 'stop') void stop().then(() => process.exit(0));
});
process.on('SIGINT', () => void stop().then(() => process.exit(130)));

const sqliteSettings =
  app.dialect === 'sqlite'
    ? await sql<{
        journal_mode: string;
      }>`pragma journal_mode`
        .execute(app.db)
        .then(async (journal) => ({
          journalMode: journal.rows[0]?.journal_mode,
          synchronous: (await sql<{ synchronous: number }>`pragma synchronous`.execute(app.db)).rows[0]?.synchronous,
        }))
    : undefined;

process.send?.({
  type: 'ready',
  url: address,
  dialect: app.dialect,
  sqliteSettings,
  setupSeconds,
  eventId: event.id,
  raceIds,
  openRaces: OPEN_RACES,
  players: bettors,
  credit: creditPerPlayer,
  bonus: bonusPerPlayer,
  // For --instances: the run's database, for server instances of their own to share.
  databaseUrl: pgDatabase?.url,
});
