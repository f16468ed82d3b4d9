import { fork } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { encodeBalanceChanged, encodeFrame, type RealtimeMessage } from '@karera/shared';
import { PLAYER_COOKIE, resolvePlayerSession } from '../auth/player-sessions.ts';
import { liveSnapshot } from '../racing/racing.repo.ts';
import type { FromWorker, ToWorker } from './fanout-protocol.ts';
import { createLiveSockets, type Admission, type LiveSockets } from './live-sockets.ts';

export const WS_PATH = '/ws';
export { CLOSE_INVALID_AUTH } from './live-sockets.ts';

export interface RealtimeHubOptions {
  heartbeatMs?: number;
}

export interface LiveSocketStats {
  sockets: number;
  /** Resident memory of the processes holding the sockets (the workers' only, when there are any). */
  rss: number;
  heapUsed: number;
}

/** One share of the live sockets: this process's, or a fan-out worker's. */
interface Shard {
  upgrade(request: IncomingMessage, stream: Duplex, head: Buffer, cookieToken: string | undefined): void;
  broadcast(frame: string): void;
  sendToPlayer(playerId: number, frame: string): void;
  count(): number;
  stats(): Promise<LiveSocketStats>;
  close(): void;
  alive(): boolean;
}

/**
 * The live socket. A client opens /ws and sends GAME_CONNECT with its player id and session (the
 * HttpOnly cookie of the upgrade request, or the session token for API clients); a bad one is closed
 * with 'Invalid authentication received.'. An accepted socket first gets the state of every race still
 * in play (so a reconnect catches up), then race events from the pub/sub, encoded once per broadcast
 * and written to every authenticated socket. Heartbeats drop sockets that stop answering.
 *
 * Upgrades are taken straight from the HTTP server (ws in noServer mode) rather than through a
 * Fastify route, so a connection holds only its socket: see docs/decisions/005-live-socket.md. With
 * LIVE_SOCKET_WORKERS set, the sockets are spread over that many child processes, which write each
 * broadcast in parallel (docs/decisions/010-live-socket-workers.md).
 */
export async function registerRealtimeHub(app: FastifyInstance, options: RealtimeHubOptions = {}): Promise<void> {
  const heartbeatMs = options.heartbeatMs ?? 30_000;

  const admit = async (token: string | undefined, claimedPlayerId: string): Promise<Admission | null> => {
    const session = token ? await resolvePlayerSession(app.db, token) : undefined;
    if (!session || String(session.playerId) !== claimedPlayerId) return null;
    const snapshot = await liveSnapshot(app.db);
    const messages = snapshot.flatMap((race): RealtimeMessage[] => [
      { type: 'RACE_STATUS', raceId: race.raceId, status: race.status },
      ...(race.odds.length > 0 ? [{ type: 'UPDATE_ODDS' as const, raceId: race.raceId, odds: race.odds }] : []),
    ]);
    return { playerId: session.playerId, snapshotFrame: messages.length > 0 ? encodeFrame(messages) : null };
  };
  const onError = (error: unknown) => app.log.error({ err: error }, 'socket authentication failed');

  const shards: Shard[] =
    app.config.liveSocketWorkers > 0
      ? await Promise.all(
          Array.from({ length: app.config.liveSocketWorkers }, () => startWorkerShard(admit, heartbeatMs, app.log)),
        )
      : [inProcessShard(createLiveSockets({ admit, heartbeatMs, onError }))];

  const unsubscribe = app.pubsub.subscribe((messages) => {
    const frame = encodeFrame(messages);
    for (const shard of shards) shard.broadcast(frame);
  });
  // A balance notice goes only to that player's own sockets.
  const unsubscribePlayers = app.pubsub.subscribePlayers((playerId) => {
    const frame = encodeBalanceChanged(playerId);
    for (const shard of shards) shard.sendToPlayer(playerId, frame);
  });

  let nextShard = 0;
  const onUpgrade = (request: IncomingMessage, stream: Duplex, head: Buffer) => {
    const path = request.url?.split('?')[0];
    if (path !== WS_PATH) {
      stream.destroy();
      return;
    }
    const cookieToken = request.headers.cookie ? app.parseCookie(request.headers.cookie)[PLAYER_COOKIE] : undefined;
    // Round robin over the shards still running; the client retries after 3 s if none is.
    for (let tried = 0; tried < shards.length; tried++) {
      const shard = shards[nextShard++ % shards.length];
      if (shard?.alive()) return shard.upgrade(request, stream, head, cookieToken);
    }
    stream.destroy();
  };
  app.server.on('upgrade', onUpgrade);

  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribePlayers();
    app.server.off('upgrade', onUpgrade);
    for (const shard of shards) shard.close();
  });

  app.decorate('liveSocketCount', () => shards.reduce((sum, shard) => sum + shard.count(), 0));
  app.decorate('liveSocketStats', async () => {
    const all = await Promise.all(shards.map((shard) => shard.stats()));
    return all.reduce((sum, s) => ({
      sockets: sum.sockets + s.sockets,
      rss: sum.rss + s.rss,
      heapUsed: sum.heapUsed + s.heapUsed,
    }));
  });
}

