import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { decodeFrame, encodeFrame, type RealtimeMessage } from '@karera/shared';

/**
 * How race events reach every server process. In-process for SQLite (one process owns the file);
 * PostgreSQL LISTEN/NOTIFY when on PostgreSQL, so several processes on one database all deliver
 * every event. A process hears its own notifications too, so delivery has one path either way.
 */
export interface PubSub {
  publish(messages: readonly RealtimeMessage[]): Promise<void>;
  subscribe(handler: (messages: RealtimeMessage[]) => void): () => void;
  /** A notice for one player's sockets (their balance changed), on a channel of its own. */
  publishToPlayer(playerId: number): Promise<void>;
  subscribePlayers(handler: (playerId: number) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'karera_race_events';
const PLAYER_CHANNEL = 'karera_player_events';

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
    close: async () => {
      closing = true;
      emitter.removeAllListeners();
      await listener.end();
      await publisher.end();
    },
  };
}
