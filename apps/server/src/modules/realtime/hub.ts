import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  BAKAS_WATCH_PER_SOCKET,
  bakasWatchOf,
  encodeBakasShares,
  decodeFrame,
  encodeBalanceChanged,
  encodeFrame,
  encodeInboxChanged,
  INVALID_AUTH_REASON,
  STAFF_AUTH_REFUSED_CODE,
  STAFF_AUTH_REFUSED_REASON,
  STAFF_SOCKET_PATH,
  type RealtimeMessage,
} from '@karera/shared';
import { PLAYER_COOKIE, resolvePlayerSession } from '../sessions/index.ts';
import { resolveStaffSession, STAFF_COOKIE } from '../staff/index.ts';
import { liveSnapshot } from '../racing/index.ts';
import { runningRaceRuns } from '../simulator/index.ts';
import { eventPoolsVersion } from '../tote/index.ts';
import { unreadCounts } from '../notifications/index.ts';

export const WS_PATH = '/ws';
/** Close code for a refused GAME_CONNECT; the reason text is fixed, and clients act on it. */
export const CLOSE_INVALID_AUTH = 4001;
const CONNECT_TIMEOUT_MS = 10_000;
/** After a pub/sub gap, races that ended this recently have their final status sent again. */
export const RESUME_ENDED_LOOKBACK_MS = 30 * 60 * 1000;
/** After a gap, balance notices go out this many at a time (about 5,000 a second). */
const BALANCE_NOTICE_BATCH = 250;
const BALANCE_NOTICE_GAP_MS = 50;

export interface RealtimeHubOptions {
  /**
   * How often each socket is pinged, and each player socket's session confirmed: a session that has
   * ended closes its sockets, and a live one counts the watching as activity (its idle clock moves).
   */
  heartbeatMs?: number;
}

interface LiveSocket {
  socket: WebSocket;
  /** The TCP connection under the socket: broadcasts write their ready-made frame straight to it. */
  stream: Duplex;
  /** null: a back-office screen (STAFF_CONNECT), which hears the race broadcasts and no balance notice. */
  playerId: number | null;
  /** A player socket's session token, confirmed at each heartbeat. */
  sessionToken: string | null;
  alive: boolean;
  /** Group tickets whose links this socket follows (BAKAS_WATCH), newest last. */
  watching?: string[];
  /** The number of the unread-count read last sent to this socket (see sendUnreadCounts). */
  unreadReadSent?: number;
}

/**
 * A complete, unmasked server-to-client text frame (RFC 6455 §5.2) for `payload`. A broadcast builds it
 * once and writes the same bytes to every socket, instead of having ws frame the message again for each
 * of ten thousand sockets.
 */
export function textFrame(payload: Buffer): Buffer {
  const FIN_TEXT = 0x81;
  if (payload.length < 126) return Buffer.concat([Buffer.from([FIN_TEXT, payload.length]), payload]);
  if (payload.length < 65_536) {
    const header = Buffer.from([FIN_TEXT, 126, 0, 0]);
    header.writeUInt16BE(payload.length, 2);
    return Buffer.concat([header, payload]);
  }
  const header = Buffer.alloc(10);
  header[0] = FIN_TEXT;
  header[1] = 127;
  header.writeBigUInt64BE(BigInt(payload.length), 2);
  return Buffer.concat([header, payload]);
}

/**
 * The live socket. A client opens /ws and sends GAME_CONNECT with its player id and session (the
 * HttpOnly cookie of the upgrade request, or the session token for API clients); a bad one is closed
 * with 'Invalid authentication received.'. An accepted socket first gets the state of every race still
 * in play (so a reconnect catches up), then race events from the pub/sub, encoded once per broadcast
 * and written to every authenticated socket. Heartbeats drop sockets that stop answering.
 *
 * A back-office screen opens STAFF_SOCKET_PATH instead and sends STAFF_CONNECT: it is signed in by the
 * staff session cookie of the upgrade request, hears the same race broadcasts and no balance notice, and
 * is closed with STAFF_AUTH_REFUSED_CODE without a live staff session (decision 038).
 *
 * Upgrades are taken straight from the HTTP server (ws in noServer mode) rather than through a
 * Fastify route, so a connection holds only its socket: see
 * docs/decisions/005-live-socket-without-fastify-websocket.md.
 */
