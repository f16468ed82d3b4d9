import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  formatManilaDateTime,
  manilaPeriodBounds,
  RgMessages,
  type DepositAccountView,
  type RgExclusionListEntry,
  type RgPlayerStatusResponse,
  type RgStatusResponse,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { createStaffAccount } from '../../../test/staff-accounts.ts';
import { call, PLAYER_PASSWORD, registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { fundPlayer } from '../../../test/win-race.ts';
import { rgClock } from './rglimits.service.ts';

const key = () => `k-${randomUUID()}`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let referenceSeq = 0;
const reference = () => `${Date.now()}${String((referenceSeq += 1) % 1000).padStart(3, '0')}`;

describe(`responsible gaming (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let gcash: DepositAccountView;

  const rg = (func: string, who: RegisteredPlayer, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/responsible-gaming/${func}`, payload, headers: { cookie: who.cookie } });
  const status = async (who: RegisteredPlayer) => {
    const response = await rg('status', who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RgStatusResponse>();
  };
  const limitOf = async (who: RegisteredPlayer, kind: string) =>
    (await status(who)).limits.find((l) => l.kind === kind);
  const setLimit = async (who: RegisteredPlayer, kind: string, amount: number | null) => {
    const response = await rg('setLimit', who, { kind, amount });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RgStatusResponse>();
  };
  const startBreak = (who: RegisteredPlayer, period: string) => rg('startBreak', who, { period, confirm: true });
  const deposit = (who: RegisteredPlayer, amount: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/initiateDeposit',
      payload: {
        amount,
        senderNumber: '09171234567',
        receiverNumber: gcash.id,
        referenceNumber: reference(),
        idempotencyKey: key(),
      },
      headers: { cookie: who.cookie },
    });
  const staff = (method: 'GET' | 'POST', url: string, payload?: object, cookie = admin) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      headers: { cookie },
    });
  const audited = async (action: string, playerId: number) =>
    t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', String(playerId))
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const response = await staff('POST', '/api/backoffice/deposit-accounts', {
      type: 'GCASH',
      accountName: 'Karera One',
      accountNumber: '09170000001',
      active: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    gcash = response.json<{ account: DepositAccountView }>().account;
  });
  afterEach(() => {
    rgClock.offsetMs = 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('limits', () => {
    it('shows no limits and a 60-minute reality check to a new player', async () => {
      const p = await registerPlayer(t.app);
      const answer = await status(p);
      expect(answer.limits.map((l) => l.kind)).toEqual([
        'depositDay',
        'depositWeek',
        'depositMonth',
        'lossDay',
        'lossWeek',
        'lossMonth',
        'stakePerBet',
      ]);
      expect(answer.limits.every((l) => l.amount === null && l.pending === null)).toBe(true);
      expect(answer.exclusion).toBeNull();
      expect(answer.realityCheckMinutes).toBe(60);
    });

    it('refuses a deposit over the daily limit, saying which limit, what is left and when it resets (Manila)', async () => {
      const p = await registerPlayer(t.app);
      const set = await setLimit(p, 'depositDay', 100_000);
      expect(set.statusMessage).toBe(RgMessages.limitSet);
      expect((await deposit(p, 60_000)).statusCode).toBe(200);
      const refused = await deposit(p, 50_000);
      expect(refused.statusCode).toBe(400);
      const resetsAt = new Date(manilaPeriodBounds('day', Date.now()).endMs).toISOString();
      expect(refused.json<{ statusMessage: string }>().statusMessage).toBe(
        RgMessages.depositOverLimit('depositDay', 100_000, 40_000, resetsAt),
      );
      expect(refused.json<{ statusMessage: string }>().statusMessage).toContain('daily deposit limit of ₱1,000.00');
      expect(refused.json<{ statusMessage: string }>().statusMessage).toContain(formatManilaDateTime(resetsAt));
      expect(resetsAt.endsWith('T16:00:00.000Z')).toBe(true); // Manila midnight
      expect((await deposit(p, 40_000)).statusCode).toBe(200);
      const day = await limitOf(p, 'depositDay');
      expect(day).toMatchObject({ amount: 100_000, used: 100_000, resetsAt });
    });

    it('counts the weekly and monthly deposit limits on the Manila calendar, declined deposits not counted', async () => {
      const p = await registerPlayer(t.app);
      await setLimit(p, 'depositWeek', 70_000);
      await setLimit(p, 'depositMonth', 50_000);
      expect((await deposit(p, 30_000)).statusCode).toBe(200);
      const monthly = await deposit(p, 30_000);
      expect(monthly.statusCode).toBe(400);
      expect(monthly.json<{ statusMessage: string }>().statusMessage).toContain('monthly deposit limit of ₱500.00');
      const week = await limitOf(p, 'depositWeek');
      expect(week?.resetsAt).toBe(new Date(manilaPeriodBounds('week', Date.now()).endMs).toISOString());
      expect(new Date(Date.parse(week?.resetsAt ?? '') + 8 * HOUR).getUTCDay()).toBe(1); // a Manila Monday
      await setLimit(p, 'depositWeek', 40_000);
      const weekly = await deposit(p, 20_000);
      expect(weekly.json<{ statusMessage: string }>().statusMessage).toContain('weekly deposit limit of ₱400.00');
      // A declined deposit no longer counts.
      const [request] = await t.app.db
        .selectFrom('payment_requests')
        .select('id')
        .where('player_id', '=', p.playerId)
        .execute();
      const declined = await t.app.inject({
        method: 'POST',
        url: `/api/backoffice/payments/${request?.id}/decline`,
        payload: { note: 'no such transfer' },
        headers: { cookie: admin, 'idempotency-key': key() },
      });
      expect(declined.statusCode, declined.body).toBe(200);
      expect((await deposit(p, 40_000)).statusCode).toBe(200);
    });

    it('lowers at once but raises only after 24 hours, the pending raise shown meanwhile', async () => {
      const p = await registerPlayer(t.app);
      await setLimit(p, 'depositDay', 100_000);
      const raised = await setLimit(p, 'depositDay', 500_000);
      expect(raised.statusMessage).toBe(RgMessages.limitPending);
      const day = raised.limits.find((l) => l.kind === 'depositDay');
      expect(day?.amount).toBe(100_000);
      expect(day?.pending?.amount).toBe(500_000);
      expect(Date.parse(day?.pending?.effectiveAt ?? '') - Date.now()).toBeGreaterThan(DAY - 60_000);
      expect((await deposit(p, 200_000)).statusCode).toBe(400);

      rgClock.offsetMs = DAY - 60_000;
      expect((await limitOf(p, 'depositDay'))?.amount).toBe(100_000);
      expect((await deposit(p, 200_000)).statusCode).toBe(400);
      rgClock.offsetMs = DAY + 60_000;
      expect(await limitOf(p, 'depositDay')).toMatchObject({ amount: 500_000, pending: null });
      expect((await deposit(p, 200_000)).statusCode).toBe(200);

      // Lowering applies at once and drops a pending raise.
      await setLimit(p, 'depositDay', 800_000);
      const lowered = await setLimit(p, 'depositDay', 20_000);
      expect(lowered.statusMessage).toBe(RgMessages.limitSet);
      expect(lowered.limits.find((l) => l.kind === 'depositDay')).toMatchObject({ amount: 20_000, pending: null });
    });

    it('removes a limit only after 24 hours', async () => {
      const p = await registerPlayer(t.app);
      await setLimit(p, 'depositDay', 10_000);
      const removed = await setLimit(p, 'depositDay', null);
      expect(removed.statusMessage).toBe(RgMessages.limitRemovalPending);
      expect(removed.limits.find((l) => l.kind === 'depositDay')).toMatchObject({
        amount: 10_000,
        pending: { amount: null },
      });
      expect((await deposit(p, 20_000)).statusCode).toBe(400);
      rgClock.offsetMs = DAY + 1000;
      expect(await limitOf(p, 'depositDay')).toMatchObject({ amount: null, pending: null });
      expect((await deposit(p, 20_000)).statusCode).toBe(200);
    });

    it('sets the stake per bet and the loss limits, and records every change in the audit log', async () => {
      const p = await registerPlayer(t.app);
      await setLimit(p, 'stakePerBet', 5_000);
      await setLimit(p, 'lossWeek', 300_000);
      const answer = await status(p);
      expect(answer.limits.find((l) => l.kind === 'stakePerBet')).toMatchObject({ amount: 5_000, resetsAt: null });
      expect(answer.limits.find((l) => l.kind === 'lossWeek')).toMatchObject({ amount: 300_000, used: null });
      expect(await audited('rg.limit.set', p.playerId)).toHaveLength(2);
    });

    it('checks deposits at once one after the other: never more than the limit between them', async () => {
      const p = await registerPlayer(t.app);
      await setLimit(p, 'depositDay', 100_000);
      const answers = await Promise.all(Array.from({ length: 6 }, () => deposit(p, 30_000)));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
      expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(3);
      expect((await limitOf(p, 'depositDay'))?.used).toBe(90_000);
    });

    it('refuses unknown fields, text amounts, fractions and amounts out of range', async () => {
      const p = await registerPlayer(t.app);
      for (const payload of [
        { kind: 'depositDay', amount: '1000' },
        { kind: 'depositDay', amount: 100.5 },
        { kind: 'depositDay', amount: 0 },
        { kind: 'depositDay', amount: 2_000_000_000 },
        { kind: 'depositYear', amount: 10_000 },
        { kind: 'depositDay', amount: 10_000, extra: 1 },
        { kind: 'depositDay' },
      ]) {
        expect((await rg('setLimit', p, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await rg('startBreak', p, { period: 'coolOff24h' })).statusCode).toBe(400);
      expect((await rg('startBreak', p, { period: 'coolOff24h', confirm: false })).statusCode).toBe(400);
      expect((await rg('startBreak', p, { period: 'coolOff2h', confirm: true })).statusCode).toBe(400);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/responsible-gaming/status', payload: {} });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('cool-off and self-exclusion', () => {
    it('a 24-hour cool-off refuses deposits and promo claims until it ends; sign-in still works; it cannot be cancelled', async () => {
      const p = await registerPlayer(t.app);
      const started = await startBreak(p, 'coolOff24h');
      expect(started.statusCode, started.body).toBe(200);
      const exclusion = started.json<RgStatusResponse>().exclusion;
      expect(exclusion).toMatchObject({ kind: 'coolOff', period: 'coolOff24h', cancellable: false });
      expect(Date.parse(exclusion?.endsAt ?? '') - Date.parse(exclusion?.startsAt ?? '')).toBe(DAY);

      const refused = await deposit(p, 10_000);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ statusMessage: string }>().statusMessage).toBe(
        RgMessages.onBreak('coolOff', 'coolOff24h', exclusion?.endsAt ?? null),
      );
      const claim = await t.app.inject({
        method: 'POST',
        url: '/api/promo/claim',
        payload: { promoCode: 'ANYCODE', idempotencyKey: key() },
        headers: { cookie: p.cookie },
      });
      expect(claim.statusCode).toBe(403);
      expect(claim.json<{ statusMessage: string }>().statusMessage).toContain('24-hour cool-off');

      const login = await call(t.app, 'login', { mobileNo: p.mobileNo, password: PLAYER_PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
      const history = await t.app.inject({
        method: 'POST',
        url: '/api/payment/getTransactionHistory',
        payload: {},
        headers: { cookie: p.cookie },
      });
      expect(history.statusCode).toBe(200);

      const cancel = await rg('cancelBreak', p);
      expect(cancel.statusCode).toBe(403);
      expect(cancel.json<{ statusMessage: string }>().statusMessage).toBe(RgMessages.notCancellable);
      expect((await startBreak(p, 'coolOff7d')).statusCode).toBe(409);

      rgClock.offsetMs = DAY - 1000;
      expect((await deposit(p, 10_000)).statusCode).toBe(403);
      rgClock.offsetMs = DAY + 1000;
      expect((await status(p)).exclusion).toBeNull();
      expect((await deposit(p, 10_000)).statusCode).toBe(200);
      expect(await audited('rg.break.started', p.playerId)).toHaveLength(1);
    });

    it('a player on a cool-off or self-excluded is offered no promos (marketing) until the break ends', async () => {
      const defined = await staff('POST', '/api/backoffice/promos', {
        promoCode: `RG${randomUUID().slice(0, 8)}`.toUpperCase(),
        name: 'Break test promo',
        description: 'Offered to players not on a break',
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
      });
      expect(defined.statusCode, defined.body).toBe(200);
      const promoCode = defined.json<{ promo: { promoCode: string } }>().promo.promoCode;
      const offered = async (who: RegisteredPlayer) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/promo/list',
          payload: {},
          headers: { cookie: who.cookie },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ promos: { promoCode: string }[] }>().promos.map((promo) => promo.promoCode);
      };
      const coolingOff = await registerPlayer(t.app);
      const selfExcluded = await registerPlayer(t.app);
      expect(await offered(coolingOff)).toContain(promoCode);
      expect((await startBreak(coolingOff, 'coolOff24h')).statusCode).toBe(200);
      expect((await startBreak(selfExcluded, 'selfExclusion1y')).statusCode).toBe(200);
      expect(await offered(coolingOff)).toEqual([]);
      expect(await offered(selfExcluded)).toEqual([]);
      rgClock.offsetMs = DAY + 1000;
      expect(await offered(coolingOff)).toContain(promoCode);
      expect(await offered(selfExcluded)).toEqual([]);
    });

    it.each([
      ['coolOff7d', 7 * DAY],
      ['coolOff30d', 30 * DAY],
    ])('a %s cool-off lasts exactly its days', async (period, length) => {
      const p = await registerPlayer(t.app);
      expect((await startBreak(p, period)).statusCode).toBe(200);
      rgClock.offsetMs = length - 60_000;
      expect((await deposit(p, 10_000)).statusCode).toBe(403);
      rgClock.offsetMs = length + 60_000;
      expect((await deposit(p, 10_000)).statusCode).toBe(200);
    });

    it('a 6-month self-exclusion cannot be cancelled, refuses the number at registration, and ends after 6 months', async () => {
      const p = await registerPlayer(t.app);
      const started = await startBreak(p, 'selfExclusion6m');
      expect(started.statusCode).toBe(200);
      const exclusion = started.json<RgStatusResponse>().exclusion;
      expect(exclusion).toMatchObject({ kind: 'selfExclusion', period: 'selfExclusion6m', cancellable: false });
      const months = (Date.parse(exclusion?.endsAt ?? '') - Date.parse(exclusion?.startsAt ?? '')) / DAY;
      expect(months).toBeGreaterThanOrEqual(181);
      expect(months).toBeLessThanOrEqual(184);

      const cancel = await rg('cancelBreak', p);
      expect(cancel.statusCode).toBe(403);
      expect(cancel.json<{ statusMessage: string }>().statusMessage).toBe(RgMessages.notCancellable);

      const again = await call(t.app, 'register', {
        mobileNo: p.mobileNo,
        firstName: 'Maria',
        lastName: 'Santos',
        password: PLAYER_PASSWORD,
        confirmPassword: PLAYER_PASSWORD,
        acceptTerms: true,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json<{ statusMessage: string }>().statusMessage).toBe(RgMessages.mobileExcluded);

      rgClock.offsetMs = 180 * DAY;
      expect((await deposit(p, 10_000)).statusCode).toBe(403);
      rgClock.offsetMs = 185 * DAY;
      expect((await status(p)).exclusion).toBeNull();
      expect((await deposit(p, 10_000)).statusCode).toBe(200);
    });

    it('a self-excluded player still signs in, withdraws the remaining credit and sees the history', async () => {
      const p = await registerPlayer(t.app);
      await fundPlayer(t.app, admin, p, 80_000);
      expect((await startBreak(p, 'selfExclusion6m')).statusCode).toBe(200);
      const login = await call(t.app, 'login', { mobileNo: p.mobileNo, password: PLAYER_PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
      const payment = (func: string, payload: object) =>
        t.app.inject({ method: 'POST', url: `/api/payment/${func}`, payload, headers: { cookie: p.cookie } });
      const withdrawal = await payment('initiateWithdraw', {
        amount: 80_000,
        companyName: 'gcash',
        accountName: 'Maria Santos',
        accountNumber: '09171234567',
        idempotencyKey: key(),
      });
      expect(withdrawal.statusCode, withdrawal.body).toBe(200);
      const history = await payment('getTransactionHistory', {});
      expect(history.statusCode, history.body).toBe(200);
      expect(history.json<{ creditHistory: { amount: number }[] }>().creditHistory).toContainEqual(
        expect.objectContaining({ amount: 80_000 }),
      );
      expect((await deposit(p, 10_000)).statusCode).toBe(403);
    });

    it('a 1-year self-exclusion may be ended by the player, 24 hours after asking', async () => {
      const p = await registerPlayer(t.app);
      const started = await startBreak(p, 'selfExclusion1y');
      expect(started.json<RgStatusResponse>().exclusion).toMatchObject({ cancellable: true, cancelAt: null });
      rgClock.offsetMs = 200 * DAY;
      const cancel = await rg('cancelBreak', p);
      expect(cancel.statusCode, cancel.body).toBe(200);
      const after = cancel.json<RgStatusResponse>().exclusion;
      expect(after).toMatchObject({ cancellable: false });
      expect(Math.abs(Date.parse(after?.cancelAt ?? '') - (Date.now() + 200 * DAY + DAY))).toBeLessThan(5000);
      expect((await rg('cancelBreak', p)).statusCode).toBe(403);
      rgClock.offsetMs = 201 * DAY - 60_000;
      expect((await deposit(p, 10_000)).statusCode).toBe(403);
      rgClock.offsetMs = 201 * DAY + 60_000;
      expect((await deposit(p, 10_000)).statusCode).toBe(200);
      expect(await audited('rg.break.cancel_requested', p.playerId)).toHaveLength(1);
    });

    it('a 1-year self-exclusion asked to end in its first 6 months ends at 6 months, not a day later', async () => {
      const p = await registerPlayer(t.app);
      const started = await startBreak(p, 'selfExclusion1y');
      const startsAt = Date.parse(started.json<RgStatusResponse>().exclusion?.startsAt ?? '');
      const lasts = Date.parse(started.json<RgStatusResponse>().exclusion?.endsAt ?? '') - startsAt;
      expect(lasts).toBeGreaterThan(360 * DAY);
      rgClock.offsetMs = 30 * DAY;
      const cancel = await rg('cancelBreak', p);
      expect(cancel.statusCode, cancel.body).toBe(200);
      const cancelAt = Date.parse(cancel.json<RgStatusResponse>().exclusion?.cancelAt ?? '');
      // Six calendar months (Manila) from the start: 181 to 184 days.
      expect(cancelAt - startsAt).toBeGreaterThanOrEqual(181 * DAY);
      expect(cancelAt - startsAt).toBeLessThanOrEqual(184 * DAY);
      rgClock.offsetMs = 31 * DAY + 60_000;
      expect((await deposit(p, 10_000)).statusCode).toBe(403);
      rgClock.offsetMs = cancelAt - startsAt - 60_000;
      expect((await deposit(p, 10_000)).statusCode).toBe(403);
      rgClock.offsetMs = cancelAt - startsAt + 60_000;
      expect((await deposit(p, 10_000)).statusCode).toBe(200);
    });

    it('a 5-year self-exclusion lasts five years', async () => {
      const p = await registerPlayer(t.app);
      expect((await startBreak(p, 'selfExclusion5y')).statusCode).toBe(200);
      rgClock.offsetMs = 5 * 365 * DAY;
      expect((await deposit(p, 10_000)).statusCode).toBe(403);
      rgClock.offsetMs = 5 * 365 * DAY + 3 * DAY;
      expect((await deposit(p, 10_000)).statusCode).toBe(200);
    });
  });

  describe('operator exclusion', () => {
    it('an admin excludes with a reason and lifts it, both audited; the list and the player page show it', async () => {
      const p = await registerPlayer(t.app);
      const url = `/api/backoffice/players/${p.playerId}/exclusion`;
      expect((await staff('POST', url, { reason: '' })).statusCode).toBe(400);
      const excluded = await staff('POST', url, { reason: 'Problem gambling reported by family' });
      expect(excluded.statusCode, excluded.body).toBe(200);
      expect((await staff('POST', url, { reason: 'again' })).statusCode).toBe(409);

      const refused = await deposit(p, 10_000);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ statusMessage: string }>().statusMessage).toBe(RgMessages.excludedByOperator);
      expect((await status(p)).exclusion).toMatchObject({ kind: 'operator', endsAt: null, cancellable: false });
      expect((await rg('cancelBreak', p)).statusCode).toBe(403);

      const list = await staff('GET', '/api/backoffice/exclusions?active=1');
      expect(list.statusCode, list.body).toBe(200);
      const entry = list
        .json<{ exclusions: RgExclusionListEntry[] }>()
        .exclusions.find((e) => e.playerId === p.playerId);
      expect(entry).toMatchObject({
        kind: 'operator',
        reason: 'Problem gambling reported by family',
        createdByStaff: TEST_ADMIN.username,
        active: true,
        mobileNo: p.mobileNo,
      });

      const audit = await audited('rg.operator_exclusion', p.playerId);
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({ reason: 'Problem gambling reported by family' });

      const lifted = await staff('POST', `${url}/lift`, { reason: 'Reviewed with the player' });
      expect(lifted.statusCode, lifted.body).toBe(200);
      expect(await audited('rg.operator_exclusion_lifted', p.playerId)).toHaveLength(1);
      expect((await deposit(p, 10_000)).statusCode).toBe(200);
      expect((await staff('POST', `${url}/lift`, { reason: 'again' })).statusCode).toBe(400);

      const page = await staff('GET', `/api/backoffice/players/${p.playerId}/responsible-gaming`);
      expect(page.statusCode, page.body).toBe(200);
      const state = page.json<RgPlayerStatusResponse>();
      expect(state.exclusion).toBeNull();
      expect(state.history[0]).toMatchObject({
        active: false,
        liftedByStaff: TEST_ADMIN.username,
        liftReason: 'Reviewed with the player',
      });
      const inactive = await staff('GET', '/api/backoffice/exclusions?active=0');
      expect(
        inactive.json<{ exclusions: RgExclusionListEntry[] }>().exclusions.some((e) => e.playerId === p.playerId),
      ).toBe(true);
    });

    it('lifting the operator exclusion leaves the player own self-exclusion in force', async () => {
      const p = await registerPlayer(t.app);
      expect((await startBreak(p, 'selfExclusion6m')).statusCode).toBe(200);
      const url = `/api/backoffice/players/${p.playerId}/exclusion`;
      expect((await staff('POST', url, { reason: 'Duplicate account suspected' })).statusCode).toBe(200);
      expect((await staff('POST', `${url}/lift`, { reason: 'Cleared' })).statusCode).toBe(200);
      expect((await status(p)).exclusion).toMatchObject({ kind: 'selfExclusion' });
      expect((await deposit(p, 10_000)).statusCode).toBe(403);
    });

    it('refuses staff who are not admins, and players who are not staff', async () => {
      const p = await registerPlayer(t.app);
      const suffix = randomUUID().slice(0, 6);
      await createStaffAccount(t.app, admin, {
        role: 'master_agent',
        username: `ma-${suffix}`,
        displayName: 'Master',
        password: 'staff-password-1',
      });
      const master = await staffCookie(t.app, `ma-${suffix}`, 'staff-password-1');
      const url = `/api/backoffice/players/${p.playerId}/exclusion`;
      expect((await staff('POST', url, { reason: 'Not allowed' }, master)).statusCode).toBe(403);
      expect((await staff('GET', '/api/backoffice/exclusions', undefined, master)).statusCode).toBe(403);
      expect((await staff('GET', '/api/backoffice/exclusions', undefined, p.cookie)).statusCode).toBe(401);
      expect((await staff('POST', '/api/backoffice/players/999999/exclusion', { reason: 'Nobody' })).statusCode).toBe(
        404,
      );
    });
  });
});
