// Bet placement under load: players placing mixed bet types over HTTP against the real app, then the
// money check (ledger invariants, debits = pools, balances = funds - receipts, no negative balance).
//
// Usage: npm run bench:bets -- [--players 100] [--seconds 10] [--concurrency 64] [--rate 3000[,rate...]]
//        [--paced-seconds 10] [--pg postgres://user@host:port/db] [--trace /tmp/bets]
//        [--client c|node] [--rebate] [--instances N] [--warmup 5] [--peer on|off] [--rounds 3]
//
// Two phases on one fresh database: "saturation" keeps --concurrency bets in flight (each player one at
// a time) for --seconds and gives the most bets/s; "paced" sends --rate bets a second on a fixed
// schedule for --paced-seconds and gives the latency at that rate, timed from each bet's scheduled send
// so a stalled server cannot hide its queue (no coordinated omission). The server runs in its own process.
// --trace <prefix> writes each phase's bets to <prefix>-<phase>.json (the phase's start in epoch ms, and
// per bet its scheduled send in ms from that start and its latency), to line up a tail with the server's
// own timings. The paced phases are sent by bench/paced-client.c (built here with the system's C
// compiler; `--client node`, or no compiler, sends them from this process instead): it needs about half
// the CPU of the Node client, which shares the two cores with the server, and has no event loop or
// garbage collector of its own to add to the latencies it reports.
// --instances N (with --pg): the bets go through HAProxy to N server instances of their own on the run's
// database (scripts/cluster.mjs, as `npm run start:cluster` starts them); the process that made the
// race day and players then only checks the money. Server CPU counts every instance's threads; the
// balancer's CPU is a column of its own.
// --warmup <seconds> of bets, not counted, come first (5 by default), so that every server process has
// compiled its hot paths: a fresh Node process runs its first few thousand calls of a path unoptimised,
// and with N instances each sees 1/N of the warm-up's bets (with 1 s, two cold instances measured 85% of
// one warm one; with 5-6 s, the same).
// The naive peer (--peer on, the default; --peer off skips it) runs in the same invocation, so the figure
// is a ratio of this machine and hour, not a number of one machine: on SQLite a minimal durable endpoint
// (bench/naive-peer-sqlite.mjs: Fastify, better-sqlite3, synchronous=FULL, one commit a request), sent the
// same bets by the same client; on PostgreSQL pgbench running that endpoint's transaction
// (bench/naive-peer-pgbench.mjs) with as many clients as bets in flight. --rounds N alternates the peer's
// saturation phase and the product's N times, and prints each round's ratio and their median.
import { execFileSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { keepAliveClient, requestText } from './keepalive-client.mjs';
import { startPgbenchPeer } from './naive-peer-pgbench.mjs';

const { values: options } = parseArgs({
  options: {
    players: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '64' },
    rate: { type: 'string', default: '3000' },
    'paced-seconds': { type: 'string', default: '10' },
    pg: { type: 'string' },
    trace: { type: 'string' },
    // Paced phases: `c` (bench/paced-client.c, built with the system's C compiler) or `node`.
    client: { type: 'string', default: 'c' },
    // Every player holds a 5% rebate promo while betting.
    rebate: { type: 'boolean', default: false },
    // With --pg: this many server instances behind HAProxy take the bets.
    instances: { type: 'string' },
    warmup: { type: 'string', default: '5' },
    peer: { type: 'string', default: 'on' },
    rounds: { type: 'string', default: '3' },
  },
});
const withPeer = options.peer !== 'off';
const rounds = Number(options.rounds);
if (!(Number.isInteger(rounds) && rounds >= 1)) {
  console.error('--rounds takes a whole number of at least 1');
  process.exit(2);
}
const instanceCount = options.instances === undefined ? 0 : Number(options.instances);
if (options.instances !== undefined && !(Number.isInteger(instanceCount) && instanceCount >= 1 && options.pg)) {
  console.error('--instances takes a whole number of at least 1, and --pg');
  process.exit(2);
}
const players = Number(options.players);
const saturationSeconds = Number(options.seconds);
const concurrency = Math.min(Number(options.concurrency), players);
/** One paced phase per rate given (`--rate 500,1000,3000`). */
const pacedRates = options.rate.split(',').map(Number);
const pacedSeconds = Number(options['paced-seconds']);
const warmupSeconds = Number(options.warmup);
if (!(warmupSeconds >= 0)) {
  console.error('--warmup takes a number of seconds, 0 or more');
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, '..');
// Started as the product's server is (decision 060): its TypeScript built into one module.
const server = fork(path.join(root, 'apps/server/start.mjs'), [path.join(root, 'bench/bets-server.ts')], {
  cwd: root,
  execArgv: process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [],
  env: {
    ...process.env,
    BENCH_PLAYERS: String(players),
    ...(options.pg ? { BENCH_PG_URL: options.pg } : {}),
    ...(options.rebate ? { BENCH_REBATE: '1' } : {}),
  },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
server.on('exit', (code) => {
  if (code !== 0 && !stopping) {
    console.error(`bench server exited with ${code}`);
    process.exit(1);
  }
});
let stopping = false;
const nextMessage = (type) =>
  new Promise((resolve) => {
    const onMessage = (message) => {
      if (message.type !== type) return;
      server.off('message', onMessage);
      resolve(message);
    };
    server.on('message', onMessage);
  });

const ready = await nextMessage('ready');
const { eventId, raceIds, openRaces } = ready;

/**
 * --instances: N servers on the run's database behind HAProxy, started as `npm run start:cluster` starts
 * them, with the bench server's settings (production, no demo day, SMS kept in the outbox).
 */
const instancesDir = instanceCount > 0 ? fs.mkdtempSync(path.join(os.tmpdir(), 'karera-bench-instances-')) : undefined;
const cluster = instancesDir
  ? await (
      await import('../scripts/cluster.mjs')
    ).startCluster({
      databaseUrl: ready.databaseUrl,
      instances: instanceCount,
      port: 0,
      env: {
        NODE_ENV: 'production',
        DEMO: '0',
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'bench-admin-pass',
        SMS_OUTBOX_IN_PRODUCTION: '1',
        DATA_DIR: instancesDir,
        WEB_DIST_DIR: path.join(instancesDir, 'none'),
        PLAYER_AUTH_RATE_LIMIT: String(players * 4),
      },
      onOutput: (name, line) => {
        if (!line.includes('web build not found')) console.error(`[${name}] ${line}`);
      },
    })
  : undefined;
const url = cluster?.url ?? ready.url;
const target = new URL('/api/game/placeBet', url);

/** CPU time of a process (every thread) in ms, from Linux's /proc (NaN elsewhere). */
function processCpuMs(pid) {
  try {
    let total = 0;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        total += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
      } catch {
        // The thread ended between the listing and the read.
      }
    }
    return total;
  } catch {
    return Number.NaN;
  }
}
/** The instances' and the balancer's CPU so far (--instances only). */
function clusterCpuMs() {
  if (!cluster) return { instancesMs: 0, balancerMs: Number.NaN };
  const instancesMs = cluster.instances.reduce((sum, instance) => sum + processCpuMs(instance.pid), 0);
  return { instancesMs, balancerMs: processCpuMs(cluster.haproxy.pid) };
}

