// 10,000 live sockets on loopback, odds broadcast 5 times a second: delivery latency and memory per socket.
// Usage: node bench/ws-broadcast.mjs [sockets=10000] [seconds=20] [ratePerSecond=5] [client=lean|ws]
// `lean` (the default) is bench/ws-lean-client.mjs; `ws` runs the same sockets through the ws library.
import { fork } from 'node:child_process';
import path from 'node:path';
import WebSocket from 'ws';
import { connectLean } from './ws-lean-client.mjs';

const [sockets = 10_000, seconds = 20, rate = 5] = process.argv.slice(2, 5).map(Number);
const clientKind = process.argv[5] ?? 'lean';
const root = path.resolve(import.meta.dirname, '..');
const server = fork(path.join(root, 'bench/ws-server.ts'), [], {
  cwd: root,
  execArgv: ['--import', 'tsx', '--expose-gc'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const nextMessage = (type) =>
  new Promise((resolve) => {
    const onMessage = (message) => {
      if (message.type !== type) return;
      server.off('message', onMessage);
      resolve(message);
    };
    server.on('message', onMessage);
  });
const ask = (type) => {
  const reply = nextMessage(type);
  server.send({ type });
  return reply;
};

const { url, cookie, playerId } = await nextMessage('ready');
const before = await ask('memory');

const latencies = [];
let received = 0;
const clients = [];
const connectStarted = Date.now();
/** Times an UPDATE_ODDS frame whose first odds field carries the publish time (ws-server.ts). */
const onText = (text) => {
  if (!text.startsWith('UPDATE_ODDS:')) return;
  const sentAt = Number(text.slice(text.indexOf(':', 12) + 1, text.indexOf(',')));
  latencies.push(Date.now() - sentAt);
  received += 1;
};
const hello = `GAME_CONNECT:${playerId}:cookie`;
function openWs() {
  const socket = new WebSocket(url, { headers: { cookie }, perMessageDeflate: false });
  socket.on('message', (data) => onText(data.toString()));
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.send(hello);
      resolve({ close: () => socket.terminate() });
    });
    socket.once('error', reject);
  });
}
async function openLean() {
  const socket = await connectLean(url, { cookie }, onText);
  socket.send(hello);
  return socket;
}
for (let opened = 0; opened < sockets; opened += 500) {
  const batch = [];
  for (let i = opened; i < Math.min(sockets, opened + 500); i += 1)
    batch.push(clientKind === 'ws' ? openWs() : openLean());
  clients.push(...(await Promise.all(batch)));
}
for (;;) {
  const { sockets: live } = await ask('memory');
  if (live >= sockets) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const connectSeconds = (Date.now() - connectStarted) / 1000;
const after = await ask('memory');

const broadcasts = seconds * rate;
for (let seq = 1; seq <= broadcasts; seq += 1) {
  server.send({ type: 'publish', seq });
  await new Promise((resolve) => setTimeout(resolve, 1000 / rate));
}
const expected = broadcasts * sockets;
const deadline = Date.now() + 10_000;
while (received < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));

const { fanOutMs } = await ask('fanout');
fanOutMs.sort((a, b) => a - b);
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
const perSocket = (key) => Math.round((after.memory[key] - before.memory[key]) / sockets);
const result = {
  client: clientKind,
  sockets,
  broadcastsPerSecond: rate,
  seconds,
  connectSeconds: Number(connectSeconds.toFixed(1)),
  delivered: `${received}/${expected}`,
  latencyMs: { p50: pct(50), p90: pct(90), p99: pct(99), max: latencies.at(-1) },
  serverFanOutMs: {
    p50: Number(fanOutMs[Math.floor(fanOutMs.length / 2)].toFixed(1)),
    max: Number(fanOutMs.at(-1).toFixed(1)),
  },
  serverBytesPerSocket: { rss: perSocket('rss'), heapUsed: perSocket('heapUsed') },
};
console.log(JSON.stringify(result, null, 2));
for (const socket of clients) socket.close();
server.send({ type: 'stop' });
