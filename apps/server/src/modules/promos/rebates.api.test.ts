import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PromoMessages,
  ToteAdminRoutes,
  type BackofficePromo,
  type BackofficePromoDetailResponse,
  type BetHistoryResponse,
  type BetReceipt,
  type PromoHistoryResponse,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { approveAsSecondAdmin } from '../../../test/second-admin.ts';
import { call, registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, openRace, placeBetAs } from '../../../test/win-race.ts';
import { playerBalances, checkLedger } from '../wallet/index.ts';

/**
 * docs/product/promos.md#rebates: while a rebate promo is the player's active promo, each settled bet returns 5% of its
 * credit stake as bonus.
 */
describe(`rebates on settled bets (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let rebate: BackofficePromo;

  /** The 5% rebate every test here bets under. */
  const rebateTerms = {
    promoCode: `REB${randomUUID().slice(0, 6)}`,
    name: 'Rebate 5%',
    description: '5% of every settled credit bet back as bonus',
    creditTo: 'BONUS',
    kind: 'rebate',
    rewardAmount: 0,
    rateBasisPoints: 500,
    rewardCap: 0,
    remaining: 999,
    perPlayerLimit: 999,
    dailyDepositReq: 0,
    accountDaysReq: 0,
    validityInHours: 168,
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    codeOnly: false,
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promos',
      headers: { cookie: admin },
      payload: rebateTerms,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<{ promo: BackofficePromo; approvalRequest: { id: number } | null }>();
    // A rebate has no bound per player: it goes live when a second admin approves it (decision 045).
    if (saved.approvalRequest) await approveAsSecondAdmin(t.app, saved.approvalRequest.id);
    rebate = saved.promo;
  });
  afterAll(async () => {
    await t.close();
  });

  const claim = (p: RegisteredPlayer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/promo/claim',
      payload: { promoCode: rebate.promoCode, idempotencyKey: randomUUID() },
      headers: { cookie: p.cookie },
    });

  async function raceDay(name: string) {
    const { event } = await adminPoster(t.app, admin)<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-23',
      enabledBetTypes: [],
    });
    const race = await openRace(t.app, admin, event.id, 1, 4);
    const bet = (p: RegisteredPlayer, body: Record<string, unknown>) =>
      placeBetAs(t.app, p, { raceId: race.raceId, eventId: event.id, ...body });
    const settle = async (finish: number[][], scratch?: number) => {
      const post = adminPoster(t.app, admin);
      if (scratch !== undefined) {
        const runner = race.runners.find((r) => r.runnerNo === String(scratch));
        await post(`/api/backoffice/racing/runners/${runner?.id}/scratch`, { scratched: true });
      }
      await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
      const confirmed = await t.app.inject({
        method: 'POST',
        url: ToteAdminRoutes.confirmResult(race.raceId),
        payload: { finish, idempotencyKey: randomUUID() },
        headers: { cookie: admin },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    };
    return { bet, settle, race };
  }

  it('pays 5% of each settled ticket’s credit stake as bonus, won or lost, once; bonus stakes and earlier bets earn nothing', async () => {
    const p = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, p, 100_000);
    const { bet, settle } = await raceDay('Rebate Day');
    // Placed before the promo was claimed: earns nothing.
    const before = (await bet(p, { selections: [[3]], amount: 10_000 })).json<BetReceipt>();
    const claimed = await claim(p);
    expect(claimed.statusCode).toBe(200);
    // A rebate pays nothing at its claim: the popup says so from the answer.
    expect(claimed.json<{ reward: number }>().reward).toBe(0);
    const lost = (await bet(p, { selections: [[1]], amount: 10_000 })).json<BetReceipt>();
    const won = (await bet(p, { selections: [[2]], amount: 3_000 })).json<BetReceipt>();
    await fundPlayer(t.app, admin, p, 4_001, 'bonus');
    // ₱40.01 of bonus first, then ₱59.99 of credit: only the credit part earns, rounded down (₱2.9995).
    const mixed = (await bet(p, { selections: [[4]], amount: 10_000, useBonus: true })).json<BetReceipt>();
    const balancesBefore = await playerBalances(t.app.db, p.playerId);

    await settle([[2], [1], [3], [4]]);

    const history = (await call(t.app, '../game/getBetHistory', {}, p.cookie)).json<BetHistoryResponse>();
    const earned = new Map(history.betHistory.map((ticket) => [ticket.ticketNo, ticket.bonusEarned]));
    expect(earned.get(before.ticket_no)).toBe(0);
    expect(earned.get(lost.ticket_no)).toBe(500);
    expect(earned.get(won.ticket_no)).toBe(150);
    expect(earned.get(mixed.ticket_no)).toBe(299);
    const after = await playerBalances(t.app.db, p.playerId);
    expect(after.bonusBalance - balancesBefore.bonusBalance).toBe(500 + 150 + 299);

    const [claimEntry] = (
      await t.app.inject({ method: 'POST', url: '/api/promo/history', payload: {}, headers: { cookie: p.cookie } })
    ).json<PromoHistoryResponse>().promos;
    expect(claimEntry).toMatchObject({ promoCode: rebate.promoCode, totalEarnings: 949, status: 'A' });
    const detail = (
      await t.app.inject({ url: `/api/backoffice/promos/${rebate.id}`, headers: { cookie: admin } })
    ).json<BackofficePromoDetailResponse>();
    expect(detail.claims.find((c) => c.playerId === p.playerId)?.rebates).toBe(949);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('earns nothing on a refunded stake, and nothing for a player without the promo', async () => {
    const p = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, p, 50_000);
    await fundPlayer(t.app, admin, other, 50_000);
    expect((await claim(p)).statusCode).toBe(200);
    const { bet, settle } = await raceDay('Scratch Day');
    const refunded = (await bet(p, { selections: [[4]], amount: 10_000 })).json<BetReceipt>();
    const plain = (await bet(other, { selections: [[1]], amount: 10_000 })).json<BetReceipt>();
    await settle([[2], [1], [3]], 4);
    const earned = async (who: RegisteredPlayer, ticketNo: string) =>
      (await call(t.app, '../game/getBetHistory', {}, who.cookie))
        .json<BetHistoryResponse>()
        .betHistory.find((ticket) => ticket.ticketNo === ticketNo)?.bonusEarned;
    expect(await earned(p, refunded.ticket_no)).toBe(0);
    expect(await earned(other, plain.ticket_no)).toBe(0);
    expect((await playerBalances(t.app.db, p.playerId)).bonusBalance).toBe(0);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });
  it('keeps a claimed promo’s reward: one admin cannot turn a ₱1 bonus already claimed into a rebate of every stake', async () => {
    // A fixed ₱1 bonus, code only, no duration: within the operator's amount, live at once with one admin.
    const definition = {
      ...rebateTerms,
      promoCode: `ONE${randomUUID().slice(0, 6)}`,
      name: 'One peso',
      description: 'A peso of bonus',
      kind: 'fixed',
      rewardAmount: 100,
      rateBasisPoints: 0,
      perPlayerLimit: 1,
      validityInHours: 0,
      codeOnly: true,
    };
    const save = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload: payload as Record<string, unknown> });
    const created = await save('/api/backoffice/promos', definition);
    expect(created.statusCode, created.body).toBe(200);
    const promo = created.json<{ promo: BackofficePromo; approvalRequest: unknown }>();
    expect(promo.approvalRequest).toBeNull();
    const accomplice = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, accomplice, 50_000);
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/promo/claim',
      payload: { promoCode: definition.promoCode, idempotencyKey: randomUUID() },
      headers: { cookie: accomplice.cookie },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const bonusAfterClaim = (await playerBalances(t.app.db, accomplice.playerId)).bonusBalance;

    // The same admin edits the claimed promo into a 100% rebate: refused, and nothing of the edit is kept.
    const edit = await save(`/api/backoffice/promos/${promo.promo.id}`, {
      ...definition,
      kind: 'rebate',
      rewardAmount: 0,
      rateBasisPoints: 10_000,
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json<{ statusMessage: string }>().statusMessage).toBe(PromoMessages.rewardClaimed);
    const stored = await t.app.db
      .selectFrom('promos')
      .select(['kind', 'rate_bp', 'reward_amount'])
      .where('id', '=', promo.promo.id)
      .executeTakeFirstOrThrow();
    expect({ ...stored, rate_bp: Number(stored.rate_bp), reward_amount: Number(stored.reward_amount) }).toEqual({
      kind: 'fixed',
      rate_bp: 0,
      reward_amount: 100,
    });
    // Nor may the approved 5% rebate, once a player has claimed it, become 100%.
    expect((await claim(await registerPlayer(t.app))).statusCode).toBe(200);
    const raise = await save(`/api/backoffice/promos/${rebate.id}`, { ...rebateTerms, rateBasisPoints: 10_000 });
    expect(raise.statusCode, raise.body).toBe(409);
    // Its words may still change: only the reward is the claim's.
    const renamed = await save(`/api/backoffice/promos/${promo.promo.id}`, { ...definition, name: 'One peso, thanks' });
    expect(renamed.statusCode, renamed.body).toBe(200);

    // The accomplice's credit bets earn nothing back.
    const { bet, settle } = await raceDay('No Rebate Day');
    const stake = (await bet(accomplice, { selections: [[1]], amount: 10_000 })).json<BetReceipt>();
    await settle([[2], [1], [3], [4]]);
    const history = (await call(t.app, '../game/getBetHistory', {}, accomplice.cookie)).json<BetHistoryResponse>();
    expect(history.betHistory.find((ticket) => ticket.ticketNo === stake.ticket_no)?.bonusEarned).toBe(0);
    expect((await playerBalances(t.app.db, accomplice.playerId)).bonusBalance).toBe(bonusAfterClaim);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });
});