// ---- the bet mix -------------------------------------------------------------------------------------
const pick = (items) => items[Math.floor(Math.random() * items.length)];
const between = (low, high) => low + Math.floor(Math.random() * (high - low + 1));
/** `count` different runner numbers from 1-8 (1 also backs its coupled 1A). */
const runners = (count) => {
  const pool = [1, 2, 3, 4, 5, 6, 7, 8];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
};
const pesos = (low, high) => between(low, high) * 100;
/** First race numbers from which a pool of `legs` consecutive races stays on the open part of the card. */
const firstRaceFor = (legs) => between(1, openRaces - legs + 1);

/**
 * Picks for the places of a single-race type: each place holds its own anchor runner (all different,
 * so the slip always has a valid combination) plus `extra[place]` more runners picked at random.
 */
const places = (extra) => {
  const anchors = runners(extra.length);
  return extra.map((more, place) => [...new Set([anchors[place], ...runners(more)])].sort((a, b) => a - b));
};
/** One runner per leg of a multi-race pool, or two on the legs listed in `doubled`. */
const legs = (count, doubled = []) => Array.from({ length: count }, (_, leg) => runners(doubled.includes(leg) ? 2 : 1));

// Weights roughly as a race day's tickets: mostly Win and Forecast, some exotics and multi-race pools.
const MIX = [
  [30, () => ({ betType: 'W', raceNo: between(1, openRaces), selections: [runners(1)], amount: pesos(1, 20) })],
  [15, () => ({ betType: 'FC', raceNo: between(1, openRaces), selections: places([1, 1]), amount: pesos(1, 5) })],
  [15, () => ({ betType: 'TRI', raceNo: between(1, openRaces), selections: places([1, 2, 2]), amount: pesos(1, 3) })],
  [4, () => ({ betType: 'QRT', raceNo: between(1, openRaces), selections: places([1, 1, 2, 2]), amount: 100 })],
  [2, () => ({ betType: 'PENTA', raceNo: between(1, openRaces), selections: places([0, 1, 1, 2, 2]), amount: 100 })],
  [8, () => ({ betType: 'DD', raceNo: firstRaceFor(2), selections: legs(2, [0, 1]), amount: pesos(1, 5) })],
  [4, () => ({ betType: 'DD+1', raceNo: firstRaceFor(3), selections: legs(3, [1, 2]), amount: pesos(1, 3) })],
  [4, () => ({ betType: 'XD', raceNo: between(1, openRaces - 2), selections: legs(2, [0]), amount: 100 })],
  [7, () => ({ betType: 'PICK4', raceNo: firstRaceFor(4), selections: legs(4, [0, 2]), amount: 200 })],
  [3, () => ({ betType: 'PICK5', raceNo: firstRaceFor(5), selections: legs(5), amount: 200 })],
  [3, () => ({ betType: 'PICK6', raceNo: firstRaceFor(6), selections: legs(6, [0]), amount: 200 })],
  [5, () => ({ betType: 'WTA', raceNo: 1, selections: legs(7, [0, 1]), amount: pick([200, 400, 1000]) })],
];
const totalWeight = MIX.reduce((sum, [weight]) => sum + weight, 0);
function randomSlip() {
  let roll = Math.random() * totalWeight;
  for (const [weight, make] of MIX) {
    roll -= weight;
    if (roll < 0) return make();
  }
  return MIX[0][1]();
}

