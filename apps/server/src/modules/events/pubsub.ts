import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { decodeFrame, encodeFrame, type RealtimeMessage } from '@karera/shared';
import { parseDomainEvent, type DomainEvent, type DomainEventTransport } from './domain-events.ts';

/**
 * How race events reach every server process. In-process for SQLite (one process owns the file);
 * PostgreSQL LISTEN/NOTIFY when on PostgreSQL, so several processes on one database all deliver
 * every event. A process hears its own notifications too, so delivery has one path either way.
 */
export interface PubSub extends DomainEventTransport {
  publish(messages: readonly RealtimeMessage[]): Promise<void>;
  subscribe(handler: (messages: RealtimeMessage[]) => void): () => void;
  /** A notice for one player's sockets (their balance changed), on a channel of its own. */
  publishToPlayer(playerId: number): Promise<void>;
  subscribePlayers(handler: (playerId: number) => void): () => void;
  /**
   * Called when delivery resumes after a gap (the PostgreSQL LISTEN connection dropped and is back):
   * events published meanwhile were not heard, so whatever clients were told may be stale.
   */
  onResume(handler: () => void): () => void;
  /**
   * The ids of player sessions other processes revoked, changed or deleted, as their commits land
   * (PostgreSQL: a trigger notifies them, migration 20261127060000). Nothing on SQLite, whose one
   * process makes every change itself.
   */
  subscribeSessionChanges(handler: (sessionId: number) => void): () => void;
  /** False while a gap lasts: what is published meanwhile is not heard (see onResume). */
  listening(): boolean;
  close(): Promise<void>;
}

const CHANNEL = 'karera_race_events';
const PLAYER_CHANNEL = 'karera_player_events';
const DOMAIN_CHANNEL = 'karera_domain_events';
/** Named in migration 20261127060000's trigger. */
const SESSION_CHANNEL = 'karera_session_changes';
/** The LISTEN connection's name in pg_stat_activity. */
export const LISTENER_APPLICATION = 'karera-listen';
/** Reconnection waits: doubling from the first, up to the last, with some jitter so instances spread out. */
export const RECONNECT_FIRST_MS = 100;
export const RECONNECT_MAX_MS = 5_000;
/**
 * A connection can die without closing (a cut network, a frozen peer): every so often the instance sends
 * itself a notice and, when its LISTEN connection does not hear it back in time, makes a new one.
 */
const PROBE_CHANNEL = 'karera_listen_probe';
export const PROBE_EVERY_MS = 10_000;
export const PROBE_TIMEOUT_MS = 5_000;
/** A LISTEN connection that cannot be made or answer within this is given up and tried again. */
const LISTENER_TIMEOUT_MS = 5_000;

export interface PostgresPubSubOptions {
  probeEveryMs?: number;
  probeTimeoutMs?: number;
}

export function inProcessPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (messages) => {
      if (messages.length > 0) emitter.emit('messages', [...messages]);
    },
    subscribe: (handler) => {
      emitter.on('messages', handler);
      return () => emitter.off('messages', handler);
    },
    publishToPlayer: async (playerId) => {
      emitter.emit('player', playerId);
    },
    subscribePlayers: (handler) => {
      emitter.on('player', handler);
      return () => emitter.off('player', handler);
    },
    publishEvent: async (event) => {
      emitter.emit('domain', event);
    },
    subscribeEvents: (handler) => {
      emitter.on('domain', handler);
      return () => emitter.off('domain', handler);
    },
    // One process, no connection: delivery never pauses.
    onResume: () => () => undefined,
    subscribeSessionChanges: () => () => undefined,
    listening: () => true,
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

