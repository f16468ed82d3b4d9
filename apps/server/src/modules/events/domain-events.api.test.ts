import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { postgresPubSub } from './pubsub.ts';
import { createDomainEvents, type DomainEventMap } from './domain-events.ts';

// Several server instances on one PostgreSQL hear each other's events through LISTEN/NOTIFY.
describe.skipIf(testDialect !== 'postgres')('domain events across instances (postgres)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('delivers an event emitted on one instance to the handlers of another, once', async () => {
    if (t.config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const otherTransport = await postgresPubSub(t.config.database.url, t.app.log);
    const other = createDomainEvents(otherTransport, t.app.log);
    try {
      const heard: DomainEventMap['promo.claimed'][] = [];
      other.on('promo.claimed', (event) => void heard.push(event));
      await t.app.events.emit('promo.claimed', { playerId: 42, promoCode: 'WELCOME', reward: 10_000 });
      await expect.poll(() => heard).toEqual([{ playerId: 42, promoCode: 'WELCOME', reward: 10_000 }]);
    } finally {
      other.close();
      await otherTransport.close();
    }
  });
});