export async function registerRealtimeHub(app: FastifyInstance, options: RealtimeHubOptions = {}): Promise<void> {
  const live = new Set<LiveSocket>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 4096,
    perMessageDeflate: false,
    clientTracking: false,
  });

  const broadcast = (messages: readonly RealtimeMessage[]) => {
    if (live.size === 0) return;
    const frame = textFrame(Buffer.from(encodeFrame(messages)));
    // Each write is one whole frame, so it never lands inside one of ws's own frames (pings, the
    // snapshot): a stream keeps its writes in order and ws writes each frame in one go.
    for (const client of live) {
      if (client.socket.readyState === client.socket.OPEN) client.stream.write(frame);
    }
  };
  const unsubscribe = app.pubsub.subscribe(broadcast);
  // A balance notice goes only to that player's own sockets.
  const noticeBalance = (playerId: number) => {
    const frame = encodeBalanceChanged(playerId);
    for (const client of live) {
      if (client.playerId === playerId && client.socket.readyState === client.socket.OPEN) client.socket.send(frame);
    }
  };
  const unsubscribePlayers = app.pubsub.subscribePlayers(noticeBalance);
  const unsubscribeWallets = app.events.on('wallet.changed', ({ playerId }) => noticeBalance(playerId));
  // A group ticket's shares sold changed: the sockets following its link are told (decision 056).
  const unsubscribeBakas = app.events.on('bakas.shares', (change) => {
    const frame = encodeBakasShares(change);
    for (const client of live) {
      if (client.watching?.includes(change.code) && client.socket.readyState === client.socket.OPEN) {
        client.socket.send(frame);
      }
    }
  });
  /**
   * Each socket among `clients` is sent its player's unread count, read now. Reads are numbered as they start,
   * and a socket is never sent a count from a read older than the one it last got: two reads in flight may
   * finish in either order, and the later one has seen every notice the earlier one did.
   */
  let unreadReads = 0;
  const sendUnreadCounts = async (clients: readonly LiveSocket[]) => {
    const read = ++unreadReads;
    const playerIds = new Set<number>();
    for (const client of clients) if (client.playerId !== null) playerIds.add(client.playerId);
    if (playerIds.size === 0) return;
    const counts = await unreadCounts(app.db, [...playerIds]);
    for (const client of clients) {
      const unread = client.playerId === null ? undefined : counts.get(client.playerId);
      if (unread === undefined || client.playerId === null || client.socket.readyState !== client.socket.OPEN) continue;
      if ((client.unreadReadSent ?? 0) > read) continue;
      client.unreadReadSent = read;
      client.socket.send(encodeInboxChanged(client.playerId, unread));
    }
  };
  // A notice reached these players' inboxes (or they read some): each connected one is sent their unread count.
  const unsubscribeInbox = app.events.on('inbox.changed', async ({ playerIds }) => {
    const changed = new Set(playerIds);
    const clients = [...live].filter((client) => client.playerId !== null && changed.has(client.playerId));
    if (clients.length > 0) await sendUnreadCounts(clients);
  });

  /** What a socket is told on connecting: every race still in play, its odds, and a demo race being run. */
  const snapshot = async (): Promise<RealtimeMessage[]> => {
    const races = await liveSnapshot(app.db);
    const messages = races.flatMap((race): RealtimeMessage[] => [
      { type: 'RACE_STATUS', raceId: race.raceId, status: race.status },
      ...(race.odds.length > 0 ? [{ type: 'UPDATE_ODDS' as const, raceId: race.raceId, odds: race.odds }] : []),
    ]);
    // A demo race being run: its plan, so a late viewer draws it where it is now.
    messages.push(...(await runningRaceRuns(app.db, Date.now())));
    return messages;
  };
  /**
   * A balance notice to each of `clients`, BALANCE_NOTICE_BATCH every BALANCE_NOTICE_GAP_MS: each makes its
   * screen fetch the balance, and thousands at once would all land on the server in the same moment.
   */
  const spreadBalanceNotices = (clients: LiveSocket[]) => {
    for (const client of clients.splice(0, BALANCE_NOTICE_BATCH)) {
      if (client.playerId === null) continue;
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(encodeBalanceChanged(client.playerId));
    }
    if (clients.length > 0) setTimeout(() => spreadBalanceNotices(clients), BALANCE_NOTICE_GAP_MS).unref();
  };
  /**
   * After a gap, the snapshot, the final status of races that ended meanwhile (a screen may still show
   * one running) and the current pools version of every race in play (a screen refetches one it lacks).
   */
  const resumeMessages = async (): Promise<RealtimeMessage[]> => {
    const messages = await snapshot();
    const ended = await app.db
      .selectFrom('races')
      .select(['id', 'status'])
      .where('status', 'in', ['D', 'X'])
      .where('updated_at', '>=', new Date(Date.now() - RESUME_ENDED_LOOKBACK_MS).toISOString())
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    for (const race of ended) messages.push({ type: 'RACE_STATUS', raceId: race.id, status: race.status });
    const inPlay = await app.db
      .selectFrom('races')
      .select(['id', 'event_id'])
      .where('status', 'in', ['A', 'O', 'L', 'C'])
      .execute();
    for (const eventId of new Set(inPlay.map((race) => race.event_id))) {
      const version = await eventPoolsVersion(app.db, eventId);
      for (const race of inPlay.filter((r) => r.event_id === eventId)) {
        messages.push({ type: 'POOLS_UPDATED', raceId: race.id, version });
      }
    }
    return messages;
  };
  // Events published while the pub/sub was cut off never arrived: every socket gets the state again
  // (statuses, odds, pools) and a balance notice, so no screen keeps a stale race or balance.
  const unsubscribeResume = app.pubsub.onResume(() => {
    if (live.size === 0) return;
    resumeMessages()
      .then((messages) => {
        if (messages.length > 0) broadcast(messages);
        spreadBalanceNotices([...live]);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'live state not re-sent after a pub/sub gap'));
  });

  /**
   * A player watching the live screen makes no call for long stretches: each heartbeat resolves the
   * session of every player socket (remembered sessions cost no read), which moves its idle clock as a
   * call does, so watching keeps the session alive (decision 004: socket activity counts) and shows the
   * player online; a session that ended meanwhile (logout elsewhere, revoked, expired) closes its socket.
   */
  async function confirmSessions(clients: LiveSocket[]): Promise<void> {
    await Promise.all(
      clients.map(async (client) => {
        if (client.sessionToken === null) return;
        const session = await resolvePlayerSession(app.db, client.sessionToken);
        if (session?.playerId === client.playerId || !live.has(client)) return;
        live.delete(client);
        client.socket.close(CLOSE_INVALID_AUTH, INVALID_AUTH_REASON);
      }),
    );
  }

  const heartbeat = setInterval(() => {
    const players: LiveSocket[] = [];
    for (const client of live) {
      if (!client.alive) {
        live.delete(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
      if (client.sessionToken !== null) players.push(client);
    }
    if (players.length > 0) {
      confirmSessions(players).catch((error: unknown) =>
        // The database is away: the sockets stay, and the next heartbeat asks again.
        app.log.warn({ err: error }, "live sockets' sessions not confirmed"),
      );
    }
  }, options.heartbeatMs ?? 30_000);
  heartbeat.unref();

  function accept(
    socket: WebSocket,
    stream: Duplex,
    cookieToken: string | undefined,
    staffToken: string | undefined,
  ): void {
    let client: LiveSocket | undefined;
    /** The hello has come and its session is being read: what a page sends meanwhile is not a second hello. */
    let greeted = false;
    /** Group links followed while the hello was being checked, applied once it is. */
    const earlyWatches: string[] = [];
    const refuse = () => socket.close(CLOSE_INVALID_AUTH, INVALID_AUTH_REASON);
    const connectTimer = setTimeout(refuse, CONNECT_TIMEOUT_MS);
    const follow = (player: LiveSocket, code: string) => {
      const watching = (player.watching ?? []).filter((known) => known !== code);
      watching.push(code);
      player.watching = watching.slice(-BAKAS_WATCH_PER_SOCKET);
    };

    const authenticate = async (hello: Extract<RealtimeMessage, { type: 'GAME_CONNECT' }>) => {
      const token = cookieToken ?? (hello.sessionId !== 'cookie' ? hello.sessionId : undefined);
      const session = token ? await resolvePlayerSession(app.db, token) : undefined;
      if (!session || String(session.playerId) !== hello.playerId || socket.readyState !== socket.OPEN) return refuse();
      const player: LiveSocket = {
        socket,
        stream,
        playerId: session.playerId,
        sessionToken: token ?? null,
        alive: true,
      };
      client = player;
      for (const code of earlyWatches) follow(player, code);
      live.add(player);
      const messages = await snapshot();
      if (messages.length > 0) socket.send(encodeFrame(messages));
      // Notices sent before this socket was live never reached it: a balance changed or a notice that reached
      // the inbox after the page read them (or while an earlier socket was down). The screen reads the balance
      // again, and the bell gets its count as of now.
      socket.send(encodeBalanceChanged(session.playerId));
      await sendUnreadCounts([player]);
    };
    // A back-office screen: signed in by the staff session cookie of the upgrade request only; the hello
    // names no one, so there is no id to trust (decision 038).
    const authenticateStaff = async () => {
      const staff = staffToken ? await resolveStaffSession(app.db, staffToken) : undefined;
      if (socket.readyState !== socket.OPEN) return;
      if (!staff) return socket.close(STAFF_AUTH_REFUSED_CODE, STAFF_AUTH_REFUSED_REASON);
      client = { socket, stream, playerId: null, sessionToken: null, alive: true };
      live.add(client);
      const messages = await snapshot();
      if (messages.length > 0) socket.send(encodeFrame(messages));
    };

    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (client) {
        // Players only listen, but for following a group ticket's link; anything else is ignored.
        const code = !isBinary && client.playerId !== null ? bakasWatchOf(data.toString()) : null;
        if (code !== null) follow(client, code);
        return;
      }
      if (greeted) {
        // Sent right after the hello, before its session was confirmed: kept for the player, never a new hello.
        const code = isBinary ? null : bakasWatchOf(data.toString());
        if (code !== null) {
          earlyWatches.push(code);
          if (earlyWatches.length > BAKAS_WATCH_PER_SOCKET) earlyWatches.shift();
        }
        return;
      }
      clearTimeout(connectTimer);
      const [hello] = isBinary ? [] : decodeFrame(data.toString());
      if (hello?.type === 'STAFF_CONNECT') {
        greeted = true;
        authenticateStaff().catch((error: unknown) => {
          app.log.error({ err: error }, 'staff socket authentication failed');
          socket.close(STAFF_AUTH_REFUSED_CODE, STAFF_AUTH_REFUSED_REASON);
        });
        return;
      }
      if (hello?.type !== 'GAME_CONNECT') return refuse();
      greeted = true;
      authenticate(hello).catch((error: unknown) => {
        app.log.error({ err: error }, 'socket authentication failed');
        refuse();
      });
    });
    socket.on('pong', () => {
      if (client) client.alive = true;
    });
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      clearTimeout(connectTimer);
      if (client) live.delete(client);
    });
  }

  const onUpgrade = (request: IncomingMessage, stream: Duplex, head: Buffer) => {
    const path = request.url?.split('?')[0];
    // Players open /ws; back-office screens open the staff path, which their session cookie is sent to.
    if (path !== WS_PATH && path !== STAFF_SOCKET_PATH) {
      stream.destroy();
      return;
    }
    const cookies = request.headers.cookie ? app.parseCookie(request.headers.cookie) : {};
    wss.handleUpgrade(request, stream, head, (socket) =>
      accept(socket, stream, cookies[PLAYER_COOKIE], cookies[STAFF_COOKIE]),
    );
  };
  app.server.on('upgrade', onUpgrade);

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    unsubscribePlayers();
    unsubscribeWallets();
    unsubscribeBakas();
    unsubscribeInbox();
    unsubscribeResume();
    app.server.off('upgrade', onUpgrade);
    for (const client of live) client.socket.close(1001, 'Server shutting down');
    live.clear();
    wss.close();
  });

  app.decorate('liveSocketCount', () => live.size);
}

declare module 'fastify' {
  interface FastifyInstance {
    liveSocketCount: () => number;
  }
}
