/*
 * `npm run bench:reports [-- --tickets 1000000 --payments 100000 --days 90]`: how long each business report
 * (modules/reports, decision 039) takes on a large history. A fresh SQLite database is migrated by the
 * app, then seeded directly with bulk inserts (prepared statements in one transaction): a race day a day,
 * ten races each, four pools per race; every ticket with its BET transaction, winners and refunds with
 * their SETTLEMENT, each pool's TAKEOUT and BREAKAGE (some a CARRYOVER), rebates, promo claims, and
 * payment requests with their deposit and withdrawal transactions. Then each report runs through its
 * service, over the last day, week and month of the history, three times; the slowest run is printed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { addCalendarDays, GAMING_GROUPS, manilaDaysWindow, type ReportRange } from '@karera/shared';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { gamingReport, paymentReport, promotionReport } from '../apps/server/src/modules/reports/reports.service.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const TICKETS = arg('tickets', 1_000_000);
const PAYMENTS = arg('payments', 100_000);
const DAYS = arg('days', 90);
const RACES_PER_DAY = 10;
const BET_TYPES = ['W', 'FC', 'TRI', 'DD'] as const;
const PLAYERS = 20_000;
const LAST_DAY = '2026-10-31';
const FIRST_DAY = addCalendarDays(LAST_DAY, -(DAYS - 1));
const MINUTE = 60_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-bench-reports-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DEMO: '0',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-admin-pass',
  SMS_OUTBOX_IN_PRODUCTION: '1',
  WEB_DIST_DIR: path.join(dataDir, 'none'),
});

/** Migrates the database (and makes the house accounts) the way the server does at start. */
await (await buildApp(config)).close();

const iso = (ms: number) => new Date(ms).toISOString();
/** 00:00 of a Manila day, as epoch milliseconds. */
const dayStart = (day: string) => Date.parse(manilaDaysWindow(day, day).start);

