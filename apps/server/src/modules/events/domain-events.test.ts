import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { inProcessPubSub } from './pubsub.ts';
import { createDomainEvents, parseDomainEvent, type DomainEventMap } from './domain-events.ts';

const quietLog = () => ({ warn: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger;

describe('domain events', () => {
  it('delivers an event to every handler of its name, typed, and to no other', async () => {
    const events = createDomainEvents(inProcessPubSub(), quietLog());
    const wallets: DomainEventMap['wallet.changed'][] = [];
    const claims: DomainEventMap['promo.claimed'][] = [];
    events.on('wallet.changed', (payload) => void wallets.push(payload));
    const off = events.on('promo.claimed', (payload) => void claims.push(payload));
    await events.emit('wallet.changed', { playerId: 7, cause: 'promo' });
    await events.emit('promo.claimed', { playerId: 7, promoCode: 'WELCOME', reward: 10_000 });
    off();
    await events.emit('promo.claimed', { playerId: 8, promoCode: 'WELCOME', reward: 10_000 });
    expect(wallets).toEqual([{ playerId: 7, cause: 'promo' }]);
    expect(claims).toEqual([{ playerId: 7, promoCode: 'WELCOME', reward: 10_000 }]);
  });

  it('logs a failing handler, thrown or rejected, and goes on with the others', async () => {
    const log = quietLog();
    const events = createDomainEvents(inProcessPubSub(), log);
    const heard: number[] = [];
    events.on('wallet.changed', () => {
      throw new Error('handler broke');
    });
    events.on('wallet.changed', async () => {
      throw new Error('async handler broke');
    });
    events.on('wallet.changed', ({ playerId }) => void heard.push(playerId));
    await expect(events.emit('wallet.changed', { playerId: 1, cause: 'payment' })).resolves.toBeUndefined();
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledTimes(2));
    expect(heard).toEqual([1]);
  });

  it('never throws when the transport fails: what the event reports is already committed', async () => {
    const log = quietLog();
    const transport = { ...inProcessPubSub(), publishEvent: () => Promise.reject(new Error('connection lost')) };
    const events = createDomainEvents(transport, log);
    await expect(events.emit('race.settled', { raceId: 1, pools: 3 })).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it('reads only known events from another instance', () => {
    expect(parseDomainEvent({ name: 'wallet.changed', payload: { playerId: 1, cause: 'promo' } })).not.toBeNull();
    expect(parseDomainEvent({ name: 'unknown', payload: {} })).toBeNull();
    expect(parseDomainEvent({ name: 'wallet.changed' })).toBeNull();
    expect(parseDomainEvent('wallet.changed')).toBeNull();
    expect(parseDomainEvent(null)).toBeNull();
  });
});
