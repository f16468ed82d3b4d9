import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { decodeFrame, INVALID_AUTH_REASON, type RealtimeMessage } from '@karera/shared';

/** Close code for a refused GAME_CONNECT; the reason text is the spec's, which clients act on. */
export const CLOSE_INVALID_AUTH = 4001;
const CONNECT_TIMEOUT_MS = 10_000;

export interface Admission {
  playerId: number;
  /** The state of every race still in play, sent first so a (re)connecting client catches up. */
  snapshotFrame: string | null;
}

export interface LiveSocketsOptions {
  /** Checks a GAME_CONNECT: the session token (cookie, or the one sent) and the player id it claims. */
  admit: (token: string | undefined, claimedPlayerId: string) => Promise<Admission | null>;
  heartbeatMs: number;
  onError: (error: unknown) => void;
  onCountChange?: (count: number) => void;
}

interface LiveSocket {
  socket: WebSocket;
  playerId: number;
  alive: boolean;
}

/**
 * The live sockets of one process and the protocol they speak (architecture §7): a client upgrades,
 * sends GAME_CONNECT, is admitted or closed with 'Invalid authentication received.', then only listens.
 * Frames are encoded once by the caller and written to every admitted socket; heartbeats drop sockets
 * that stop answering. Used in the server process, or in each fan-out worker (fanout-worker.ts).
 */
export function createLiveSockets(options: LiveSocketsOptions) {
  const live = new Set<LiveSocket>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 4096,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const counted = () => options.onCountChange?.(live.size);

  const heartbeat = setInterval(() => {
    for (const client of live) {
      if (!client.alive) {
        live.delete(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  function accept(socket: WebSocket, cookieToken: string | undefined): void {
    let client: LiveSocket | undefined;
    const refuse = () => socket.close(CLOSE_INVALID_AUTH, INVALID_AUTH_REASON);
    const connectTimer = setTimeout(refuse, CONNECT_TIMEOUT_MS);

    const authenticate = async (hello: Extract<RealtimeMessage, { type: 'GAME_CONNECT' }>) => {
      const token = cookieToken ?? (hello.sessionId !== 'cookie' ? hello.sessionId : undefined);
      const admission = await options.admit(token, hello.playerId);
      if (!admission || socket.readyState !== socket.OPEN) return refuse();
      client = { socket, playerId: admission.playerId, alive: true };
      live.add(client);
      counted();
      if (admission.snapshotFrame) socket.send(admission.snapshotFrame);
    };

    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (client) return; // players only listen; anything after GAME_CONNECT is ignored
      clearTimeout(connectTimer);
      const [hello] = isBinary ? [] : decodeFrame(data.toString());
      if (hello?.type !== 'GAME_CONNECT') return refuse();
      authenticate(hello).catch((error: unknown) => {
        options.onError(error);
        refuse();
      });
    });
    socket.on('pong', () => {
      if (client) client.alive = true;
    });
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      clearTimeout(connectTimer);
      if (client && live.delete(client)) counted();
    });
  }

  return {
    upgrade(request: IncomingMessage, stream: Duplex, head: Buffer, cookieToken: string | undefined) {
      wss.handleUpgrade(request, stream, head, (socket) => accept(socket, cookieToken));
    },
    /** One frame, built once, to every admitted socket. */
    broadcast(frame: string) {
      if (live.size === 0) return;
      const data = Buffer.from(frame);
      for (const client of live) {
        if (client.socket.readyState === client.socket.OPEN) client.socket.send(data, { binary: false });
      }
    },
    /** A frame for one player's own sockets only. */
    sendToPlayer(playerId: number, frame: string) {
      for (const client of live) {
        if (client.playerId === playerId && client.socket.readyState === client.socket.OPEN) client.socket.send(frame);
      }
    },
    count: () => live.size,
    close() {
      clearInterval(heartbeat);
      for (const client of live) client.socket.close(1001, 'Server shutting down');
      live.clear();
      wss.close();
    },
  };
}

export type LiveSockets = ReturnType<typeof createLiveSockets>;