// ---- the client ----------------------------------------------------------------------------------------
const REPLAY_SHARE = 0.02;
const BONUS_SHARE = 0.05;
/**
 * Per player: a sample of the bodies placed, with their tickets (for replays), how many were placed and
 * what their receipts say they spent. The sample is bounded (reservoir sampling keeps it uniform over
 * every bet placed): kept whole, the bodies grew this process's heap by tens of megabytes a run, and its
 * collections stalled the load generator for up to 140 ms, which the bets in flight counted as latency.
 */
const REPLAY_SAMPLE_SIZE = 16;
function rememberPlaced(bettor, placed) {
  bettor.placed += 1;
  if (bettor.sample.length < REPLAY_SAMPLE_SIZE) bettor.sample.push(placed);
  else {
    const slot = Math.floor(Math.random() * bettor.placed);
    if (slot < REPLAY_SAMPLE_SIZE) bettor.sample[slot] = placed;
  }
}
/**
 * Who the bets go to: the product, or the naive peer (SQLite), each with its own players, connections and
 * tickets; only the product's tickets are in the money check.
 */
function sideOf(origin, sidePlayers) {
  const sideClient = keepAliveClient(origin);
  return {
    client: sideClient,
    bettors: sidePlayers.map((player) => ({ ...player, sample: [], placed: 0, spent: 0 })),
    post: (body, cookie) => sideClient.post(target.pathname, `cookie: ${cookie}\r\n`, body),
    receivedTickets: new Set(),
    replayMismatches: [],
  };
}
const product = sideOf(url, ready.players);
const { bettors, receivedTickets, replayMismatches } = product;
const client = product.client;

