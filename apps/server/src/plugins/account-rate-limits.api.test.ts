import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Messages, PromoRoutes } from '@karera/shared';
import { buildApp } from '../app.ts';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../test/player-flow.ts';

/**
 * Issue 30 §2: a route that needs a session limits each account, not each address. promo/claim allows a
 * player 20 claims a minute: players sharing one address (a carrier's NAT) each get their own 20, and one
 * player gets 20 however many addresses they use, on any instance (PostgreSQL's shared store).
 */
const CLAIMS_PER_MINUTE = 20;

describe(`limits of signed-in routes count accounts (${testDialect})`, () => {
  let t: TestApp;
  let second: FastifyInstance | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    // On PostgreSQL a second instance on the same database: the count is one across both.
    if (testDialect === 'postgres') second = await buildApp(t.config);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });
  const apps = () => [t.app, ...(second ? [second] : [])];

  /** A claim of a code no promo has: refused (400), and counted by the route's limit like any claim. */
  const claim = (app: FastifyInstance, player: RegisteredPlayer, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: PromoRoutes.claim,
      headers: { cookie: player.cookie },
      payload: { promoCode: 'NO-SUCH-PROMO', idempotencyKey: `k-${randomUUID()}` },
      remoteAddress,
    });

  it('gives each player behind one address their own allowance', async () => {
    const shared = '203.0.113.50';
    const players = [await registerPlayer(t.app), await registerPlayer(t.app), await registerPlayer(t.app)];
    for (const player of players) {
      for (let i = 0; i < CLAIMS_PER_MINUTE; i += 1) {
        const app = apps()[i % apps().length] as FastifyInstance;
        const answer = await claim(app, player, shared);
        expect(answer.statusCode, answer.body).toBe(400);
      }
    }
    // Each has used their own allowance, and only their own.
    for (const player of players) {
      const answer = await claim(t.app, player, shared);
      expect(answer.statusCode).toBe(429);
      expect(answer.json()).toMatchObject({ statusCode: 429, statusMessage: Messages.tooManyRequests });
    }
    expect((await claim(t.app, await registerPlayer(t.app), shared)).statusCode).toBe(400);
  });

  it('limits one player whatever the address and the instance', async () => {
    const player = await registerPlayer(t.app);
    const answers = [];
    for (let i = 0; i < CLAIMS_PER_MINUTE + 5; i += 1) {
      const app = apps()[i % apps().length] as FastifyInstance;
      answers.push((await claim(app, player, `198.51.100.${i + 1}`)).statusCode);
    }
    expect(answers.filter((status) => status === 400)).toHaveLength(CLAIMS_PER_MINUTE);
    expect(answers.slice(CLAIMS_PER_MINUTE)).toEqual([429, 429, 429, 429, 429]);
  });

  it('refuses a claim without a session with the spec 107, before counting anything', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: PromoRoutes.claim,
      payload: { promoCode: 'X', idempotencyKey: `k-${randomUUID()}` },
      remoteAddress: '203.0.113.51',
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ statusCode: 107 });
  });
});
