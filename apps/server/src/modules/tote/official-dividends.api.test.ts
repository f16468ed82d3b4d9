import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DualControlMessages,
  DualControlRoutes,
  IDEMPOTENCY_KEY_HEADER,
  officialExcessMessage,
  ToteAdminRoutes,
  ToteMessages,
  type DualControlRequestResponse,
  type BetReceipt,
  type Race,
  type ResultPreview,
  type SettlementReport,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { useLegacyTakeouts } from '../../../test/tote-policies.ts';
import { call, registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { checkLedger, accountIdByCode, HouseAccount, playerBalances, postTransaction } from '../wallet/index.ts';
import { independentAdmin } from '../../../test/second-admin.ts';
import { insertStaff } from '../staff/index.ts';

/**
 * Official dividends and the pool's money (decision 046): walked as a dishonest admin would try it, an
 * official dividend far above the pool (₱10 ticket, ₱20 pool, 10,000,000.00 for 1.00) is refused and moves
 * nothing; the tote's own 1.00 minimum is a minus pool the house pays in, never negative breakage; and the
 * ledger check catches a pool that paid more than it held.
 */
describe(`official dividends are bounded by the pool (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    // Figures below are worked out on the single takeouts of before the EO 194 split (decision 049).
    await useLegacyTakeouts(t.app.db);
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  const adminCall = async <T>(
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
    cookie = admin,
  ) => {
    const response = await t.app.inject({ method, url, payload, headers: { cookie } });
    return { status: response.statusCode, body: response.json<T & { statusCode: number; statusMessage?: string }>() };
  };
  const post = async <T>(url: string, payload: Record<string, unknown>) =>
    (await adminCall<T>('POST', url, payload)).body;

  async function raceOf(): Promise<{ eventId: number; race: Race }> {
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: `Official Day ${randomUUID().slice(0, 8)}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: [],
    });
    const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${event.id}/races`, {
      raceNo: 1,
      startDateTime: '2026-11-22T06:00:00Z',
      enabledBetTypes: [],
    });
    for (const runnerNo of ['1', '2', '3', '4']) {
      await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
        runnerNo,
        horseName: `Horse ${runnerNo}`,
        jockeyName: 'J. Cruz',
      });
    }
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
    return { eventId: event.id, race };
  }

  async function player(): Promise<RegisteredPlayer> {
    const registered = await registerPlayer(t.app);
    const funded = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/players/${registered.playerId}/adjustments`,
      headers: { cookie: admin, 'idempotency-key': randomUUID() },
      payload: { account: 'credit', amount: 10_000, reason: 'Test funds' },
    });
    expect(funded.statusCode).toBe(200);
    return registered;
  }

  async function winBet(who: RegisteredPlayer, day: { eventId: number; race: Race }, runner: number) {
    const response = await call(
      t.app,
      '../game/placeBet',
      {
        raceId: day.race.raceId,
        eventId: day.eventId,
        betType: 'W',
        selections: [[runner]],
        amount: 1000,
        useBonus: false,
        idempotencyKey: randomUUID(),
      },
      who.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BetReceipt>();
  }

  const close = (race: Race) => post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
  const credit = async (who: RegisteredPlayer) => (await playerBalances(t.app.db, who.playerId)).creditBalance;
  const raceStatus = async (race: Race) =>
    (await t.app.db.selectFrom('races').select('status').where('id', '=', race.raceId).executeTakeFirstOrThrow())
      .status;

  it('refuses an official Win dividend of 10,000,000.00 on a ₱20 pool: nothing is paid, the race stays closed', async () => {
    const day = await raceOf();
    const [insider, other] = [await player(), await player()];
    await winBet(insider, day, 1);
    await winBet(other, day, 2);
    await close(day.race);
    const before = await credit(insider);
    const officialDividends = [{ betType: 'W', combination: '1', dividend: 1_000_000_000 }];

    // The preview shows the excess: the ₱22,000 cap less the ₱17 the pool holds after its 15% takeout.
    const preview = await adminCall<ResultPreview>('POST', ToteAdminRoutes.previewResult(day.race.raceId), {
      finish: [[1], [2]],
      officialDividends,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.pools[0]).toMatchObject({ betType: 'W', officialExcess: 2_198_300 });

    const confirmed = await adminCall('POST', ToteAdminRoutes.confirmResult(day.race.raceId), {
      finish: [[1], [2]],
      officialDividends,
      idempotencyKey: randomUUID(),
    });
    expect(confirmed).toMatchObject({
      status: 400,
      body: { statusMessage: officialExcessMessage('W', '21,983.00') },
    });
    expect(await raceStatus(day.race)).toBe('C');
    expect(await credit(insider)).toBe(before);
    expect(await checkLedger(t.app.db)).toEqual([]);

    // The same race with the tote's own dividend settles as usual: 1.70 for 1.00 on ₱10.
    const settled = await adminCall<{ report: SettlementReport }>(
      'POST',
      ToteAdminRoutes.confirmResult(day.race.raceId),
      { finish: [[1], [2]], idempotencyKey: randomUUID() },
    );
    expect(settled.status).toBe(200);
    expect(settled.body.report).toMatchObject({ balanced: true, totals: { payouts: 1700, breakage: 0, minusPool: 0 } });
    expect(await credit(insider)).toBe(before + 1700);
  });

  it('official dividends that differ from the tote’s wait for an independent second admin, then pay', async () => {
    // ₱30 on three runners, 15% takeout: the tote pays 2.50 on the winner. The track says 2.00.
    const day = await raceOf();
    const [ana, ben, cora] = [await player(), await player(), await player()];
    await winBet(ana, day, 1);
    await winBet(ben, day, 2);
    await winBet(cora, day, 3);
    await close(day.race);
    const before = await credit(ana);
    const entry = { finish: [[1], [2]], officialDividends: [{ betType: 'W', combination: '1', dividend: 200 }] };
    const key = randomUUID();

    const proposed = await adminCall<DualControlRequestResponse>(
      'POST',
      ToteAdminRoutes.confirmResult(day.race.raceId),
      { ...entry, idempotencyKey: key },
    );
    expect(proposed.status).toBe(200);
    expect(proposed.body.statusMessage).toBe(ToteMessages.officialNeedsSecondAdmin);
    expect(proposed.body.request).toMatchObject({
      status: 'pending',
      summary: { changes: [{ label: 'W 1: dividend for 1.00', before: '2.50', after: '2.00' }] },
    });
    const requestId = proposed.body.request.id;
    // Nothing is recorded or paid while it waits; the same entry sent again answers the same request.
    expect(await raceStatus(day.race)).toBe('C');
    expect(await credit(ana)).toBe(before);
    const again = await adminCall<DualControlRequestResponse>('POST', ToteAdminRoutes.confirmResult(day.race.raceId), {
      ...entry,
      idempotencyKey: key,
    });
    expect(again.body.request.id).toBe(requestId);

    const approve = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: DualControlRoutes.approve(requestId),
        headers: { cookie, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        payload: {},
      });
    // The admin who entered it cannot approve it, nor can an admin they created.
    const own = await approve(admin);
    expect(own.statusCode).toBe(403);
    expect(own.json<{ statusMessage: string }>().statusMessage).toBe(DualControlMessages.proposerCannotApprove);
    const proposer = await t.app.db
      .selectFrom('staff_users')
      .select('id')
      .where('username', '=', TEST_ADMIN.username)
      .executeTakeFirstOrThrow();
    const puppet = await insertStaff(t.app.db, {
      username: `puppet-${Date.now().toString(36)}`,
      displayName: 'Puppet admin',
      passwordHash: 'x',
      role: 'admin',
      parentId: null,
      referralCode: null,
      createdByStaffId: proposer.id,
    });
    await t.app.db
      .updateTable('staff_users')
      .set({ created_at: new Date(Date.now() - 30 * 86_400_000).toISOString() })
      .where('id', '=', puppet.id)
      .execute();
    const { approveRequest } = await import('../dualcontrol/index.ts');
    await expect(
      approveRequest(t.app.db, { staffId: puppet.id, ip: null, role: 'admin' }, requestId, randomUUID()),
    ).rejects.toThrow(/line/);
    expect(await raceStatus(day.race)).toBe('C');

    // An independent admin approves: the result is recorded and the pool pays the official 2.00.
    const second = await independentAdmin(t.app);
    const approved = await approve(second.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await raceStatus(day.race)).toBe('D');
    expect(await credit(ana)).toBe(before + 2000);
    const report = await adminCall<SettlementReport>('GET', ToteAdminRoutes.report(day.race.raceId));
    expect(report.body.balanced).toBe(true);
    expect(report.body.pools[0]).toMatchObject({ payouts: 2000, breakage: 550, minusPool: 0 });
    expect(report.body.pools[0]?.dividends[0]).toMatchObject({ combination: '1', dividend: 200, official: true });
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it("pays the 1.00 minimum from the house's minus pool, never as negative breakage", async () => {
    // Takeout 15% and every peso on the winner: the net pool (₱17) cannot pay 1.00 on ₱20.
    const day = await raceOf();
    const [ana, ben] = [await player(), await player()];
    await winBet(ana, day, 3);
    await winBet(ben, day, 3);
    await close(day.race);
    const settled = await adminCall<{ report: SettlementReport }>(
      'POST',
      ToteAdminRoutes.confirmResult(day.race.raceId),
      { finish: [[3], [1]], idempotencyKey: randomUUID() },
    );
    expect(settled.status).toBe(200);
    const { report } = settled.body;
    expect(report.balanced).toBe(true);
    expect(report.pools[0]).toMatchObject({ payouts: 2000, takeout: 300, minusPool: 300, breakage: 0 });
    const minusPool = await t.app.db
      .selectFrom('accounts')
      .select('balance')
      .where('code', '=', HouseAccount.minusPool)
      .executeTakeFirstOrThrow();
    expect(Number(minusPool.balance)).toBeLessThanOrEqual(-300);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('the ledger check reports breakage taken from the house and a pool that paid more than it held', async () => {
    const day = await raceOf();
    const [ana, ben] = [await player(), await player()];
    await winBet(ana, day, 1);
    await winBet(ben, day, 2);
    await close(day.race);
    expect(
      (
        await adminCall('POST', ToteAdminRoutes.confirmResult(day.race.raceId), {
          finish: [[1], [2]],
          idempotencyKey: randomUUID(),
        })
      ).status,
    ).toBe(200);
    expect(await checkLedger(t.app.db)).toEqual([]);
    // An extra ₱50 paid out of the pool, then made good from the breakage account by hand: the pool ends at
    // zero, so only the new rules can see it.
    await t.app.db.transaction().execute(async (trx) => {
      const pool = await accountIdByCode(trx, `pool:${day.race.raceId}:W`);
      await postTransaction(trx, {
        kind: 'ADJUSTMENT',
        description: 'Paid out of the pool by hand',
        postings: [
          { accountId: pool, amount: -5000 },
          { accountId: await accountIdByCode(trx, `player:${ana.playerId}:credit`), amount: 5000 },
        ],
        actor: { type: 'system', id: null },
      });
      await postTransaction(trx, {
        kind: 'BREAKAGE',
        description: 'Breakage made good by the house',
        postings: [
          { accountId: await accountIdByCode(trx, HouseAccount.breakage), amount: -5000 },
          { accountId: pool, amount: 5000 },
        ],
        actor: { type: 'system', id: null },
      });
    });
    const rules = (await checkLedger(t.app.db)).map((b) => b.rule).sort();
    expect(rules).toEqual(['negative-breakage', 'pool-overpaid']);
  });
});
