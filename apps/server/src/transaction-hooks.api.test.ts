import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToteAdminRoutes, type DepositAccountView, type PaymentRequestReceipt } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../test/player-flow.ts';
import { adminPoster, fundPlayer, winRaceDay } from '../test/win-race.ts';
import { createDomainHooks, DOMAIN_HOOK_ORDER, type DomainHookSpecs } from './domain-hooks.ts';
import type { SubscriberOrder } from './lib/tx-hooks.ts';
import { placeBet } from './modules/betting/index.ts';
import { checkLedger, playerBalances } from './modules/wallet/index.ts';

type HookName = keyof DomainHookSpecs & string;

const TEST_SUBSCRIBER = 'test.refuses';

/**
 * Decision 050: a subscriber that throws rolls the publisher's transaction back whole. The app runs with
 * every module's subscribers and, last on every hook, one of the test's own that refuses when told to.
 */
describe(`transaction hooks: a refusing subscriber rolls the publisher's money back (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  const refusing = new Set<HookName>();
  /** The hooks whose test subscriber refused, in order: a 500 is the refusal, not some other fault. */
  const refused: HookName[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      { PLAYER_AUTH_RATE_LIMIT: '1000', STAFF_LOGIN_RATE_LIMIT: '1000' },
      {
        hooks: (config) => {
          const withTest = (hook: HookName) => [...DOMAIN_HOOK_ORDER[hook], TEST_SUBSCRIBER];
          const order: SubscriberOrder<DomainHookSpecs> = {
            'result.recorded': withTest('result.recorded'),
            'tickets.settled': withTest('tickets.settled'),
            'tickets.lost': withTest('tickets.lost'),
            'pool.paid': withTest('pool.paid'),
            'payment.requesting': withTest('payment.requesting'),
            'payment.requested': withTest('payment.requested'),
            'payment.decided': withTest('payment.decided'),
            'bet.placing': withTest('bet.placing'),
            'bets.placed': withTest('bets.placed'),
            'kyc.decided': withTest('kyc.decided'),
          };
          const hooks = createDomainHooks(config, order);
          for (const hook of Object.keys(order) as HookName[]) {
            hooks.on(hook, TEST_SUBSCRIBER, async () => {
              if (!refusing.has(hook)) return;
              refused.push(hook);
              throw new Error(`${hook} refused by the test`);
            });
          }
          return hooks;
        },
      },
    );
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterEach(() => {
    refusing.clear();
    refused.length = 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  const funded = async (amount: number) => {
    const player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, amount);
    return player;
  };
  const credit = async (player: RegisteredPlayer) => (await playerBalances(t.app.db, player.playerId)).creditBalance;
  const requestsOf = async (player: RegisteredPlayer) =>
    t.app.db.selectFrom('payment_requests').select(['id', 'status']).where('player_id', '=', player.playerId).execute();
  const pay = (func: string, player: RegisteredPlayer, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/payment/${func}`, payload, headers: { cookie: player.cookie } });
  const withdrawBody = () => ({
    amount: 50_000,
    companyName: 'gcash',
    accountName: 'Maria Santos',
    accountNumber: '09171234567',
    idempotencyKey: `k-${randomUUID()}`,
  });

  describe('payments', () => {
    it('payment.requesting: a refused withdrawal writes no request and holds nothing', async () => {
      const player = await funded(100_000);
      refusing.add('payment.requesting');
      const body = withdrawBody();
      expect((await pay('initiateWithdraw', player, body)).statusCode).toBe(500);
      expect(refused).toEqual(['payment.requesting']);
      expect(await credit(player)).toBe(100_000);
      expect(await requestsOf(player)).toEqual([]);

      refusing.clear();
      const accepted = await pay('initiateWithdraw', player, body);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await credit(player)).toBe(50_000);
    });

    it('payment.requested: the withdrawal hold moved before the hook is undone, and the same request goes through after', async () => {
      const player = await funded(100_000);
      const body = withdrawBody();
      refusing.add('payment.requested');
      expect((await pay('initiateWithdraw', player, body)).statusCode).toBe(500);
      expect(refused).toEqual(['payment.requested']);
      expect(await credit(player)).toBe(100_000);
      expect(await requestsOf(player)).toEqual([]);
      const holds = await t.app.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('kind', '=', 'WITHDRAW_HOLD')
        .where('actor_id', '=', player.playerId)
        .execute();
      expect(holds).toEqual([]);

      refusing.clear();
      // The idempotency key was rolled back with the rest: the same request is taken now.
      const accepted = await pay('initiateWithdraw', player, body);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await credit(player)).toBe(50_000);
      expect(await requestsOf(player)).toHaveLength(1);
      expect(await checkLedger(t.app.db)).toEqual([]);
    });

    it('payment.decided: a refused approval leaves the deposit pending and its money unmoved', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/backoffice/deposit-accounts',
        payload: { type: 'GCASH', accountName: 'Karera Hooks', accountNumber: '09170000050', active: true },
        headers: { cookie: admin },
      });
      expect(response.statusCode, response.body).toBe(200);
      const account = response.json<{ account: DepositAccountView }>().account;
      const player = await registerPlayer(t.app);
      const referenceNumber = String(Date.now()) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
      // A receipt that reads what the request says: one approval credits it (decision 042).
      const { id: receiptId } = await t.app.db
        .insertInto('payment_receipts')
        .values({
          player_id: player.playerId,
          content_type: 'image/webp',
          data: Buffer.from('RIFF'),
          created_at: new Date().toISOString(),
          read_amount: 50_000,
          read_reference: referenceNumber,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const requested = await pay('initiateDeposit', player, {
        amount: 50_000,
        senderNumber: '09171234567',
        receiverNumber: account.id,
        referenceNumber,
        idempotencyKey: `k-${randomUUID()}`,
        receiptId,
      });
      expect(requested.statusCode, requested.body).toBe(200);
      const requestId = Number(requested.json<PaymentRequestReceipt>().transactionId.slice(2));
      const approve = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/backoffice/payments/${requestId}/approve`,
          payload: {},
          headers: { cookie: admin, 'idempotency-key': `k-${randomUUID()}` },
        });

      refusing.add('payment.decided');
      expect((await approve()).statusCode).toBe(500);
      expect(refused).toEqual(['payment.decided']);
      expect(await requestsOf(player)).toEqual([{ id: requestId, status: 'PENDING' }]);
      expect(await credit(player)).toBe(0);

      refusing.clear();
      const approved = await approve();
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await requestsOf(player)).toEqual([{ id: requestId, status: 'APPROVED' }]);
      expect(await credit(player)).toBe(50_000);
      expect(await checkLedger(t.app.db)).toEqual([]);
    });
  });

  describe('settlement', () => {
    /** A Win race with a winner (runner 1) and a loser (runner 2), closed; its result confirmed by `confirm`. */
    async function race(name: string) {
      const day = await winRaceDay(t.app, admin, name);
      const winner = await funded(10_000);
      const loser = await funded(10_000);
      expect((await day.bet(winner, { selections: [[1]], amount: 1_000 })).statusCode).toBe(200);
      expect((await day.bet(loser, { selections: [[2]], amount: 1_000 })).statusCode).toBe(200);
      await adminPoster(t.app, admin)(`/api/backoffice/racing/races/${day.raceId}/status`, { status: 'C' });
      const confirm = () =>
        t.app.inject({
          method: 'POST',
          url: ToteAdminRoutes.confirmResult(day.raceId),
          payload: { finish: [[1], [2], [3]], idempotencyKey: randomUUID() },
          headers: { cookie: admin },
        });
      const ticketStatus = async (player: RegisteredPlayer) =>
        (
          await t.app.db
            .selectFrom('bet_tickets')
            .select('status')
            .where('player_id', '=', player.playerId)
            .executeTakeFirstOrThrow()
        ).status;
      const poolStatus = async () =>
        (
          await t.app.db
            .selectFrom('pool_settlements')
            .select('status')
            .where('first_race_id', '=', day.raceId)
            .executeTakeFirstOrThrow()
        ).status;
      return { winner, loser, confirm, ticketStatus, poolStatus };
    }

    it('tickets.settled: a refused batch pays no winner; the settlement run again pays once', async () => {
      const { winner, loser, confirm, ticketStatus, poolStatus } = await race('Hooks settled');
      refusing.add('tickets.settled');
      expect((await confirm()).statusCode).toBe(500);
      expect(refused).toEqual(['tickets.settled']);
      expect(await ticketStatus(winner)).toBe('open');
      expect(await credit(winner)).toBe(9_000);
      expect(await poolStatus()).toBe('paying');

      refusing.clear();
      expect((await confirm()).statusCode).toBe(200);
      expect(await ticketStatus(winner)).toBe('won');
      expect(await ticketStatus(loser)).toBe('lost');
      expect(await credit(winner)).toBeGreaterThan(10_000);
      expect(await poolStatus()).toBe('settled');
      expect(await checkLedger(t.app.db)).toEqual([]);
    });

    it('tickets.lost: a refusal leaves the losers open and the pool paying; the run again settles them', async () => {
      const { winner, loser, confirm, ticketStatus, poolStatus } = await race('Hooks lost');
      refusing.add('tickets.lost');
      expect((await confirm()).statusCode).toBe(500);
      expect(refused).toEqual(['tickets.lost']);
      // The winner's batch committed before; the losers' statement went with the refusal.
      expect(await ticketStatus(winner)).toBe('won');
      expect(await ticketStatus(loser)).toBe('open');
      expect(await poolStatus()).toBe('paying');
      const paid = await credit(winner);

      refusing.clear();
      expect((await confirm()).statusCode).toBe(200);
      expect(await ticketStatus(loser)).toBe('lost');
      expect(await credit(winner)).toBe(paid);
      expect(await poolStatus()).toBe('settled');
      expect(await checkLedger(t.app.db)).toEqual([]);
    });

    it('pool.paid: a refusal leaves the pool paying, its breakage unposted; the run again finishes it', async () => {
      const { confirm, poolStatus } = await race('Hooks paid');
      const breakage = () =>
        t.app.db.selectFrom('ledger_transactions').select('id').where('kind', '=', 'BREAKAGE').execute();
      const before = (await breakage()).length;
      refusing.add('pool.paid');
      expect((await confirm()).statusCode).toBe(500);
      expect(refused).toEqual(['pool.paid']);
      expect(await poolStatus()).toBe('paying');
      expect(await breakage()).toHaveLength(before);

      refusing.clear();
      expect((await confirm()).statusCode).toBe(200);
      expect(await poolStatus()).toBe('settled');
      expect(await checkLedger(t.app.db)).toEqual([]);
    });
  });

  it('bet.placing: a refused bet debits nothing and writes no ticket', async () => {
    const day = await winRaceDay(t.app, admin, 'Hooks bet');
    const player = await funded(10_000);
    const event = await t.app.db
      .selectFrom('races')
      .select('event_id')
      .where('id', '=', day.raceId)
      .executeTakeFirstOrThrow();
    const input = {
      raceId: day.raceId,
      eventId: event.event_id,
      betType: 'W' as const,
      selections: [[1]],
      amount: 1_000,
      useBonus: false,
      idempotencyKey: randomUUID(),
    };
    // On the Kysely path (bets on a SQLite file go through a thread that wires createDomainHooks itself;
    // PostgreSQL places bets by its own function): the publisher called with the app's hooks.
    refusing.add('bet.placing');
    await expect(placeBet(t.app.db, player.playerId, input, t.app.hooks)).rejects.toThrow('bet.placing refused');
    expect(refused).toEqual(['bet.placing']);
    expect(await credit(player)).toBe(10_000);
    const tickets = () => t.app.db.selectFrom('bet_tickets').select('id').where('player_id', '=', player.playerId);
    expect(await tickets().execute()).toEqual([]);

    refusing.clear();
    await placeBet(t.app.db, player.playerId, input, t.app.hooks);
    expect(await credit(player)).toBe(9_000);
    expect(await tickets().execute()).toHaveLength(1);
    expect(await checkLedger(t.app.db)).toEqual([]);

    // bets.placed runs after the ticket and its debit are written, in their transaction: a refusal undoes both.
    refusing.add('bets.placed');
    refused.length = 0;
    await expect(
      placeBet(t.app.db, player.playerId, { ...input, idempotencyKey: randomUUID() }, t.app.hooks),
    ).rejects.toThrow('bets.placed refused');
    expect(refused).toEqual(['bets.placed']);
    expect(await credit(player)).toBe(9_000);
    expect(await tickets().execute()).toHaveLength(1);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });
});
