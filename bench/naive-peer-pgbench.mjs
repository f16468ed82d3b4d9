// The naive peer of `npm run bench:bets --pg` (not part of the product): pgbench running the same bet transaction
// the naive SQLite peer commits per request (bench/naive-peer-sqlite.mjs), against a database of its own on the
// same PostgreSQL server: the session read, the idempotency key checked, a conditional debit, the ticket, two
// ledger rows and the key remembered, one commit each, `clients` at once. No HTTP and no JSON: the database's
// own ceiling for one-commit-per-bet, which a server that batches commits should pass.
// (pgbench reads `:name` as a variable even inside a quoted string, so the script's literals have no colon.)
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const SCRIPT = `
\\set player random(1, :players)
\\set amount random(100, 2000)
\\set key random(1, 9000000000000000000)
BEGIN;
SELECT player_id FROM sessions WHERE token = 'token-' || :player::text;
SELECT answer FROM idempotency WHERE key = :key::text AND player_id = :player;
UPDATE wallets SET balance = balance - :amount WHERE player_id = :player AND balance >= :amount;
INSERT INTO tickets (player_id, body, amount, created_at) VALUES (:player, '{"betType":"W","selections":[[3]]}', :amount, now()) RETURNING id AS ticket \\gset
INSERT INTO ledger_entries (ticket_id, account, amount) VALUES (:ticket::bigint, 'player-' || :player::text, 0 - :amount::bigint);
INSERT INTO ledger_entries (ticket_id, account, amount) VALUES (:ticket::bigint, 'pool-W', :amount::bigint);
INSERT INTO idempotency (key, player_id, answer) VALUES (:key::text, :player, '{"ticket_no":"' || :ticket::text || '"}');
END;
`;

/** pgbench from PATH or Debian's PostgreSQL folders; undefined when none is installed. */
export function findPgbench() {
  const candidates = ['/usr/bin/pgbench'];
  try {
    for (const version of fs.readdirSync('/usr/lib/postgresql')) {
      candidates.push(`/usr/lib/postgresql/${version}/bin/pgbench`);
    }
  } catch {
    // No Debian PostgreSQL folders.
  }
  return candidates.find((candidate) => fs.existsSync(candidate));
}

/**
 * A database of the peer's own beside the bench's (dropped by `stop`), with `players` funded players.
 * @param {string} adminUrl a URL of the PostgreSQL server that may create databases
 */
export async function startPgbenchPeer(adminUrl, players) {
  const pgbench = findPgbench();
  if (!pgbench) throw new Error('pgbench is not installed (apt-get install postgresql-client)');
  const name = `bench_peer_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  await db.query(`
    create table sessions (token text primary key, player_id bigint not null);
    create table wallets (player_id bigint primary key, balance bigint not null check (balance >= 0));
    create table tickets (id bigserial primary key, player_id bigint not null, body text not null,
      amount bigint not null, created_at timestamptz not null);
    create table ledger_entries (id bigserial primary key, ticket_id bigint not null, account text not null,
      amount bigint not null);
    create table idempotency (key text primary key, player_id bigint not null, answer text not null);
    insert into sessions select 'token-' || n, n from generate_series(1, ${players}) n;
    insert into wallets select n, 100000000000 from generate_series(1, ${players}) n;
  `);
  await db.end();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-pgbench-'));
  const scriptFile = path.join(dir, 'bet.sql');
  fs.writeFileSync(scriptFile, SCRIPT);
  return {
    /** One run of `seconds` with `clients` connections: transactions a second (without connection time). */
    async run(clients, seconds) {
      const args = ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds)];
      args.push('-D', `players=${players}`, '-f', scriptFile, url.toString());
      const output = await new Promise((resolve, reject) =>
        execFile(pgbench, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
          error ? reject(new Error(`pgbench failed: ${(stderr || error.message).slice(0, 2000)}`)) : resolve(stdout),
        ),
      );
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
      const latency = /latency average = ([\d.]+) ms/.exec(output);
      const failed = /number of failed transactions: (\d+)/.exec(output);
      if (!tps) throw new Error(`no tps in pgbench's output:\n${output}`);
      return {
        transactionsPerSecond: Number(tps[1]),
        latencyAverageMs: latency ? Number(latency[1]) : Number.NaN,
        failed: failed ? Number(failed[1]) : 0,
      };
    },
    async stop() {
      fs.rmSync(dir, { recursive: true, force: true });
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
