import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApprovalMessages,
  ApprovalRoutes,
  DEFAULT_APPROVAL_SETTINGS,
  manilaDateOf,
  DualControlMessages,
  DualControlRoutes,
  IDEMPOTENCY_KEY_HEADER,
  PaymentBackofficeRoutes,
  PlayerMessages,
  PromoMessages,
  type ApprovalSettingsResponse,
  type BackofficePromoResponse,
  type DualControlRequestResponse,
  type PaymentLimitsResponse,
  type PromoDefinitionInput,
  type ToteSetting,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { independentAdmin } from '../../../test/second-admin.ts';
import { call, registerPlayer, sessionCookieOf, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { insertStaff } from '../staff/index.ts';
import { playerBalances, checkLedger } from '../wallet/index.ts';

const LIMITS = PaymentBackofficeRoutes.limits;
const TOTE_SETTINGS = '/api/backoffice/tote/settings';

/**
 * Issue 30, "one admin alone", ways 3 and 4 (decision 045), walked as the dishonest admin would: raise the
 * money settings and launch a promo paying ₱100,000 to credit 999 times, alone or with a puppet admin they
 * made, then claim it from a session they opened with a login link. Every step ends refused, and no money
 * leaves the house.
 */
describe(`insider chains: settings and promos need a second admin (${testDialect})`, () => {
  let t: TestApp;
  let dishonest: string;
  let dishonestId: number;
  let puppet: string;
  let player: RegisteredPlayer;

  const post = (url: string, cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, ...headers }, payload: payload as object });
  const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
  const approve = (id: number, cookie: string) =>
    post(DualControlRoutes.approve(id), cookie, {}, { [IDEMPOTENCY_KEY_HEADER]: randomUUID() });

  /** Proposes as the dishonest admin, then tries to approve alone and with the puppet: both refused. */
  async function proposeAndTryAlone(url: string, payload: unknown): Promise<DualControlRequestResponse> {
    const proposed = await post(url, dishonest, payload);
    expect(proposed.statusCode, proposed.body).toBe(200);
    const body = proposed.json<DualControlRequestResponse>();
    expect(body.statusMessage).toBe(DualControlMessages.proposed);
    expect(body.request.status).toBe('pending');

    const self = await approve(body.request.id, dishonest);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ statusMessage: DualControlMessages.proposerCannotApprove });
    const byPuppet = await approve(body.request.id, puppet);
    expect(byPuppet.statusCode).toBe(403);
    expect(byPuppet.json()).toMatchObject({ statusMessage: ApprovalMessages.secondPersonInLine });
    // A second proposal cannot replace the first behind the approver's back.
    const again = await post(url, dishonest, payload);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusMessage: DualControlMessages.alreadyPending });
    return body;
  }

  const promo = (overrides: Partial<PromoDefinitionInput> = {}): PromoDefinitionInput => ({
    promoCode: `X${randomUUID().slice(0, 8)}`.toUpperCase(),
    name: 'Jackpot for a friend',
    description: 'Paid to credit',
    creditTo: 'CREDIT',
    kind: 'fixed',
    rewardAmount: 10_000_000,
    rateBasisPoints: 0,
    rewardCap: 0,
    remaining: 999,
    perPlayerLimit: 999,
    dailyDepositReq: 0,
    accountDaysReq: 0,
    validityInHours: 0,
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    codeOnly: true,
    ...overrides,
  });
  const claim = (cookie: string, promoCode: string) =>
    post('/api/promo/claim', cookie, { promoCode, idempotencyKey: `k-${randomUUID()}` });

  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000', STAFF_LOGIN_RATE_LIMIT: '1000' });
    dishonest = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    dishonestId = (
      await t.app.db
        .selectFrom('staff_users')
        .select('id')
        .where('username', '=', TEST_ADMIN.username)
        .executeTakeFirstOrThrow()
    ).id;
    // The puppet: an admin the dishonest admin created, long enough ago to be past any probation.
    const username = `puppet-${randomUUID().slice(0, 8)}`;
    const row = await insertStaff(t.app.db, {
      username,
      displayName: 'Puppet admin',
      passwordHash: await hashPassword('puppet-password-1'),
      role: 'admin',
      parentId: null,
      referralCode: null,
      createdByStaffId: dishonestId,
    });
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await t.app.db.updateTable('staff_users').set({ created_at: longAgo }).where('id', '=', row.id).execute();
    puppet = await staffCookie(t.app, username, 'puppet-password-1');
    player = await registerPlayer(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('way 3: approval settings, payment limits and pool settings stay as they were', async () => {
    // 1. Thresholds to the top and no daily limit for admins, so every later approval is one person's.
    const loose = {
      depositSecondApprovalAbove: 100_000_000,
      adjustmentSecondApprovalAbove: 100_000_000,
      promoSecondApprovalAbove: 100_000_000,
      dailyApprovalLimits: { agent: null, master_agent: null, admin: null },
    };
    await proposeAndTryAlone(ApprovalRoutes.settings, loose);
    const settings = (await get(ApprovalRoutes.settings, dishonest)).json<ApprovalSettingsResponse>();
    expect(settings).toMatchObject({
      depositSecondApprovalAbove: DEFAULT_APPROVAL_SETTINGS.depositSecondApprovalAbove,
      promoSecondApprovalAbove: DEFAULT_APPROVAL_SETTINGS.promoSecondApprovalAbove,
      dailyApprovalLimits: DEFAULT_APPROVAL_SETTINGS.dailyApprovalLimits,
    });

    // 2. The withdrawal limit raised, to take everything out at once.
    const before = (await get(LIMITS, dishonest)).json<PaymentLimitsResponse>();
    await proposeAndTryAlone(LIMITS, {
      deposit: before.deposit,
      withdraw: { min: before.withdraw.min, max: 1_000_000_00 },
    });
    expect((await get(LIMITS, dishonest)).json<PaymentLimitsResponse>().withdraw).toEqual(before.withdraw);

    // 3. A Win pool with no shares, no stamp tax and no tax on winnings from today.
    await proposeAndTryAlone(TOTE_SETTINGS, {
      betType: 'W',
      shares: [],
      stampTax: null,
      winningsTax: { rateBp: 0, base: 'winnings' },
      noWinner: 'refund',
      multiRaceScratch: 'favourite',
      cancelledLeg: 'refund',
      effectiveFrom: manilaDateOf(new Date()),
    });
    const tote = (await get(TOTE_SETTINGS, dishonest)).json<{ settings: ToteSetting[] }>();
    expect(tote.settings.filter((s) => s.betType === 'W' && s.shares.length === 0)).toEqual([]);

    // The KYC gates are the server's configuration (KYC_GATES), not a setting any admin can change.
  });

  it('way 4: a promo of ₱100,000 to credit, 999 times a player, never goes live alone', async () => {
    const created = await post('/api/backoffice/promos', dishonest, promo());
    expect(created.statusCode, created.body).toBe(200);
    const { promo: stored, approvalRequest, statusMessage } = created.json<BackofficePromoResponse>();
    expect(statusMessage).toBe(DualControlMessages.proposed);
    expect(stored).toMatchObject({ active: false, awaitingApproval: true });
    expect(approvalRequest?.status).toBe('pending');
    const requestId = approvalRequest?.id ?? 0;

    // Claimed while it waits: not available.
    const early = await claim(player.cookie, stored.promoCode);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ statusMessage: PromoMessages.notAvailable });

    // Switched on by hand: proposed again, refused as already waiting; still not live.
    const resumed = await post(`/api/backoffice/promos/${stored.id}/active`, dishonest, { active: true });
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json()).toMatchObject({ statusMessage: DualControlMessages.alreadyPending });
    // Edited to look harmless while the proposal waits: refused.
    const edited = await post(`/api/backoffice/promos/${stored.id}`, dishonest, promo({ promoCode: stored.promoCode }));
    expect(edited.statusCode).toBe(409);
    expect(edited.json()).toMatchObject({ statusMessage: PromoMessages.awaitingApproval });

    const self = await approve(requestId, dishonest);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ statusMessage: DualControlMessages.proposerCannotApprove });
    const byPuppet = await approve(requestId, puppet);
    expect(byPuppet.statusCode).toBe(403);
    expect(byPuppet.json()).toMatchObject({ statusMessage: ApprovalMessages.secondPersonInLine });

    const late = await claim(player.cookie, stored.promoCode);
    expect(late.statusCode).toBe(400);

    // A bonus promo within ₱1,000 a player goes live at once; a percentage without a cap does not.
    const small = await post(
      '/api/backoffice/promos',
      dishonest,
      promo({ creditTo: 'BONUS', rewardAmount: 100_000, perPlayerLimit: 1 }),
    );
    expect(small.json<BackofficePromoResponse>()).toMatchObject({ promo: { active: true }, approvalRequest: null });
    const uncapped = await post(
      '/api/backoffice/promos',
      dishonest,
      promo({ creditTo: 'BONUS', kind: 'depositPercent', rewardAmount: 0, rateBasisPoints: 10_000, perPlayerLimit: 1 }),
    );
    expect(uncapped.json<BackofficePromoResponse>()).toMatchObject({
      promo: { active: false, awaitingApproval: true },
    });
  });

  it('way 4: a session opened from a login link cannot claim a promo', async () => {
    const live = await post(
      '/api/backoffice/promos',
      dishonest,
      promo({ creditTo: 'BONUS', rewardAmount: 5_000, perPlayerLimit: 1 }),
    );
    const { promoCode } = live.json<BackofficePromoResponse>().promo;
    const issued = await post(`/api/backoffice/players/${player.playerId}/login-link`, dishonest, {
      reason: 'Player asked for help',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const token = new URL(issued.json<{ url: string }>().url, 'http://x').searchParams.get('s') ?? '';
    const login = await call(t.app, 'linkLogin', { playerId: player.playerId, token });
    expect(login.statusCode, login.body).toBe(200);
    const refused = await claim(sessionCookieOf(login), promoCode);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ statusMessage: PlayerMessages.staffSessionRefused });
  });

  it('ends with no money out of the house, and an independent second admin can still approve', async () => {
    const balances = await playerBalances(t.app.db, player.playerId);
    expect(balances.creditBalance).toBe(0);
    expect(balances.bonusBalance).toBe(0);
    const claims = await t.app.db.selectFrom('promo_claims').select('id').execute();
    expect(claims).toEqual([]);
    expect(await checkLedger(t.app.db)).toEqual([]);

    // The same requests, approved by an admin outside the dishonest admin's line, apply.
    const second = await independentAdmin(t.app);
    const { pending } = (await get(DualControlRoutes.list, second.cookie)).json<{
      pending: { id: number; kind: string }[];
    }>();
    const settingsRequest = pending.find((r) => r.kind === 'payments.approval_settings');
    expect(settingsRequest).toBeDefined();
    const approved = await approve(settingsRequest?.id ?? 0, second.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    const settings = (await get(ApprovalRoutes.settings, dishonest)).json<ApprovalSettingsResponse>();
    expect(settings.depositSecondApprovalAbove).toBe(100_000_000);
  });
});