export async function postgresPubSub(
  url: string,
  log: FastifyBaseLogger,
  options: PostgresPubSubOptions = {},
): Promise<PubSub> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  // Named by process, so an operator (or the cluster test) can tell which instance sent a notification.
  const publisher = new pg.Pool({ connectionString: url, max: 2, application_name: `karera-publish:${process.pid}` });
  // An idle connection cut (a restart, pg_terminate_backend) is replaced on the next publish.
  publisher.on('error', (error) => log.warn({ err: error }, 'race event publisher connection lost'));
  let closing = false;
  /** The probe sent and not yet heard back. */
  let probe: { token: string; deadline?: NodeJS.Timeout } | undefined;
  const onNotification = (note: pg.Notification) => {
    if (note.channel === PROBE_CHANNEL) {
      if (probe && note.payload === probe.token) {
        clearTimeout(probe.deadline);
        probe = undefined;
      }
      return;
    }
    if (note.channel === PLAYER_CHANNEL && note.payload && /^\d{1,10}$/.test(note.payload)) {
      emitter.emit('player', Number(note.payload));
      return;
    }
    if (note.channel === SESSION_CHANNEL && note.payload && /^\d{1,18}$/.test(note.payload)) {
      emitter.emit('session', Number(note.payload));
      return;
    }
    if (note.channel === DOMAIN_CHANNEL && note.payload) {
      let event: DomainEvent | null;
      try {
        event = parseDomainEvent(JSON.parse(note.payload));
      } catch {
        event = null;
      }
      if (event) emitter.emit('domain', event);
      else log.warn({ channel: note.channel }, 'unreadable domain event ignored');
      return;
    }
    if (note.channel !== CHANNEL || !note.payload) return;
    const messages = decodeFrame(note.payload);
    if (messages.length > 0) emitter.emit('messages', messages);
  };

  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  /** A LISTEN connection on every channel; when it drops, another is made (see reconnect). */
  async function listen(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION,
      keepAlive: true,
      connectionTimeoutMillis: LISTENER_TIMEOUT_MS,
      query_timeout: LISTENER_TIMEOUT_MS,
    });
    client.on('notification', onNotification);
    client.on('error', (error) => {
      if (!closing) log.error({ err: error }, 'race event listener failed');
    });
    client.on('end', () => {
      if (listener !== client || closing) return;
      listener = undefined;
      log.warn('race event listener disconnected; reconnecting');
      reconnect();
    });
    try {
      await client.connect();
      await client.query(
        `listen ${CHANNEL}; listen ${PLAYER_CHANNEL}; listen ${DOMAIN_CHANNEL}; listen ${SESSION_CHANNEL};` +
          ` listen ${PROBE_CHANNEL}`,
      );
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  /**
   * Back off and listen again, until it works; then tell the subscribers that events may have been
   * missed meanwhile, so they send their clients fresh state.
   */
  function reconnect(): void {
    if (closing || retry) return;
    const waitMs = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** failures) * (0.75 + Math.random() / 2);
    retry = setTimeout(() => {
      retry = undefined;
      listen().then(
        (client) => {
          if (closing) {
            void client.end().catch(() => undefined);
            return;
          }
          listener = client;
          failures = 0;
          if (probe) clearTimeout(probe.deadline);
          probe = undefined;
          log.info('race event listener reconnected');
          emitter.emit('resume');
        },
        (error: unknown) => {
          failures += 1;
          if (!closing) log.error({ err: error, failures }, 'race event listener could not reconnect');
          reconnect();
        },
      );
    }, waitMs);
    retry.unref();
  }

  /** Sends the probe; a listener that does not hear it back in time is dropped for a new one. */
  function sendProbe(): void {
    const probed = listener;
    if (closing || !probed || probe) return;
    const sent: { token: string; deadline?: NodeJS.Timeout } = { token: randomUUID() };
    probe = sent;
    publisher.query('select pg_notify($1, $2)', [PROBE_CHANNEL, sent.token]).then(
      () => {
        if (probe !== sent) return; // heard already
        sent.deadline = setTimeout(() => {
          if (probe !== sent || listener !== probed || closing) return;
          probe = undefined;
          log.warn('race event listener heard nothing back; reconnecting');
          listener = undefined;
          // A dead peer may never answer the goodbye: not waited for.
          void probed.end().catch(() => undefined);
          reconnect();
        }, options.probeTimeoutMs ?? PROBE_TIMEOUT_MS);
        sent.deadline.unref();
      },
      () => {
        // The publisher could not send it (the database is away): no verdict on the listener.
        if (probe === sent) probe = undefined;
      },
    );
  }
  const prober = setInterval(sendProbe, options.probeEveryMs ?? PROBE_EVERY_MS);
  prober.unref();

  listener = await listen();
  return {
    publish: async (messages) => {
      if (messages.length === 0) return;
      await publisher.query('select pg_notify($1, $2)', [CHANNEL, encodeFrame(messages)]);
    },
    subscribe: (handler) => {
      emitter.on('messages', handler);
      return () => emitter.off('messages', handler);
    },
    publishToPlayer: async (playerId) => {
      await publisher.query('select pg_notify($1, $2)', [PLAYER_CHANNEL, String(playerId)]);
    },
    subscribePlayers: (handler) => {
      emitter.on('player', handler);
      return () => emitter.off('player', handler);
    },
    publishEvent: async (event) => {
      await publisher.query('select pg_notify($1, $2)', [DOMAIN_CHANNEL, JSON.stringify(event)]);
    },
    subscribeEvents: (handler) => {
      emitter.on('domain', handler);
      return () => emitter.off('domain', handler);
    },
    onResume: (handler) => {
      emitter.on('resume', handler);
      return () => emitter.off('resume', handler);
    },
    subscribeSessionChanges: (handler) => {
      emitter.on('session', handler);
      return () => emitter.off('session', handler);
    },
    listening: () => listener !== undefined && !closing,
    close: async () => {
      closing = true;
      clearInterval(prober);
      if (probe) clearTimeout(probe.deadline);
      if (retry) clearTimeout(retry);
      emitter.removeAllListeners();
      // A connection whose peer froze never answers the goodbye: a second is enough to wait.
      await Promise.race([
        listener?.end().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
      ]);
      await publisher.end();
    },
  };
}