function inProcessShard(sockets: LiveSockets): Shard {
  return {
    upgrade: sockets.upgrade,
    broadcast: sockets.broadcast,
    sendToPlayer: sockets.sendToPlayer,
    count: sockets.count,
    stats: () => {
      const { rss, heapUsed } = process.memoryUsage();
      return Promise.resolve({ sockets: sockets.count(), rss, heapUsed });
    },
    close: sockets.close,
    alive: () => true,
  };
}

const WORKER_FILE = fileURLToPath(new URL('./fanout-worker.ts', import.meta.url));

/** A fan-out worker process (it inherits the server's TypeScript loader) and its side of the protocol. */
async function startWorkerShard(
  admit: (token: string | undefined, playerId: string) => Promise<Admission | null>,
  heartbeatMs: number,
  log: FastifyBaseLogger,
): Promise<Shard> {
  // The worker is TypeScript like the server: keep the server's loader, or bring tsx (tests, tools).
  const loader = process.execArgv.some((arg) => arg.includes('tsx')) ? [] : ['--import', 'tsx'];
  const worker = fork(WORKER_FILE, [], {
    execArgv: [...process.execArgv, ...loader],
    env: { ...process.env, LIVE_SOCKET_HEARTBEAT_MS: String(heartbeatMs) },
    serialization: 'advanced',
  });
  const post = (message: ToWorker, handle?: Duplex) => {
    if (!worker.connected) return;
    if (handle) worker.send(message, handle as Socket);
    else worker.send(message);
  };
  let count = 0;
  const statsWaiting = new Map<number, (stats: LiveSocketStats) => void>();
  let nextStats = 1;
  worker.on('message', (message: FromWorker) => {
    switch (message.type) {
      case 'admit':
        admit(message.token, message.playerId)
          .catch((error: unknown) => {
            log.error({ err: error }, 'socket authentication failed');
            return null;
          })
          .then((admission) => post({ type: 'admitted', id: message.id, admission }));
        return;
      case 'count':
        count = message.count;
        return;
      case 'stats':
        statsWaiting.get(message.id)?.({ sockets: message.sockets, rss: message.rss, heapUsed: message.heapUsed });
        statsWaiting.delete(message.id);
        return;
      case 'error':
        log.error({ worker: worker.pid, message: message.message }, 'live socket worker error');
        return;
      case 'ready':
        return;
    }
  });
  worker.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') log.error({ code, signal }, 'live socket worker exited');
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (message: FromWorker) => (message.type === 'ready' ? resolve() : undefined));
    worker.once('error', reject);
  });
  return {
    upgrade(request, stream, head, cookieToken) {
      post(
        {
          type: 'upgrade',
          method: request.method ?? 'GET',
          url: request.url ?? WS_PATH,
          headers: request.headers,
          head: head.toString('base64'),
          cookieToken,
        },
        stream,
      );
    },
    broadcast: (frame) => post({ type: 'frame', frame }),
    sendToPlayer: (playerId, frame) => post({ type: 'player', playerId, frame }),
    count: () => count,
    stats: () =>
      new Promise((resolve) => {
        const id = nextStats++;
        statsWaiting.set(id, resolve);
        post({ type: 'stats', id });
      }),
    close() {
      post({ type: 'close' });
      setTimeout(() => worker.kill('SIGTERM'), 2_000).unref();
    },
    alive: () => worker.connected,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    liveSocketCount: () => number;
    liveSocketStats: () => Promise<LiveSocketStats>;
  }
}
