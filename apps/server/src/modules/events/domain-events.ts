import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';

/**
 * What one module tells the others after its commit (docs/product/README.md#principles). Payloads are small (ids and
 * amounts), since on PostgreSQL they travel as NOTIFY payloads. Money never follows from an event:
 * money that follows from money moves in the same transaction or through a durable outbox; events are
 * for what may happen later (balance pushes, notifications).
 */
export interface DomainEventMap {
  /** A player's credit or bonus changed: their open pages read the balance again. */
  'wallet.changed': { playerId: number; cause: 'payment' | 'promo' | 'settlement' | 'adjustment' };
  /** Staff approved or declined a deposit or withdrawal. */
  'payment.decided': { playerId: number; requestId: number; kind: 'DEPOSIT' | 'WITHDRAW'; approved: boolean };
  /** A player claimed a promo (its reward, if any, is already on their balance). */
  'promo.claimed': { playerId: number; promoCode: string; reward: number };
  /** The pools a race completed are settled: their tickets are paid, refunded or lost. */
  'race.settled': { raceId: number; pools: number };
  /** Notices reached these players' inboxes, or they read some: their bells show the new count. */
  'inbox.changed': { playerIds: number[] };
  /** Official results or horse records changed (an import, a merge, a correction): form guides are read again. */
  'form.changed': { raceId: number | null };
  /** A group ticket's shares sold or status changed (decision 056): the sockets watching its link are told. */
  'bakas.shares': {
    code: string;
    sharesSold: number;
    shares: number;
    status: 'open' | 'placed' | 'cancelled' | 'settled';
  };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainEvent = { [K in DomainEventName]: { name: K; payload: DomainEventMap[K] } }[DomainEventName];
type Handler<K extends DomainEventName> = (payload: DomainEventMap[K]) => void | Promise<void>;

/** How events cross server instances: in process on SQLite, LISTEN/NOTIFY on PostgreSQL (pubsub.ts). */
export interface DomainEventTransport {
  publishEvent(event: DomainEvent): Promise<void>;
  subscribeEvents(handler: (event: DomainEvent) => void): () => void;
}

export interface DomainEvents {
  /** Call after the commit of what the event reports; every instance's handlers hear it once. */
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void>;
  /** A module's handler; returns how to remove it. A failing handler is logged, never thrown. */
  on<K extends DomainEventName>(name: K, handler: Handler<K>): () => void;
  close(): void;
}

const NAMES: readonly DomainEventName[] = [
  'wallet.changed',
  'payment.decided',
  'promo.claimed',
  'race.settled',
  'inbox.changed',
  'form.changed',
  'bakas.shares',
];

/** An event as it arrives from another instance: a known name and an object payload, else nothing. */
export function parseDomainEvent(value: unknown): DomainEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, payload } = value as { name?: unknown; payload?: unknown };
  if (typeof name !== 'string' || !(NAMES as readonly string[]).includes(name)) return null;
  if (typeof payload !== 'object' || payload === null) return null;
  return { name, payload } as DomainEvent;
}

export function createDomainEvents(transport: DomainEventTransport, log: FastifyBaseLogger): DomainEvents {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const unsubscribe = transport.subscribeEvents((event) => local.emit(event.name, event.payload));
  return {
    async emit(name, payload) {
      try {
        await transport.publishEvent({ name, payload } as DomainEvent);
      } catch (error) {
        // What it reports is committed: a lost event costs a stale page, never money.
        log.warn({ err: error, event: name }, 'domain event not delivered');
      }
    },
    on(name, handler) {
      const listener = (payload: DomainEventMap[typeof name]) => {
        try {
          const done = handler(payload);
          if (done instanceof Promise) {
            done.catch((error: unknown) => log.error({ err: error, event: name }, 'domain event handler failed'));
          }
        } catch (error) {
          log.error({ err: error, event: name }, 'domain event handler failed');
        }
      };
      local.on(name, listener);
      return () => local.off(name, listener);
    },
    close() {
      unsubscribe();
      local.removeAllListeners();
    },
  };
}
