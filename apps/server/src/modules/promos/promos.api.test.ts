import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PromoMessages,
  type BackofficePromo,
  type BackofficePromoDetailResponse,
  type BackofficePromoResponse,
  type CreditHistoryEntry,
  type PromoClaimResponse,
  type PromoDefinitionInput,
  type PromoHistoryResponse,
  type PromoListResponse,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { createStaffAccount } from '../../../test/staff-accounts.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { approveAsSecondAdmin } from '../../../test/second-admin.ts';
import { matchingReceipt } from '../../../test/receipts.ts';
import { playerBalances, checkLedger } from '../wallet/index.ts';
import { manilaDayStart } from './promos.service.ts';

const key = () => `k-${randomUUID()}`;
let addressSeq = 0;
/** Each call from its own address: the claim route's per-address limit is not what these tests test. */
const nextAddress = () => {
  addressSeq += 1;
  return `10.${Math.floor(addressSeq / 65_536) % 256}.${Math.floor(addressSeq / 256) % 256}.${addressSeq % 256}`;
};

describe(`promos (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;

  const promo = (overrides: Partial<PromoDefinitionInput> = {}): PromoDefinitionInput => ({
    promoCode: `P${randomUUID().slice(0, 8)}`.toUpperCase(),
    name: 'Test promo',
    description: 'A promo for a test',
    creditTo: 'BONUS',
    kind: 'fixed',
    rewardAmount: 10_000,
    rateBasisPoints: 0,
    rewardCap: 0,
    remaining: 999,
    perPlayerLimit: 1,
    dailyDepositReq: 0,
    accountDaysReq: 0,
    validityInHours: 24,
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    codeOnly: false,
    ...overrides,
  });
  async function define(overrides: Partial<PromoDefinitionInput> = {}): Promise<BackofficePromo> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promos',
      payload: promo(overrides),
      headers: { cookie: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<BackofficePromoResponse>();
    if (!saved.approvalRequest) return saved.promo;
    // Its rewards need a second admin to go live (decision 045): the independent admin approves it.
    await approveAsSecondAdmin(t.app, saved.approvalRequest.id);
    const detail = await t.app.inject({ url: `/api/backoffice/promos/${saved.promo.id}`, headers: { cookie: admin } });
    return detail.json<BackofficePromoDetailResponse>().promo;
  }
  const player = (path: string, who: RegisteredPlayer, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/promo/${path}`,
      payload,
      headers: { cookie: who.cookie },
      remoteAddress: nextAddress(),
    });
  const claim = (who: RegisteredPlayer, promoCode: string, idempotencyKey = key()) =>
    player('claim', who, { promoCode, idempotencyKey });
  const listed = async (who: RegisteredPlayer) => (await player('list', who)).json<PromoListResponse>().promos;
  const history = async (who: RegisteredPlayer) => (await player('history', who)).json<PromoHistoryResponse>().promos;

  beforeAll(async () => {
    // The concurrency cases register a hundred players from one address.
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '2000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  it('pays a fixed promo to bonus once, in the ledger and the wallet history, and lists it as claimed', async () => {
    const welcome = await define({ rewardAmount: 10_000, validityInHours: 48 });
    const p = await registerPlayer(t.app);
    const before = await listed(p);
    expect(before.find((x) => x.promoCode === welcome.promoCode)).toMatchObject({
      remaining: 999,
      playerRemaining: 1,
      rewardAmount: 10_000,
      validityInHours: 48,
    });

    const response = await claim(p, welcome.promoCode.toLowerCase());
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<PromoClaimResponse>();
    expect(answer).toMatchObject({
      statusCode: 200,
      promoCode: welcome.promoCode,
      name: 'Test promo',
      bonusBalance: 10_000,
      reward: 10_000,
    });
    expect(answer.statusMessage).toBe(PromoMessages.claimed);
    expect(Date.parse(answer.expiryDate ?? '') - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect(await playerBalances(t.app.db, p.playerId)).toMatchObject({ creditBalance: 0, bonusBalance: 10_000 });

    const [entry] = await history(p);
    expect(entry).toMatchObject({
      promoCode: welcome.promoCode,
      status: 'A',
      totalEarnings: 10_000,
      playerRemaining: 0,
    });
    expect((await listed(p)).find((x) => x.promoCode === welcome.promoCode)?.playerRemaining).toBe(0);

    const wallet = await t.app.inject({
      method: 'POST',
      url: '/api/payment/getTransactionHistory',
      payload: {},
      headers: { cookie: p.cookie },
    });
    const rows = wallet.json<{ creditHistory: CreditHistoryEntry[] }>().creditHistory;
    expect(rows).toEqual([expect.objectContaining({ paymentType: 'PROMO', bonus: 10_000, status: 'APPROVED' })]);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('answers a retried claim with the same answer and pays once', async () => {
    const offer = await define({ rewardAmount: 5_000 });
    const p = await registerPlayer(t.app);
    const idem = key();
    const first = await claim(p, offer.promoCode, idem);
    const again = await claim(p, offer.promoCode, idem);
    expect(again.json()).toEqual(first.json());
    expect((await playerBalances(t.app.db, p.playerId)).bonusBalance).toBe(5_000);
  });

  it.each([
    ['an empty code', '  ', PromoMessages.codeRequired],
    ['an unknown code', 'NOSUCHCODE', PromoMessages.notFound],
  ])('refuses %s', async (_case, code, message) => {
    const p = await registerPlayer(t.app);
    const response = await claim(p, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().statusMessage).toBe(message);
  });

  it('refuses a paused, not yet started or ended promo, and hides it and code-only promos from the list', async () => {
    const paused = await define();
    const pause = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/promos/${paused.id}/active`,
      payload: { active: false },
      headers: { cookie: admin },
    });
    expect(pause.json<{ promo: BackofficePromo }>().promo.active).toBe(false);
    const later = await define({ startsAt: '2099-01-01T00:00:00.000Z' });
    const ended = await define({ startsAt: '2026-01-01T00:00:00.000Z', endsAt: '2026-02-01T00:00:00.000Z' });
    const codeOnly = await define({ codeOnly: true });
    const p = await registerPlayer(t.app);
    const codes = (await listed(p)).map((x) => x.promoCode);
    for (const hidden of [paused, later, ended, codeOnly]) expect(codes).not.toContain(hidden.promoCode);
    for (const refused of [paused, later, ended]) {
      expect((await claim(p, refused.promoCode)).json().statusMessage).toBe(PromoMessages.notAvailable);
    }
    // A code-only promo is claimed by its code.
    expect((await claim(p, codeOnly.promoCode)).statusCode).toBe(200);
  });

  it('keeps one promo active at a time; a reward without a duration holds nothing', async () => {
    const once = await define({ validityInHours: 0, rewardAmount: 1_000 });
    const first = await define({ validityInHours: 1 });
    const second = await define();
    const p = await registerPlayer(t.app);
    expect((await claim(p, once.promoCode)).json<PromoClaimResponse>().expiryDate).toBeNull();
    expect((await claim(p, first.promoCode)).statusCode).toBe(200);
    const refused = await claim(p, second.promoCode);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().statusMessage).toBe(PromoMessages.activePromo);
    const entries = await history(p);
    expect(entries.map((e) => [e.promoCode, e.status])).toEqual([
      [first.promoCode, 'A'],
      [once.promoCode, 'X'],
    ]);
    expect(entries[1]?.expiryDate).toBeNull();

    // Once the active one has run out, another may be claimed.
    await t.app.db
      .updateTable('promo_claims')
      .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
      .where('player_id', '=', p.playerId)
      .where('status', '=', 'A')
      .execute();
    expect((await history(p))[0]?.status).toBe('X');
    expect((await claim(p, second.promoCode)).statusCode).toBe(200);
  });

  it('counts the per-player limit', async () => {
    const twice = await define({ perPlayerLimit: 2, validityInHours: 0 });
    const p = await registerPlayer(t.app);
    expect((await claim(p, twice.promoCode)).statusCode).toBe(200);
    expect((await claim(p, twice.promoCode)).statusCode).toBe(200);
    expect((await claim(p, twice.promoCode)).json().statusMessage).toBe(PromoMessages.playerLimit);
  });

  it('asks for the account age', async () => {
    const loyal = await define({ accountDaysReq: 30 });
    const p = await registerPlayer(t.app);
    expect((await claim(p, loyal.promoCode)).json().statusMessage).toBe(PromoMessages.accountAge(30));
    await t.app.db
      .updateTable('players')
      .set({ created_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where('id', '=', p.playerId)
      .execute();
    expect((await claim(p, loyal.promoCode)).statusCode).toBe(200);
  });

  it('pays a deposit promo on today’s approved deposits, capped, and refuses without them', async () => {
    const deposit = await define({
      kind: 'depositPercent',
      rewardAmount: 0,
      rateBasisPoints: 1_000,
      rewardCap: 50_000,
      dailyDepositReq: 50_000,
    });
    const p = await registerPlayer(t.app);
    expect((await claim(p, deposit.promoCode)).json().statusMessage).toBe(PromoMessages.dailyDeposit('500.00'));

    // An approved deposit of ₱1,200 today (made here as the payment module records it).
    const account = await t.app.db
      .insertInto('deposit_accounts')
      .values({
        type: 'GCASH',
        account_name: 'Karera Promo',
        account_number: `0917${String(Date.now()).slice(-7)}`,
        company_number: null,
        active: 1,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // With a receipt whose reading matches, so the admin's one approval credits it (decision 042).
    const sent = { amount: 120_000, referenceNumber: `R${Date.now()}` };
    const initiate = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiateDeposit',
      payload: {
        ...sent,
        senderNumber: '09171234567',
        receiverNumber: account.id,
        receiptId: await matchingReceipt(t.app, p.playerId, sent),
        idempotencyKey: key(),
      },
      headers: { cookie: p.cookie },
    });
    expect(initiate.statusCode, initiate.body).toBe(200);
    const id = Number(initiate.json<{ transactionId: string }>().transactionId.slice(2));
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/payments/${id}/approve`,
      payload: {},
      headers: { cookie: admin, 'idempotency-key': key() },
    });
    expect(approve.statusCode, approve.body).toBe(200);

    const paid = await claim(p, deposit.promoCode);
    expect(paid.statusCode, paid.body).toBe(200);
    // 10% of ₱1,200 is ₱120, under the ₱500 cap.
    expect(paid.json<PromoClaimResponse>().bonusBalance).toBe(12_000);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  // A hundred accounts to register first (a password hash each): more than the default 30 s on a busy machine.
  it('gives exactly 10 claims to 100 players claiming a promo with 10 left at once', { timeout: 120_000 }, async () => {
    const scarce = await define({ remaining: 10, validityInHours: 0 });
    const players = await Promise.all(Array.from({ length: 100 }, () => registerPlayer(t.app)));
    const answers = await Promise.all(players.map((p) => claim(p, scarce.promoCode)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect(refused.json().statusMessage).toBe(PromoMessages.soldOut);
    }
    const detail = await t.app.inject({ url: `/api/backoffice/promos/${scarce.id}`, headers: { cookie: admin } });
    expect(detail.json<BackofficePromoDetailResponse>()).toMatchObject({
      promo: { remaining: 0, claims: 10, granted: 100_000 },
    });
    expect((await listed(players[0] as RegisteredPlayer)).map((x) => x.promoCode)).not.toContain(scarce.promoCode);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('gives one claim to a player claiming twice at once, and one active promo when claiming two', async () => {
    const a = await define();
    const b = await define();
    const p = await registerPlayer(t.app);
    const same = await Promise.all(Array.from({ length: 5 }, () => claim(p, a.promoCode)));
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const q = await registerPlayer(t.app);
    const both = await Promise.all([claim(q, a.promoCode), claim(q, b.promoCode)]);
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(both.find((r) => r.statusCode !== 200)?.json().statusMessage).toBe(PromoMessages.activePromo);
    expect((await playerBalances(t.app.db, q.playerId)).bonusBalance).toBe(10_000);
  });

  it('lets only admins define promos, with strict inputs, every change audited', async () => {
    const refusedType = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promos',
      payload: { ...promo(), rewardAmount: '100' },
      headers: { cookie: admin },
    });
    expect(refusedType.statusCode).toBe(400);
    const refusedField = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promos',
      payload: { ...promo(), bonusFor: 'me' },
      headers: { cookie: admin },
    });
    expect(refusedField.statusCode).toBe(400);
    const created = await define({ promoCode: `dup${randomUUID().slice(0, 6)}` });
    expect(created.promoCode).toBe(created.promoCode.toUpperCase());
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promos',
      payload: promo({ promoCode: created.promoCode }),
      headers: { cookie: admin },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ fieldErrors: { promoCode: PromoMessages.codeTaken } });

    const staff = await createStaffAccount(t.app, admin, {
      role: 'master_agent',
      username: `ag-${randomUUID().slice(0, 6)}`,
      displayName: 'Agent',
      password: 'staff-password-1',
    });
    const agent = await staffCookie(t.app, staff.username, staff.password);
    const byAgent = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promos',
      payload: promo(),
      headers: { cookie: agent },
    });
    expect(byAgent.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/backoffice/promos', headers: { cookie: agent } })).statusCode).toBe(403);
    const players = await registerPlayer(t.app);
    expect(
      (await t.app.inject({ url: '/api/backoffice/promos', headers: { cookie: players.cookie } })).statusCode,
    ).toBe(401);

    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'promo')
      .where('target_id', '=', String(created.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['promo.created']);
  });

  it('starts the promo day at midnight in Manila', () => {
    expect(manilaDayStart(new Date('2026-11-23T15:59:00Z'))).toBe('2026-11-22T16:00:00.000Z');
    expect(manilaDayStart(new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-23T16:00:00.000Z');
  });
});
