/*
 * `npx tsx bench/dashboard.ts [-- --history 1000000 --live 30000 --payments 100000 --sessions 200000]`: how
 * long the race-day dashboard (modules/dashboard, decision 038) takes to answer on a large history. A fresh
 * SQLite database is migrated by the app, then seeded in bulk: `history` tickets on a finished race day, a
 * race day today with three races in play holding `live` tickets over four pools, `payments` payment
 * requests of which 50 pending, and `sessions` player sessions of which 2,000 used in the last minutes.
 * Then the dashboard is read 20 times each way: with a fresh cache (the tickets read), with the cache
 * (only the pools version read), and after one more bet (the tickets sold since read). Prints the median
 * and the slowest, and SQLite's plan for the ticket reads (no scan of bet_tickets).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from '../apps/server/src/db/sqlite-driver.mjs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { DashboardFigureCache, raceDayDashboard } from '../apps/server/src/modules/dashboard/dashboard.service.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const HISTORY = arg('history', 1_000_000);
const LIVE = arg('live', 30_000);
const PAYMENTS = arg('payments', 100_000);
const SESSIONS = arg('sessions', 200_000);
const RUNS = 20;
const TYPES = ['W', 'FC', 'TRI', 'DD'] as const;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-bench-dashboard-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DEMO: '0',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-admin-pass',
  SMS_OUTBOX_IN_PRODUCTION: '1',
  WEB_DIST_DIR: path.join(dataDir, 'none'),
});
await (await buildApp(config)).close();

const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date(now));
const file = config.database.kind === 'sqlite' ? config.database.file : '';

function seed() {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  const event = db.prepare(
    `insert into game_events (name, arena, stream_url, race_date, enabled_bet_types, created_by, created_at)
     values (?, 'Metro Turf', '', ?, '[]', 'bench', ?)`,
  );
  const race = db.prepare(
    `insert into races (event_id, race_no, status, start_time, enabled_bet_types, updated_at) values (?, ?, ?, ?, '[]', ?)`,
  );
  const ticket = db.prepare(
    `insert into bet_tickets (ticket_no, player_id, event_id, first_race_id, bet_type, amount, combinations, total,
      from_credit, from_bonus, selections, debit_transaction_id, status, created_at)
     values (?, ?, ?, ?, ?, 100, 1, 100, 100, 0, '[[1]]', ?, ?, ?)`,
  );
  // Each ticket names its own BET transaction (unique); the dashboard never reads the ledger.
  let debit = 1_000_000_000;
  let todayEvent = 0;
  let todayRaces: number[] = [];
  db.transaction(() => {
    const player = db
      .prepare(
        `insert into players (mobile_no, first_name, last_name, password_hash, verified, created_at)
         values ('09170000000', 'Bulk', 'Player', 'x', 1, ?)`,
      )
      .run(iso(now)).lastInsertRowid;
    const pastEvent = Number(event.run('History Day', '2026-01-01', iso(now)).lastInsertRowid);
    const pastRaces = Array.from({ length: 10 }, (_, i) =>
      Number(race.run(pastEvent, i + 1, 'D', iso(now - 300 * 86_400_000), iso(now)).lastInsertRowid),
    );
    for (let i = 0; i < HISTORY; i += 1) {
      ticket.run(`H${i}`, 1 + (i % 20_000), pastEvent, pastRaces[i % 10], TYPES[i % 4], (debit += 1), 'lost', iso(now));
    }
    todayEvent = Number(event.run('Bench Day', today, iso(now)).lastInsertRowid);
    const statuses = ['O', 'O', 'L', 'A', 'A', 'A', 'A', 'A', 'A', 'A'];
    todayRaces = statuses.map((status, i) =>
      Number(race.run(todayEvent, i + 1, status, iso(now + (i + 1) * 1_800_000), iso(now)).lastInsertRowid),
    );
    for (let i = 0; i < LIVE; i += 1) {
      ticket.run(`L${i}`, 1 + (i % 5_000), todayEvent, todayRaces[i % 3], TYPES[i % 4], (debit += 1), 'open', iso(now));
    }
    const payment = db.prepare(
      `insert into payment_requests (player_id, kind, status, amount, channel, account_name, account_number, created_at)
       values (?, ?, ?, 50000, 'GCASH', 'Bulk', '0917', ?)`,
    );
    for (let i = 0; i < PAYMENTS; i += 1) {
      const pending = i >= PAYMENTS - 50;
      payment.run(
        player,
        i % 3 ? 'DEPOSIT' : 'WITHDRAW',
        pending ? 'PENDING' : 'APPROVED',
        iso(now - (PAYMENTS - i) * 1000),
      );
    }
    const session = db.prepare(
      `insert into player_sessions (token_hash, player_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < SESSIONS; i += 1) {
      const seen = i >= SESSIONS - 2_000 ? now - 60_000 : now - 86_400_000 - i * 1000;
      session.run(`s${i}`, 1 + (i % 20_000), iso(seen), iso(seen), iso(seen + 3 * 3_600_000));
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('analyze');
  const plan = db
    .prepare(
      `explain query plan select id, player_id, total from bet_tickets
       where first_race_id = ${todayRaces[0]} and bet_type = 'W' and id > 5 order by id`,
    )
    .all() as { detail: string }[];
  db.close();
  return { todayEvent, inPlay: todayRaces.slice(0, 3), plan: plan.map((p) => p.detail) };
}

const seedStart = performance.now();
const seeded = seed();
console.log(
  `seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ticket read plan: ${seeded.plan.join(' / ')}`,
);

const app = await buildApp(config);
const timed = async (read: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await read();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return `median ${times[Math.floor(RUNS / 2)]?.toFixed(1)} ms, slowest ${times.at(-1)?.toFixed(1)} ms`;
};
const cached = new DashboardFigureCache();
const answer = await raceDayDashboard(app.db, cached, Date.now());
console.log(
  `races in play ${answer.races.length}, their tickets ${answer.races.reduce((s, r) => s + r.pools.reduce((t, p) => t + p.tickets, 0), 0)}, pending ${answer.deposits.count + answer.withdrawals.count}, online ${answer.playersOnline}`,
);
console.log(
  `fresh cache (tickets read): ${await timed(() => raceDayDashboard(app.db, new DashboardFigureCache(), Date.now()))}`,
);
console.log(`same pools version (cached): ${await timed(() => raceDayDashboard(app.db, cached, Date.now()))}`);
let bets = 0;
console.log(
  `after a bet each time (new tickets read): ${await timed(async () => {
    bets += 1;
    const debit = await app.db
      .insertInto('ledger_transactions')
      .values({
        kind: 'BET',
        description: 'bench bet',
        reverses_transaction_id: null,
        actor_type: 'system',
        actor_id: null,
        metadata: '{}',
        created_at: iso(Date.now()),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('bet_tickets')
      .values({
        ticket_no: `N${bets}`,
        player_id: 1,
        event_id: seeded.todayEvent,
        first_race_id: seeded.inPlay[0] ?? 0,
        bet_type: 'W',
        amount: 100,
        combinations: 1,
        total: 100,
        from_credit: 100,
        from_bonus: 0,
        selections: '[[1]]',
        debit_transaction_id: debit.id,
        status: 'open',
        created_at: iso(Date.now()),
      })
      .execute();
    await raceDayDashboard(app.db, cached, Date.now());
  })}`,
);
console.log(`figure reads: ${cached.computations} (1 first + ${RUNS} after bets expected)`);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