function newPhase(name) {
  return { name, latencies: [], sends: [], outcomes: new Map(), placed: 0, replays: 0, started: 0, ended: 0 };
}

/** The next bet of a player: now and then (REPLAY_SHARE) the same body as one of theirs placed before. */
function nextBet(bettor) {
  const replayOf = bettor.sample.length > 0 && Math.random() < REPLAY_SHARE ? pick(bettor.sample) : undefined;
  if (replayOf) return { body: replayOf.body, replayOf };
  const { raceNo, ...slip } = randomSlip();
  const body = JSON.stringify({
    ...slip,
    raceId: raceIds[raceNo - 1],
    eventId,
    useBonus: Math.random() < BONUS_SHARE,
    idempotencyKey: randomUUID(),
  });
  return { body, replayOf: undefined };
}

/** Books an answer (status 0: none came) into the phase and the player's receipts. */
function recordAnswer(phase, bettor, bet, status, text, latencyMs, sentAt, side = product) {
  let outcome;
  try {
    if (status === 0) throw new Error(text || 'no answer');
    const answer = JSON.parse(text);
    outcome = status === 200 ? '200' : `${status}/${answer.statusCode}: ${answer.statusMessage}`;
    if (status === 200) {
      if (bet.replayOf) {
        phase.replays += 1;
        if (answer.ticket_no !== bet.replayOf.ticketNo) side.replayMismatches.push(bet.body);
      } else {
        phase.placed += 1;
        bettor.spent += answer.total_amount;
        side.receivedTickets.add(answer.ticket_no);
        rememberPlaced(bettor, { body: bet.body, ticketNo: answer.ticket_no });
      }
    }
  } catch (error) {
    outcome = `network: ${error.code ?? error.message}`;
  }
  phase.latencies.push(latencyMs);
  if (options.trace) phase.sends.push(sentAt);
  phase.outcomes.set(outcome, (phase.outcomes.get(outcome) ?? 0) + 1);
}

/** One bet (or a replay) for a player through the Node client; latency from `since`. */
async function placeOne(phase, bettor, since, side = product) {
  const bet = nextBet(bettor);
  const { status, text } = await side.post(bet.body, bettor.cookie).catch((error) => ({
    status: 0,
    text: String(error.code ?? error.message),
  }));
  recordAnswer(phase, bettor, bet, status, text, performance.now() - since, since, side);
}

/** Closed loop: `concurrency` players, each with one bet in flight, for `seconds`. */
async function saturation(seconds, side = product) {
  const phase = newPhase(side === product ? 'saturation' : 'naive peer saturation');
  phase.started = performance.now();
  const deadline = phase.started + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const bettor = side.bettors[next++ % side.bettors.length];
      while (performance.now() < deadline) {
        const started = performance.now();
        await placeOne(phase, bettor, started, side);
      }
    }),
  );
  phase.ended = performance.now();
  return phase;
}

/** Open loop: bets at a fixed rate, spread over every player, latency timed from the scheduled send. */
async function paced(rate, seconds) {
  const phase = newPhase(`paced ${rate}/s`);
  phase.started = performance.now();
  const total = Math.round(rate * seconds);
  // Counted rather than kept: a phase's promises, held to its end, were tens of thousands of objects.
  let inFlight = 0;
  let allAnswered;
  const answered = new Promise((resolve) => (allAnswered = resolve));
  const onAnswer = () => {
    inFlight -= 1;
    if (inFlight === 0 && sendingDone) allAnswered();
  };
  let sendingDone = false;
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - phase.started) / 1000) * rate) + 1);
    for (; sent < due; sent += 1) {
      inFlight += 1;
      placeOne(phase, bettors[sent % bettors.length], phase.started + (sent / rate) * 1000).then(onAnswer);
    }
    // A server that cannot keep up would only grow its queue: stop after two seconds' worth of backlog.
    if (sent - phase.latencies.length > rate * 2) {
      phase.name += ` (overloaded, stopped after ${sent} of ${total})`;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  sendingDone = true;
  if (inFlight > 0) await answered;
  phase.ended = performance.now();
  return phase;
}

