// The naive peer of `npm run bench:bets` on SQLite (not part of the product): the minimal durable bet endpoint
// one would write first, measured in the same run as the product so the figure is a ratio, not a number of one
// machine. A Fastify route on better-sqlite3 in WAL mode with synchronous=FULL, one transaction and one commit a
// request: the session looked up from the cookie, the idempotency key checked (a replay answers the first
// answer), a conditional debit of the player's balance, the ticket, and two ledger rows (player -, pool +).
// It does less than the product (no bet rules, no pools per runner, no limits): a fair floor to beat.
// Forked by bench/bets.mjs: sends { type: 'ready', url, players: [{ playerId, cookie }] }, exits on 'stop'.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import SQLite from '../apps/server/src/db/sqlite-driver.mjs';

const players = Number(process.env.BENCH_PLAYERS ?? 100);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-naive-peer-'));
const db = new SQLite(path.join(dir, 'peer.db'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
db.exec(`
  create table sessions (token text primary key, player_id integer not null);
  create table wallets (player_id integer primary key, balance integer not null check (balance >= 0));
  create table tickets (id integer primary key, player_id integer not null, body text not null, amount integer not null,
    created_at text not null);
  create table ledger_entries (id integer primary key, ticket_id integer not null, account text not null,
    amount integer not null);
  create table idempotency (key text primary key, player_id integer not null, answer text not null);
`);
const sessions = [];
db.transaction(() => {
  for (let playerId = 1; playerId <= players; playerId += 1) {
    const token = randomBytes(24).toString('base64url');
    db.prepare('insert into sessions (token, player_id) values (?, ?)').run(token, playerId);
    db.prepare('insert into wallets (player_id, balance) values (?, ?)').run(playerId, 1_000_000_00);
    sessions.push({ playerId, cookie: `sid=${token}` });
  }
})();

const sessionOf = db.prepare('select player_id from sessions where token = ?');
const replayOf = db.prepare('select answer from idempotency where key = ? and player_id = ?');
const debit = db.prepare('update wallets set balance = balance - ? where player_id = ? and balance >= ?');
const addTicket = db.prepare('insert into tickets (player_id, body, amount, created_at) values (?, ?, ?, ?)');
const addEntry = db.prepare('insert into ledger_entries (ticket_id, account, amount) values (?, ?, ?)');
const remember = db.prepare('insert into idempotency (key, player_id, answer) values (?, ?, ?)');

/** One bet, one transaction, one commit: the answer as JSON text, or a refusal. */
const placeBet = db.transaction((playerId, body, rawBody) => {
  const earlier = replayOf.get(body.idempotencyKey, playerId);
  if (earlier) return { status: 200, text: earlier.answer };
  if (debit.run(body.amount, playerId, body.amount).changes === 0) {
    return { status: 409, text: JSON.stringify({ statusCode: 409, statusMessage: 'Insufficient balance' }) };
  }
  const ticketId = Number(addTicket.run(playerId, rawBody, body.amount, new Date().toISOString()).lastInsertRowid);
  addEntry.run(ticketId, `player:${playerId}`, -body.amount);
  addEntry.run(ticketId, `pool:${body.raceId}:${body.betType}`, body.amount);
  const answer = JSON.stringify({ ticket_no: String(ticketId), total_amount: body.amount });
  remember.run(body.idempotencyKey, playerId, answer);
  return { status: 200, text: answer };
});

const app = Fastify({ logger: false });
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, raw, done) => done(null, raw));
app.post('/api/game/placeBet', (request, reply) => {
  const token = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  const session = token ? sessionOf.get(token) : undefined;
  if (!session) return reply.code(401).send({ statusCode: 401, statusMessage: 'Not signed in' });
  const raw = String(request.body);
  const body = JSON.parse(raw);
  if (!Number.isSafeInteger(body.amount) || body.amount <= 0 || typeof body.idempotencyKey !== 'string') {
    return reply.code(400).send({ statusCode: 400, statusMessage: 'Bad bet' });
  }
  const { status, text } = placeBet(session.player_id, body, raw);
  return reply.code(status).type('application/json').send(text);
});
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address();

process.on('message', async (message) => {
  if (message.type !== 'stop') return;
  await app.close();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
process.send({ type: 'ready', url: `http://127.0.0.1:${port}`, players: sessions });
