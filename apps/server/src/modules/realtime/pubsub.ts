import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { decodeFrame, encodeFrame, type RealtimeMessage } from '@karera/shared';
import { parseDomainEvent, type DomainEvent, type DomainEventTransport } from '../events/domain-events.ts';

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
  close(): Promise<void>;
}

const CHANNEL = 'karera_race_events';
const PLAYER_CHANNEL = 'karera_player_events';
const DOMAIN_CHANNEL = 'karera_domain_events';

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
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

export async function postgresPubSub(url: string, log: FastifyBaseLogger): Promise<PubSub> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listener = new pg.Client({ connectionString: url });
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  let closing = false;
  listener.on('notification', (note) => {
    if (note.channel === PLAYER_CHANNEL && note.payload && /^\d{1,10}$/.test(note.payload)) {
      emitter.emit('player', Number(note.payload));
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
  });
  listener.on('error', (error) => {
    if (!closing) log.error({ err: error }, 'race event listener failed');
  });
  await listener.connect();
  await listener.query(`listen ${CHANNEL}`);
  await listener.query(`listen ${PLAYER_CHANNEL}`);
  await listener.query(`listen ${DOMAIN_CHANNEL}`);
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
    close: async () => {
      closing = true;
      emitter.removeAllListeners();
      await listener.end();
      await publisher.end();
    },
  };
}