/**
 * The C client (bench/paced-client.c), built once per machine into the temporary directory; undefined
 * when asked for Node or when there is no C compiler (then the Node client runs the paced phases).
 */
function pacedClientBinary() {
  if (options.client !== 'c') return undefined;
  const source = path.join(root, 'bench/paced-client.c');
  const binary = path.join(os.tmpdir(), `karera-paced-client-${Math.round(fs.statSync(source).mtimeMs)}`);
  if (fs.existsSync(binary)) return binary;
  try {
    execFileSync('cc', ['-O2', '-o', binary, source, '-lm'], { stdio: 'pipe' });
    return binary;
  } catch (error) {
    console.warn(`no C client (${String(error.message).split('\n')[0]}): the paced phases use the Node client`);
    return undefined;
  }
}
const cClient = pacedClientBinary();

/**
 * The paced phase through the C client: every request of the phase written out before it starts (so
 * making bets costs the phase nothing), sent by the C client on its schedule, answers booked after.
 */
const pacedInC = {
  prepare(rate, seconds) {
    const total = Math.round(rate * seconds);
    const bets = [];
    const chunks = [];
    for (let index = 0; index < total; index += 1) {
      const bettor = bettors[index % bettors.length];
      const bet = nextBet(bettor);
      bets.push({ bettor, bet });
      const request = Buffer.from(requestText(target.host, target.pathname, `cookie: ${bettor.cookie}\r\n`, bet.body));
      const length = Buffer.alloc(4);
      length.writeUInt32LE(request.length);
      chunks.push(length, request);
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-paced-'));
    const requestsFile = path.join(dir, 'requests');
    fs.writeFileSync(requestsFile, Buffer.concat(chunks));
    return { rate, bets, dir, requestsFile, resultsFile: path.join(dir, 'results') };
  },
  async run({ rate, bets, dir, requestsFile, resultsFile }) {
    const phase = newPhase(`paced ${rate}/s`);
    const child = spawn(cClient, [target.port, String(rate), '256', requestsFile, resultsFile], { stdio: 'inherit' });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`the C client exited with ${code}`);
    const [first, ...lines] = fs.readFileSync(resultsFile, 'utf8').trimEnd().split('\n');
    fs.rmSync(dir, { recursive: true, force: true });
    const [startedAt, sent, overloaded, userMs, systemMs] = first.split(' ').map(Number);
    phase.startedAt = startedAt;
    phase.clientCpuMs = userMs + systemMs;
    if (overloaded) phase.name += ` (overloaded, stopped after ${sent} of ${bets.length})`;
    let longest = 0;
    for (const [index, line] of lines.entries()) {
      const firstSpace = line.indexOf(' ');
      const secondSpace = line.indexOf(' ', firstSpace + 1);
      const status = Number(line.slice(0, firstSpace));
      const latencyMs = Number(line.slice(firstSpace + 1, secondSpace));
      const { bettor, bet } = bets[index];
      const scheduledMs = (index / rate) * 1000;
      recordAnswer(phase, bettor, bet, status, line.slice(secondSpace + 1), latencyMs, scheduledMs);
      longest = Math.max(longest, scheduledMs + latencyMs);
    }
    phase.ended = longest;
    return phase;
  },
};