function seed(file: string) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  const accountId = (code: string) =>
    (db.prepare('select id from accounts where code = ?').get(code) as { id: number } | undefined)?.id;
  const insertAccount = db.prepare(
    'insert into accounts (code, kind, player_id, balance, may_go_negative, tracks_balance, created_at) values (?, ?, ?, 0, ?, ?, ?)',
  );
  const ensureHouse = (code: string, tracks = 1) =>
    accountId(code) ?? Number(insertAccount.run(code, 'house', null, 1, tracks, iso(Date.now())).lastInsertRowid);
  const insertTransaction = db.prepare(
    'insert into ledger_transactions (id, kind, description, actor_type, actor_id, metadata, created_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertPosting = db.prepare('insert into ledger_postings (transaction_id, account_id, amount) values (?, ?, ?)');
  const insertTicket = db.prepare(
    `insert into bet_tickets (id, ticket_no, player_id, event_id, first_race_id, bet_type, amount, combinations, total,
      from_credit, from_bonus, selections, debit_transaction_id, settlement_transaction_id, status, created_at,
      won_amount, refund_amount, rebate_amount, settled_at)
     values (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, '[[1]]', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPayment = db.prepare(
    `insert into payment_requests (player_id, kind, status, amount, bonus, channel, account_name, account_number,
      decided_at, hold_transaction_id, decision_transaction_id, created_at)
     values (?, ?, ?, ?, 0, ?, 'Bulk Player', '09170000000', ?, ?, ?, ?)`,
  );

  let transactionId = Number(
    (db.prepare('select coalesce(max(id), 0) as id from ledger_transactions').get() as { id: number }).id,
  );
  const post = (kind: string, at: number, postings: [account: number, amount: number][]) => {
    transactionId += 1;
    insertTransaction.run(transactionId, kind, kind, 'system', null, '{}', iso(at));
    for (const [account, amount] of postings) if (amount !== 0) insertPosting.run(transactionId, account, amount);
    return transactionId;
  };

  db.transaction(() => {
    const house = {
      takeout: ensureHouse('house:takeout'),
      breakage: ensureHouse('house:breakage'),
      retained: ensureHouse('house:bonus-stake-retained'),
      promo: ensureHouse('house:promo-expense'),
      cashIn: ensureHouse('house:cash-in-clearing'),
      cashOut: ensureHouse('house:cash-out-clearing'),
    };
    const carryover = new Map(BET_TYPES.map((t) => [t, ensureHouse(`carryover:${t}`)]));
    const created = iso(dayStart(FIRST_DAY) - 30 * 24 * 60 * MINUTE);
    const insertPlayer = db.prepare(
      `insert into players (mobile_no, first_name, last_name, password_hash, verified, created_at)
       values (?, 'Bulk', ?, 'scrypt$0$0$0$x$x', 1, ?)`,
    );
    const wallets: { player: number; credit: number; bonus: number; hold: number }[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const player = Number(
        insertPlayer.run(`0998${String(i).padStart(7, '0')}`, `Player ${i}`, created).lastInsertRowid,
      );
      const open = (kind: string) =>
        Number(insertAccount.run(`player:${player}:${kind}`, `player_${kind}`, player, 0, 1, created).lastInsertRowid);
      wallets.push({ player, credit: open('credit'), bonus: open('bonus'), hold: open('withdraw_hold') });
    }

    const insertEvent = db.prepare(
      `insert into game_events (name, arena, stream_url, race_date, enabled_bet_types, created_by, created_at)
       values (?, 'Metro Turf', '', ?, '[]', 'bench', ?)`,
    );
    const insertRace = db.prepare(
      `insert into races (event_id, race_no, status, start_time, enabled_bet_types, updated_at) values (?, ?, 'D', ?, '[]', ?)`,
    );
    const perRace = Math.ceil(TICKETS / (DAYS * RACES_PER_DAY));
    let ticketId = 0;
    for (let d = 0; d < DAYS && ticketId < TICKETS; d++) {
      const day = addCalendarDays(FIRST_DAY, d);
      const opens = dayStart(day) + 10 * 60 * MINUTE; // 10:00 Manila
      const eventId = Number(insertEvent.run(`Race day ${day}`, day, iso(opens)).lastInsertRowid);
      for (let raceNo = 1; raceNo <= RACES_PER_DAY && ticketId < TICKETS; raceNo++) {
        const post_time = opens + (180 + raceNo * 30) * MINUTE; // 13:30 to 18:00 Manila
        const raceId = Number(insertRace.run(eventId, raceNo, iso(post_time), iso(post_time)).lastInsertRowid);
        const pools = new Map(
          BET_TYPES.map((t) => [
            t,
            Number(insertAccount.run(`pool:${raceId}:${t}`, 'house', null, 1, 0, iso(opens)).lastInsertRowid),
          ]),
        );
        const stakes = new Map<string, number>(BET_TYPES.map((t) => [t, 0]));
        const paid = new Map<string, number>(BET_TYPES.map((t) => [t, 0]));
        const settledAt = post_time + 5 * MINUTE;
        for (let k = 0; k < perRace && ticketId < TICKETS; k++) {
          ticketId += 1;
          const wallet = wallets[ticketId % PLAYERS]!;
          const betType = BET_TYPES[ticketId % BET_TYPES.length]!;
          const pool = pools.get(betType)!;
          const total = 100 * (1 + (ticketId % 10));
          const fromBonus = ticketId % 10 === 0 ? total / 2 : 0;
          const placedAt = opens + Math.floor(((post_time - opens) * k) / perRace);
          const debit = post('BET', placedAt, [
            [pool, total],
            [wallet.credit, -(total - fromBonus)],
            [wallet.bonus, -fromBonus],
          ]);
          stakes.set(betType, stakes.get(betType)! + total);
          let status = 'lost';
          let won = 0;
          let refund = 0;
          let rebate = 0;
          let settlement: number | null = null;
          if (ticketId % 50 === 1) {
            status = 'refunded';
            refund = total;
            settlement = post('SETTLEMENT', settledAt, [
              [pool, -total],
              [wallet.credit, total - fromBonus],
              [wallet.bonus, fromBonus],
            ]);
          } else if (ticketId % 5 === 0) {
            status = 'won';
            const payout = total * 3;
            won = payout - fromBonus;
            settlement = post('SETTLEMENT', settledAt, [
              [pool, -payout],
              [wallet.credit, won],
              [house.retained, fromBonus],
            ]);
          }
          paid.set(betType, paid.get(betType)! + won + refund + (status === 'won' ? fromBonus : 0));
          if (ticketId % 20 === 3 && status === 'lost') {
            rebate = Math.max(1, Math.floor(total / 20));
            post('PROMO_REBATE', settledAt, [
              [house.promo, -rebate],
              [wallet.bonus, rebate],
            ]);
          }
          insertTicket.run(
            ticketId,
            `B${String(ticketId).padStart(10, '0')}`,
            wallet.player,
            eventId,
            raceId,
            betType,
            total,
            total,
            total - fromBonus,
            fromBonus,
            debit,
            settlement,
            status,
            iso(placedAt),
            won,
            refund,
            rebate,
            iso(settledAt),
          );
        }
        for (const betType of BET_TYPES) {
          const pool = pools.get(betType)!;
          const left = stakes.get(betType)! - paid.get(betType)!;
          const takeout = Math.max(0, Math.min(left, Math.floor(stakes.get(betType)! / 5)));
          if (takeout > 0)
            post('TAKEOUT', settledAt, [
              [pool, -takeout],
              [house.takeout, takeout],
            ]);
          const rest = left - takeout;
          if (rest === 0) continue;
          if (raceId % 50 === 0)
            post('CARRYOVER', settledAt, [
              [pool, -rest],
              [carryover.get(betType)!, rest],
            ]);
          else
            post('BREAKAGE', settledAt, [
              [pool, -rest],
              [house.breakage, rest],
            ]);
        }
      }
    }

    const channels = ['GCASH', 'MAYA', 'BANK'];
    for (let i = 0; i < PAYMENTS; i++) {
      const wallet = wallets[(i * 7) % PLAYERS]!;
      const day = addCalendarDays(FIRST_DAY, Math.floor((i * DAYS) / PAYMENTS));
      const at = dayStart(day) + 8 * 60 * MINUTE + (i % 600) * MINUTE;
      const decidedAt = at + 3 * MINUTE;
      const deposit = i % 10 < 7;
      const status = i % 20 === 0 ? 'PENDING' : i % 7 === 0 ? 'DECLINED' : 'APPROVED';
      const amount = 10_000 * (1 + (i % 20));
      const channel = channels[i % channels.length]!;
      let hold: number | null = null;
      let decision: number | null = null;
      if (deposit) {
        if (status === 'APPROVED')
          decision = post('DEPOSIT', decidedAt, [
            [wallet.credit, amount],
            [house.cashIn, -amount],
          ]);
      } else {
        hold = post('WITHDRAW_HOLD', at, [
          [wallet.credit, -amount],
          [wallet.hold, amount],
        ]);
        if (status === 'APPROVED')
          decision = post('WITHDRAW_PAYOUT', decidedAt, [
            [wallet.hold, -amount],
            [house.cashOut, amount],
          ]);
        if (status === 'DECLINED')
          decision = post('WITHDRAW_RELEASE', decidedAt, [
            [wallet.hold, -amount],
            [wallet.credit, amount],
          ]);
      }
      insertPayment.run(
        wallet.player,
        deposit ? 'DEPOSIT' : 'WITHDRAW',
        status,
        amount,
        channel,
        status === 'PENDING' ? null : iso(decidedAt),
        hold,
        decision,
        iso(at),
      );
      // A promo claim for every fifth payment.
      if (i % 5 === 0)
        post('PROMO', at + MINUTE, [
          [house.promo, -5_000],
          [wallet.bonus, 5_000],
        ]);
    }
  })();
  db.close();
}

let t0 = performance.now();
const file = path.join(dataDir, 'karera.db');
seed(file);
const counts = new SQLite(file, { readonly: true });
const count = (table: string) =>
  (counts.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n.toLocaleString('en-US');
console.log(
  `seeded ${count('bet_tickets')} tickets, ${count('payment_requests')} payments, ${count('ledger_transactions')} ledger transactions, ${count('ledger_postings')} postings over ${DAYS} Manila days in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
counts.close();

const app = await buildApp(config);
try {
  const ranges: [string, ReportRange][] = [
    ['1 day', { from: LAST_DAY, to: LAST_DAY }],
    ['7 days', { from: addCalendarDays(LAST_DAY, -6), to: LAST_DAY }],
    ['31 days', { from: addCalendarDays(LAST_DAY, -30), to: LAST_DAY }],
  ];
  type Report = [name: string, run: (range: ReportRange) => Promise<{ rows: unknown[] }>];
  const reports: Report[] = [
    ...GAMING_GROUPS.map((by): Report => [`gaming by ${by}`, (range) => gamingReport(app.db, { ...range, by })]),
    ['payments', (range) => paymentReport(app.db, range)],
    ['promotions', (range) => promotionReport(app.db, range)],
  ];
  console.log('| report | range | rows | slowest of 3 (ms) |');
  console.log('|---|---|---:|---:|');
  let slowest = 0;
  for (const [name, run] of reports) {
    for (const [label, range] of ranges) {
      let worst = 0;
      let rows = 0;
      for (let i = 0; i < 3; i++) {
        t0 = performance.now();
        rows = (await run(range)).rows.length;
        worst = Math.max(worst, performance.now() - t0);
      }
      slowest = Math.max(slowest, worst);
      console.log(`| ${name} | ${label} | ${rows} | ${worst.toFixed(0)} |`);
    }
  }
  console.log(`slowest report: ${slowest.toFixed(0)} ms`);
  if (slowest >= 1000) process.exitCode = 1;
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
