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
import { randomBytes } from 'node:crypto';
import SQLite from '../apps/server/src/db/sqlite-driver.mjs';
import pg from 'pg';
import { addCalendarDays, GAMING_GROUPS, manilaDaysWindow, type ReportRange } from '@karera/shared';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { gamingReport, paymentReport, promotionReport } from '../apps/server/src/modules/reports/reports.service.ts';
import { taxReport } from '../apps/server/src/modules/reports/taxes.service.ts';

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
/** `--postgres postgres://…/postgres`: an admin URL; the bench makes (and drops) a database of its own. */
const pgAdminAt = process.argv.indexOf('--postgres');
const pgAdminUrl = pgAdminAt > 0 ? process.argv[pgAdminAt + 1] : undefined;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-bench-reports-'));
/** `--reuse postgres://…/bench_reports_…`: time the reports again on a database a `--keep` run left. */
const reuseAt = process.argv.indexOf('--reuse');
const reuseUrl = reuseAt > 0 ? process.argv[reuseAt + 1] : undefined;
let pgDatabase: { name: string; url: string } | undefined = reuseUrl
  ? { name: new URL(reuseUrl).pathname.slice(1), url: reuseUrl }
  : undefined;
if (pgAdminUrl && !reuseUrl) {
  const name = `bench_reports_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  pgDatabase = { name, url: url.toString() };
}
const config = loadConfig({
  ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
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

/**
 * The same history on PostgreSQL, written set-based from generate_series (row by row from here would take
 * many minutes): the same days, races, pools, tickets, outcomes, rebates, payments and promo claims as
 * {@link seed}, with explicit transaction ids (bets, then settlements, rebates, pool transactions,
 * payments) so each posting can name its transaction; the id sequences are moved past them at the end.
 */
async function seedPostgres(client: pg.Client) {
  const q = async (text: string) => {
    await client.query(text);
  };
  const T = TICKETS;
  const R = RACES_PER_DAY;
  const PR = Math.ceil(TICKETS / (DAYS * RACES_PER_DAY));
  const types = `array[${BET_TYPES.map((t) => `'${t}'`).join(',')}]`;
  const isoOf = (ts: string) => `to_char((${ts}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const created = isoOf(`timestamptz '${FIRST_DAY} 00:00:00+08' - interval '30 days'`);
  await q('begin');
  await q(`insert into accounts (code, kind, player_id, balance, may_go_negative, tracks_balance, created_at)
    select 'carryover:' || t, 'house', null, 0, 1, 1, ${created} from unnest(${types}) t on conflict (code) do nothing`);
  await q(`insert into players (mobile_no, first_name, last_name, password_hash, verified, created_at)
    select '0998' || lpad(g::text, 7, '0'), 'Bulk', 'Player ' || g, 'scrypt$0$0$0$x$x', 1, ${created}
    from generate_series(0, ${PLAYERS - 1}) g`);
  await q(`create temp table bw as select (row_number() over (order by id) - 1)::int as idx, id as player
    from players where mobile_no like '0998%'`);
  await q(`insert into accounts (code, kind, player_id, balance, may_go_negative, tracks_balance, created_at)
    select 'player:' || player || ':' || k, 'player_' || k, player, 0, 0, 1, ${created}
    from bw cross join unnest(array['credit', 'bonus', 'withdraw_hold']) k`);
  await q(`create temp table bwa as select bw.idx, bw.player,
      max(a.id) filter (where a.kind = 'player_credit') as credit,
      max(a.id) filter (where a.kind = 'player_bonus') as bonus,
      max(a.id) filter (where a.kind = 'player_withdraw_hold') as hold
    from bw join accounts a on a.player_id = bw.player group by bw.idx, bw.player`);
  await q('create index on bwa (idx)');
  await q(`insert into game_events (name, arena, stream_url, race_date, enabled_bet_types, created_by, created_at)
    select 'Race day ' || d, 'Metro Turf', '', to_char(date '${FIRST_DAY}' + d, 'YYYY-MM-DD'), '[]', 'bench',
      ${isoOf(`timestamptz '${FIRST_DAY} 10:00:00+08' + d * interval '1 day'`)}
    from generate_series(0, ${DAYS - 1}) d`);
  await q(`create temp table br as
    select e.id as event_id, (e.race_date::date - date '${FIRST_DAY}') * ${R} + r - 1 as ri, r as race_no,
      timestamptz '${FIRST_DAY} 10:00:00+08' + (e.race_date::date - date '${FIRST_DAY}') * interval '1 day' as opens,
      timestamptz '${FIRST_DAY} 10:00:00+08' + (e.race_date::date - date '${FIRST_DAY}') * interval '1 day'
        + (180 + r * 30) * interval '1 minute' as post
    from game_events e cross join generate_series(1, ${R}) r where e.created_by = 'bench'`);
  await q(`insert into races (event_id, race_no, status, start_time, enabled_bet_types, updated_at)
    select event_id, race_no, 'D', ${isoOf('post')}, '[]', ${isoOf('post')} from br order by ri`);
  await q(`alter table br add column race_id int`);
  await q(`update br set race_id = r.id from races r where r.event_id = br.event_id and r.race_no = br.race_no`);
  await q('create index on br (ri)');
  await q(`insert into accounts (code, kind, player_id, balance, may_go_negative, tracks_balance, created_at)
    select 'pool:' || race_id || ':' || t, 'house', null, 0, 1, 0, ${isoOf('opens')} from br cross join unnest(${types}) t`);
  await q(`create temp table bp as select br.ri, (array_position(${types}, split_part(a.code, ':', 3)) - 1) as ty,
      split_part(a.code, ':', 3) as bet_type, a.id as account_id
    from accounts a join br on br.race_id = split_part(a.code, ':', 2)::int where a.code like 'pool:%'`);
  await q('create index on bp (ri, ty)');
  await q(`create temp table bt as
    select n, (n - 1) / ${PR} as ri, (n - 1) % ${PR} as k, n % 4 as ty, n % ${PLAYERS} as pidx,
      100 * (1 + n % 10) as total, case when n % 10 = 0 then 50 * (1 + n % 10) else 0 end as from_bonus,
      case when n % 50 = 1 then 'refunded' when n % 5 = 0 then 'won' else 'lost' end as status
    from generate_series(1, ${T}) n`);
  await q(`alter table bt add column placed timestamptz, add column settled timestamptz, add column race_id int,
    add column event_id int, add column pool int, add column credit int, add column bonus int, add column player int`);
  await q(`update bt set placed = br.opens + (br.post - br.opens) * bt.k / ${PR}, settled = br.post + interval '5 minutes',
      race_id = br.race_id, event_id = br.event_id, pool = bp.account_id, credit = bwa.credit, bonus = bwa.bonus,
      player = bwa.player
    from br, bp, bwa where br.ri = bt.ri and bp.ri = bt.ri and bp.ty = bt.ty and bwa.idx = bt.pidx`);
  const base = Number((await client.query('select coalesce(max(id), 0) as id from ledger_transactions')).rows[0].id);
  const settleBase = base + T;
  const rebateBase = base + 2 * T;
  const poolBase = base + 3 * T;
  const payBase = poolBase + DAYS * R * BET_TYPES.length * 2 + 10;
  const tx = (id: string, kind: string, at: string) =>
    `insert into ledger_transactions (id, kind, description, actor_type, actor_id, metadata, created_at)
     select ${id}, '${kind}', '${kind}', 'system', null, '{}', ${isoOf(at)}`;
  const postings = (rows: string) =>
    `insert into ledger_postings (transaction_id, account_id, amount) select tid, aid, amt from (${rows}) p where amt <> 0`;
  await q(`${tx(`${base} + n`, 'BET', 'placed')} from bt`);
  await q(`${tx(`${settleBase} + n`, 'SETTLEMENT', 'settled')} from bt where status <> 'lost'`);
  await q(`${tx(`${rebateBase} + n`, 'PROMO_REBATE', 'settled')} from bt where status = 'lost' and n % 20 = 3`);
  await q(
    postings(`select ${base} + n as tid, pool as aid, total as amt from bt
    union all select ${base} + n, credit, -(total - from_bonus) from bt
    union all select ${base} + n, bonus, -from_bonus from bt
    union all select ${settleBase} + n, pool, -total from bt where status = 'refunded'
    union all select ${settleBase} + n, credit, total - from_bonus from bt where status = 'refunded'
    union all select ${settleBase} + n, bonus, from_bonus from bt where status = 'refunded'
    union all select ${settleBase} + n, pool, -3 * total from bt where status = 'won'
    union all select ${settleBase} + n, credit, 3 * total - from_bonus from bt where status = 'won'
    union all select ${settleBase} + n, (select id from accounts where code = 'house:bonus-stake-retained'), from_bonus
      from bt where status = 'won'
    union all select ${rebateBase} + n, (select id from accounts where code = 'house:promo-expense'), -greatest(1, total / 20)
      from bt where status = 'lost' and n % 20 = 3
    union all select ${rebateBase} + n, bonus, greatest(1, total / 20) from bt where status = 'lost' and n % 20 = 3`),
  );
  await q(`insert into bet_tickets (id, ticket_no, player_id, event_id, first_race_id, bet_type, amount, combinations,
      total, from_credit, from_bonus, selections, debit_transaction_id, settlement_transaction_id, status, created_at,
      won_amount, refund_amount, rebate_amount, settled_at)
    select n, 'B' || lpad(n::text, 10, '0'), player, event_id, race_id, (${types})[ty + 1], total, 1, total,
      total - from_bonus, from_bonus, '[[1]]', ${base} + n, case when status = 'lost' then null else ${settleBase} + n end,
      status, ${isoOf('placed')}, case when status = 'won' then 3 * total - from_bonus else 0 end,
      case when status = 'refunded' then total else 0 end,
      case when status = 'lost' and n % 20 = 3 then greatest(1, total / 20) else 0 end, ${isoOf('settled')}
    from bt`);
  await q(`create temp table bpool as
    select bt.ri, bt.ty, min(bt.pool) as pool, min(bt.settled) as settled, sum(total) as stakes,
      sum(case when status = 'won' then 3 * total when status = 'refunded' then total else 0 end) as paid
    from bt group by bt.ri, bt.ty`);
  await q(`alter table bpool add column takeout bigint, add column rest bigint`);
  await q(`update bpool set takeout = greatest(0, least(stakes - paid, stakes / 5))`);
  await q(`update bpool set rest = stakes - paid - takeout`);
  const poolTx = (slot: number) => `${poolBase} + (ri * 4 + ty) * 2 + ${slot}`;
  await q(`${tx(poolTx(1), 'TAKEOUT', 'settled')} from bpool where takeout > 0`);
  await q(`${tx(poolTx(2), 'BREAKAGE', 'settled')} from bpool where rest <> 0 and ri % 50 <> 0`);
  await q(`${tx(poolTx(2), 'CARRYOVER', 'settled')} from bpool where rest <> 0 and ri % 50 = 0`);
  await q(
    postings(`select ${poolTx(1)} as tid, pool as aid, -takeout as amt from bpool where takeout > 0
    union all select ${poolTx(1)}, (select id from accounts where code = 'house:takeout'), takeout from bpool where takeout > 0
    union all select ${poolTx(2)}, pool, -rest from bpool where rest <> 0
    union all select ${poolTx(2)}, case when ri % 50 = 0
        then (select id from accounts where code = 'carryover:' || (${types})[ty + 1])
        else (select id from accounts where code = 'house:breakage') end, rest from bpool where rest <> 0`),
  );
  await q(`create temp table bpay as
    select i, bwa.player, bwa.credit, bwa.bonus, bwa.hold, i % 10 < 7 as deposit,
      case when i % 20 = 0 then 'PENDING' when i % 7 = 0 then 'DECLINED' else 'APPROVED' end as status,
      10000 * (1 + i % 20) as amount, (array['GCASH', 'MAYA', 'BANK'])[i % 3 + 1] as channel,
      timestamptz '${FIRST_DAY} 08:00:00+08' + (i::bigint * ${DAYS} / ${PAYMENTS}) * interval '1 day'
        + (i % 600) * interval '1 minute' as at
    from generate_series(0, ${PAYMENTS - 1}) i join bwa on bwa.idx = (i * 7) % ${PLAYERS}`);
  const payTx = (slot: number) => `${payBase} + i * 4 + ${slot}`;
  await q(`${tx(payTx(1), 'DEPOSIT', "at + interval '3 minutes'")} from bpay where deposit and status = 'APPROVED'`);
  await q(`${tx(payTx(2), 'WITHDRAW_HOLD', 'at')} from bpay where not deposit`);
  await q(
    `${tx(payTx(1), 'WITHDRAW_PAYOUT', "at + interval '3 minutes'")} from bpay where not deposit and status = 'APPROVED'`,
  );
  await q(
    `${tx(payTx(1), 'WITHDRAW_RELEASE', "at + interval '3 minutes'")} from bpay where not deposit and status = 'DECLINED'`,
  );
  await q(`${tx(payTx(3), 'PROMO', "at + interval '1 minute'")} from bpay where i % 5 = 0`);
  await q(
    postings(`select ${payTx(1)} as tid, credit as aid, amount as amt from bpay where deposit and status = 'APPROVED'
    union all select ${payTx(1)}, (select id from accounts where code = 'house:cash-in-clearing'), -amount
      from bpay where deposit and status = 'APPROVED'
    union all select ${payTx(2)}, credit, -amount from bpay where not deposit
    union all select ${payTx(2)}, hold, amount from bpay where not deposit
    union all select ${payTx(1)}, hold, -amount from bpay where not deposit and status <> 'PENDING'
    union all select ${payTx(1)}, case when status = 'APPROVED'
        then (select id from accounts where code = 'house:cash-out-clearing') else credit end, amount
      from bpay where not deposit and status <> 'PENDING'
    union all select ${payTx(3)}, (select id from accounts where code = 'house:promo-expense'), -5000 from bpay where i % 5 = 0
    union all select ${payTx(3)}, bonus, 5000 from bpay where i % 5 = 0`),
  );
  await q(`insert into payment_requests (player_id, kind, status, amount, bonus, channel, account_name, account_number,
      decided_at, hold_transaction_id, decision_transaction_id, created_at)
    select player, case when deposit then 'DEPOSIT' else 'WITHDRAW' end, status, amount, 0, channel, 'Bulk Player',
      '09170000000', case when status = 'PENDING' then null else ${isoOf("at + interval '3 minutes'")} end,
      case when deposit then null else ${payTx(2)} end,
      case when status = 'PENDING' or (deposit and status = 'DECLINED') then null else ${payTx(1)} end, ${isoOf('at')}
    from bpay order by i`);
  for (const table of ['ledger_transactions', 'bet_tickets', 'ledger_postings', 'payment_requests']) {
    await q(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
  await q('commit');
  await q('analyze');
}

let t0 = performance.now();
const counted: Record<string, string> = {};
const TABLES = ['bet_tickets', 'payment_requests', 'ledger_transactions', 'ledger_postings'];
if (pgDatabase) {
  const client = new pg.Client({ connectionString: pgDatabase.url });
  await client.connect();
  if (!reuseUrl) await seedPostgres(client);
  for (const table of TABLES) {
    counted[table] = Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n).toLocaleString(
      'en-US',
    );
  }
  await client.end();
} else {
  const file = path.join(dataDir, 'karera.db');
  seed(file);
  const counts = new SQLite(file, { readonly: true });
  for (const table of TABLES) {
    counted[table] = (counts.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n.toLocaleString(
      'en-US',
    );
  }
  counts.close();
}
console.log(
  `${pgDatabase ? 'PostgreSQL' : 'SQLite'}: seeded ${counted.bet_tickets} tickets, ${counted.payment_requests} payments, ${counted.ledger_transactions} ledger transactions, ${counted.ledger_postings} postings over ${DAYS} Manila days in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

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
    // The tax payables' postings per day and the shares per event (this history has a single takeout and
    // no tax postings: it times the reads, not their sums).
    [
      'taxes',
      async (range) => {
        const answer = await taxReport(app.db, range);
        return { rows: [...answer.days, ...answer.events] };
      },
    ],
  ];
  console.log('| report | range | rows | fastest of 3 (ms) | slowest of 3 (ms) |');
  console.log('|---|---|---:|---:|---:|');
  let slowest = 0;
  for (const [name, run] of reports) {
    for (const [label, range] of ranges) {
      let worst = 0;
      let best = Infinity;
      let rows = 0;
      for (let i = 0; i < 3; i++) {
        t0 = performance.now();
        rows = (await run(range)).rows.length;
        const ms = performance.now() - t0;
        worst = Math.max(worst, ms);
        best = Math.min(best, ms);
      }
      slowest = Math.max(slowest, worst);
      console.log(`| ${name} | ${label} | ${rows} | ${best.toFixed(0)} | ${worst.toFixed(0)} |`);
    }
  }
  console.log(`slowest report: ${slowest.toFixed(0)} ms`);
  if (slowest >= 1000) process.exitCode = 1;
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  // `--keep`: leave the PostgreSQL database for a look at its plans (its URL is printed).
  if ((process.argv.includes('--keep') || reuseUrl) && pgDatabase) console.log(`kept ${pgDatabase.url}`);
  else if (pgDatabase && pgAdminUrl) {
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${pgDatabase.name}`);
    await admin.end();
  }
}