function report(phase) {
  const sorted = phase.latencies.sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  const seconds = (phase.ended - phase.started) / 1000;
  const answered = sorted.length;
  const errors = [...phase.outcomes].filter(([outcome]) => outcome !== '200');
  return {
    phase: phase.name,
    requests: answered,
    'bets placed': phase.placed,
    replays: phase.replays,
    seconds: Number(seconds.toFixed(2)),
    'bets/s': Math.round(answered / seconds),
    'p50 ms': Number(at(50).toFixed(1)),
    'p90 ms': Number(at(90).toFixed(1)),
    'p99 ms': Number(at(99).toFixed(1)),
    'max ms': Number(sorted[sorted.length - 1]?.toFixed(1)),
    errors: errors.length === 0 ? 'none' : errors.map(([outcome, count]) => `${count}x ${outcome}`).join('; '),
  };
}

function writeTrace(phase) {
  const bets = phase.sends.map((since, index) => [
    Number((since - phase.started).toFixed(3)),
    Number(phase.latencies[index].toFixed(3)),
  ]);
  const file = `${options.trace}-${phase.name.replace(/\W+/g, '-').replace(/-$/, '')}.json`;
  const startedAt = phase.startedAt ?? performance.timeOrigin + phase.started;
  fs.writeFileSync(file, JSON.stringify({ startedAt, bets }));
}

// ---- run -------------------------------------------------------------------------------------------------
const settings = ready.sqliteSettings
  ? `journal_mode=${ready.sqliteSettings.journalMode}, synchronous=${ready.sqliteSettings.synchronous}`
  : 'PostgreSQL';
console.log(
  `${ready.dialect} (${settings}${cluster ? `, ${instanceCount} instance(s) behind HAProxy` : ''}); ${players} players funded in ${ready.setupSeconds.toFixed(1)} s; ` +
    `saturation ${concurrency} in flight for ${saturationSeconds} s, then ${pacedRates.join(', ')} bets/s for ${pacedSeconds} s each` +
    ` (${cClient ? 'C client' : 'Node client'})`,
);
const ask = (type) => {
  const reply = nextMessage(type);
  server.send({ type });
  return reply;
};
/** Runs a phase and adds the server's CPU time per request (it shares two cores with this client). */
async function measured(run) {
  await ask('load-start');
  const clientCpu = process.cpuUsage();
  const clusterAtStart = clusterCpuMs();
  const phase = await run();
  const nodeUsed = process.cpuUsage(clientCpu);
  const clusterAtEnd = clusterCpuMs();
  const clientUsed = { user: nodeUsed.user + (phase.clientCpuMs ?? 0) * 1000, system: nodeUsed.system };
  const { cpuMs, databaseMs, mainThreadMs, placementThreadMs, transactions, batchedBets } = await ask('load-end');
  if (options.trace) writeTrace(phase);
  const row = report(phase);
  const instancesMs = clusterAtEnd.instancesMs - clusterAtStart.instancesMs;
  row['server CPU ms/bet'] = Number(((cpuMs + instancesMs) / row.requests).toFixed(3));
  if (cluster) {
    row['balancer CPU ms/bet'] = Number(
      ((clusterAtEnd.balancerMs - clusterAtStart.balancerMs) / row.requests).toFixed(3),
    );
  }
  // Per thread, where Linux tells (SQLite only: on PostgreSQL the bets have no thread of their own).
  if (Number.isFinite(mainThreadMs) && !Number.isFinite(databaseMs)) {
    row['main thread ms/bet'] = Number((mainThreadMs / row.requests).toFixed(3));
    row['placement thread ms/bet'] = Number((placementThreadMs / row.requests).toFixed(3));
  }
  // PostgreSQL: its backends of this run and the cluster's writers, where they run on this machine.
  if (Number.isFinite(databaseMs)) row['database CPU ms/bet'] = Number((databaseMs / row.requests).toFixed(3));
  row['client CPU ms/bet'] = Number(((clientUsed.user + clientUsed.system) / 1000 / row.requests).toFixed(3));
  // The instances keep their own counts (--instances): the bench server's would be empty.
  row['bets/commit'] = cluster ? 'n/a' : Number((batchedBets / Math.max(1, transactions)).toFixed(1));
  return row;
}
// The warm-up: the figures are a running server's, not a just-started one's (see --warmup above).
if (warmupSeconds > 0) await saturation(warmupSeconds);

/** The naive peer of this run: a forked SQLite endpoint, or pgbench on the same PostgreSQL server. */
async function startPeer() {
  if (!withPeer || saturationSeconds <= 0) return undefined;
  if (options.pg) {
    const pgbench = await startPgbenchPeer(options.pg, players);
    return {
      name: 'pgbench, same transaction',
      async measure() {
        const result = await pgbench.run(concurrency, saturationSeconds).catch(async (error) => {
          await pgbench.stop();
          throw error;
        });
        if (result.failed > 0) console.warn(`pgbench: ${result.failed} transactions failed`);
        return result.transactionsPerSecond;
      },
      stop: () => pgbench.stop(),
    };
  }
  const child = fork(path.join(root, 'bench/naive-peer-sqlite.mjs'), [], {
    cwd: root,
    env: { ...process.env, BENCH_PLAYERS: String(players) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const peerReady = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the naive peer exited with ${code}`)));
  });
  const side = sideOf(peerReady.url, peerReady.players);
  // Its own warm-up, as the product had: both are measured compiled.
  if (warmupSeconds > 0) await saturation(warmupSeconds, side);
  return {
    name: 'Fastify + better-sqlite3, FULL, one commit a bet',
    async measure() {
      const row = report(await saturation(saturationSeconds, side));
      if (row.errors !== 'none') console.warn(`naive peer: ${row.errors}`);
      return row['bets/s'];
    },
    async stop() {
      side.client.close();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
    },
  };
}
const peer = await startPeer();

const rows = [];
const ratios = [];
for (let round = 1; saturationSeconds > 0 && round <= (peer ? rounds : 1); round += 1) {
  const peerPerSecond = peer ? await peer.measure() : undefined;
  const row = await measured(() => saturation(saturationSeconds));
  if (peer) {
    row.phase = `saturation, round ${round}`;
    row['peer bets/s'] = Math.round(peerPerSecond);
    row['x peer'] = Number((row['bets/s'] / peerPerSecond).toFixed(2));
    ratios.push(row['x peer']);
  }
  rows.push(row);
}
await peer?.stop();
for (const rate of pacedSeconds > 0 ? pacedRates : []) {
  if (cClient) {
    const prepared = pacedInC.prepare(rate, pacedSeconds);
    rows.push(await measured(() => pacedInC.run(prepared)));
  } else rows.push(await measured(() => paced(rate, pacedSeconds)));
}
console.table(rows);
if (peer) {
  const sorted = [...ratios].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  console.log(
    `naive peer (${peer.name}), ${concurrency} in flight: the product's bets/s over the peer's, round by round ` +
      `${ratios.map((r) => `${r}x`).join(' / ')}; median ${median.toFixed(2)}x`,
  );
}

const checked = nextMessage('check');
server.send({
  type: 'check',
  totals: {
    tickets: receivedTickets.size,
    spentByPlayer: Object.fromEntries(bettors.map((b) => [String(b.playerId), b.spent])),
  },
});
const check = await checked;
const problems = [...check.problems];
if (replayMismatches.length > 0) problems.push(`${replayMismatches.length} replays answered another ticket`);
stopping = true;
client.close();
// The instances first: the bench server drops the database once its own connections have gone.
await cluster?.stop();
if (instancesDir) fs.rmSync(instancesDir, { recursive: true, force: true });
const stopped = new Promise((resolve) => server.once('exit', resolve));
server.send({ type: 'stop' });
await stopped;

if (problems.length > 0) {
  console.error(`MONEY CHECK FAILED (${problems.length}):\n  ${problems.slice(0, 30).join('\n  ')}`);
  process.exit(1);
}
console.log(
  `money check clean: ${check.tickets} tickets, pools ${check.poolTotal} centavos = player bet debits ` +
    `${check.playerBetDebits}, ledger check 0 breaches, no negative balance, every balance = funds - receipts`,
);
