import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackofficeMessages,
  StaffSecurityRoutes,
  type AdjustmentResponse,
  type AuditListResponse,
  type PlayerDetailResponse,
  type PlayerListResponse,
} from '@karera/shared';
import {
  createTestApp,
  nextTotpCode,
  staffCookie,
  TEST_ADMIN,
  testDialect,
  type TestApp,
} from '../../../test/test-app.ts';
import { insertPlayer, uniqueMobile } from '../../../test/factories.ts';
import { createStaffAccount, type StaffAccountInput } from '../../../test/staff-accounts.ts';
import { checkLedger, playerBalances } from '../wallet/index.ts';

describe(`back office API (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  const adjust = (playerId: number, body: unknown, key: string | null = randomUUID(), cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/backoffice/players/${playerId}/adjustments`,
      headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as Record<string, unknown>,
    });

  const createStaffMember = (input: StaffAccountInput) => createStaffAccount(t.app, admin, input);

  describe('login', () => {
    it('answers the same refusal for a wrong password and an unknown user', async () => {
      for (const payload of [
        { username: TEST_ADMIN.username, password: 'wrong-password' },
        { username: 'nobody-here', password: 'wrong-password' },
      ]) {
        const response = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ statusCode: 401, statusMessage: BackofficeMessages.invalidLogin });
        expect(response.cookies).toHaveLength(0);
      }
    });

    it('sets an HttpOnly SameSite=Strict cookie, and logout revokes it at once', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/backoffice/auth/login',
        payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
      });
      expect(login.json()).toEqual({ statusCode: 200, step: 'code' });
      // The password's session is only the code step: it reaches nothing else.
      const step = `${login.cookies[0]?.name}=${login.cookies[0]?.value}`;
      expect((await t.app.inject({ url: '/api/backoffice/auth/me', headers: { cookie: step } })).statusCode).toBe(401);
      const second = await t.app.inject({
        method: 'POST',
        url: StaffSecurityRoutes.code,
        headers: { cookie: step },
        payload: { code: await nextTotpCode(t.app, TEST_ADMIN.username) },
      });
      const cookie = second.cookies[0];
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/backoffice' });
      const header = `${cookie?.name}=${cookie?.value}`;
      expect(header).not.toBe(step);
      expect((await t.app.inject({ url: '/api/backoffice/auth/me', headers: { cookie: header } })).statusCode).toBe(
        200,
      );
      await t.app.inject({
        method: 'POST',
        url: '/api/backoffice/auth/logout',
        headers: { cookie: header },
        payload: {},
      });
      const after = await t.app.inject({ url: '/api/backoffice/auth/me', headers: { cookie: header } });
      expect(after.statusCode).toBe(401);
    });

    it('refuses every back-office read without a session', async () => {
      for (const url of [
        '/api/backoffice/players',
        '/api/backoffice/staff',
        '/api/backoffice/contacts',
        '/api/backoffice/audit',
      ]) {
        const response = await t.app.inject({ url });
        expect(response.statusCode, url).toBe(401);
        expect(response.json()).toEqual({ statusCode: 401, statusMessage: BackofficeMessages.notLoggedIn });
      }
    });
  });

  describe('staff', () => {
    it('lets an admin create a master agent and an agent under it', async () => {
      const master = await createStaffMember({
        username: `ma-${randomUUID().slice(0, 8)}`,
        displayName: 'Master One',
        password: 'master-password-1',
        role: 'master_agent',
        referralCode: `M${randomUUID().slice(0, 6)}`,
      });
      const agent = await createStaffMember({
        username: `ag-${randomUUID().slice(0, 8)}`,
        displayName: 'Agent One',
        password: 'agent-password-1',
        role: 'agent',
        parentId: master.id,
      });
      const list = await t.app.inject({ url: '/api/backoffice/staff', headers: { cookie: admin } });
      const usernames = list.json<{ staff: { username: string }[] }>().staff.map((s) => s.username);
      expect(usernames).toEqual(expect.arrayContaining([master.username, agent.username]));
    });

    it('refuses an agent without a master agent, a taken username and unknown fields', async () => {
      const noParent = await t.app.inject({
        method: 'POST',
        url: '/api/backoffice/staff',
        headers: { cookie: admin },
        payload: { username: 'lonely-agent', displayName: 'Lonely', password: 'agent-password-1', role: 'agent' },
      });
      expect(noParent.statusCode).toBe(400);
      expect(noParent.json().statusMessage).toBe(BackofficeMessages.parentRequired);

      const taken = await t.app.inject({
        method: 'POST',
        url: '/api/backoffice/staff',
        headers: { cookie: admin },
        payload: {
          username: 'ADMIN',
          displayName: 'Copy',
          password: 'admin-password-2',
          role: 'admin',
          mobileNo: uniqueMobile(),
        },
      });
      expect(taken.json().statusMessage).toBe(BackofficeMessages.usernameTaken);

      const extra = await t.app.inject({
        method: 'POST',
        url: '/api/backoffice/staff',
        headers: { cookie: admin },
        payload: {
          username: 'extra-field',
          displayName: 'X',
          password: 'some-password-1',
          role: 'admin',
          mobileNo: uniqueMobile(),
          isRoot: true,
        },
      });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().fieldErrors).toEqual({ isRoot: 'Unknown field: isRoot.' });
    });

    it('keeps agents out of admin routes and shows them only their own players', async () => {
      const master = await createStaffMember({
        username: `ma-${randomUUID().slice(0, 8)}`,
        displayName: 'Master Two',
        password: 'master-password-2',
        role: 'master_agent',
      });
      const agentA = await createStaffMember({
        username: `ag-${randomUUID().slice(0, 8)}`,
        displayName: 'Agent A',
        password: 'agent-password-A',
        role: 'agent',
        parentId: master.id,
      });
      const agentB = await createStaffMember({
        username: `ag-${randomUUID().slice(0, 8)}`,
        displayName: 'Agent B',
        password: 'agent-password-B',
        role: 'agent',
        parentId: master.id,
      });
      const mine = await insertPlayer(t.app.db, { agentId: agentA.id, firstName: 'Mine' });
      const theirs = await insertPlayer(t.app.db, { agentId: agentB.id, firstName: 'Theirs' });
      const cookieA = await staffCookie(t.app, agentA.username, 'agent-password-A');

      const listA = (
        await t.app.inject({ url: '/api/backoffice/players', headers: { cookie: cookieA } })
      ).json<PlayerListResponse>();
      expect(listA.players.map((p) => p.playerId)).toEqual([mine.id]);
      expect(
        (await t.app.inject({ url: `/api/backoffice/players/${theirs.id}`, headers: { cookie: cookieA } })).statusCode,
      ).toBe(404);

      const cookieMaster = await staffCookie(t.app, master.username, 'master-password-2');
      const listMaster = (
        await t.app.inject({ url: '/api/backoffice/players', headers: { cookie: cookieMaster } })
      ).json<PlayerListResponse>();
      expect(listMaster.players.map((p) => p.playerId).sort()).toEqual([mine.id, theirs.id].sort());

      for (const url of ['/api/backoffice/staff', '/api/backoffice/audit', '/api/backoffice/contacts']) {
        expect((await t.app.inject({ url, headers: { cookie: cookieA } })).statusCode, url).toBe(403);
      }
      const adjustment = await adjust(
        mine.id,
        { account: 'credit', amount: 100, reason: 'agent tries' },
        randomUUID(),
        cookieA,
      );
      expect(adjustment.statusCode).toBe(403);
      expect((await playerBalances(t.app.db, mine.id)).creditBalance).toBe(0);
    });
  });

  describe('players', () => {
    it('finds players by name, mobile number and id', async () => {
      const player = await insertPlayer(t.app.db, { firstName: 'Searchable', lastName: 'Reyes' });
      for (const q of ['searchable', player.mobileNo.slice(-6), String(player.id)]) {
        const response = await t.app.inject({
          url: `/api/backoffice/players?q=${encodeURIComponent(q)}`,
          headers: { cookie: admin },
        });
        expect(
          response.json<PlayerListResponse>().players.map((p) => p.playerId),
          q,
        ).toContain(player.id);
      }
      const none = await t.app.inject({ url: '/api/backoffice/players?q=%25', headers: { cookie: admin } });
      expect(none.json<PlayerListResponse>().players).toEqual([]);
    });
  });

  describe('balance adjustment', () => {
    it('credits a player once per key, shows SYSTEM-ADJ in the ledger and writes the audit log', async () => {
      const player = await insertPlayer(t.app.db);
      const key = randomUUID();
      const body = { account: 'credit', amount: 150_050, reason: 'Goodwill credit for outage' };
      const first = await adjust(player.id, body, key);
      expect(first.statusCode, first.body).toBe(200);
      const answer = first.json<AdjustmentResponse>();
      expect(answer).toMatchObject({
        statusCode: 200,
        account: 'credit',
        amount: 150_050,
        creditBalance: 150_050,
        bonusBalance: 0,
      });

      const replay = await adjust(player.id, body, key);
      expect(replay.json()).toEqual(answer);
      expect((await playerBalances(t.app.db, player.id)).creditBalance).toBe(150_050);

      const reused = await adjust(player.id, { ...body, amount: 999 }, key);
      expect(reused.statusCode).toBe(409);
      expect((await playerBalances(t.app.db, player.id)).creditBalance).toBe(150_050);

      const detail = (
        await t.app.inject({ url: `/api/backoffice/players/${player.id}`, headers: { cookie: admin } })
      ).json<PlayerDetailResponse>();
      expect(detail.player.creditBalance).toBe(150_050);
      expect(detail.entries).toEqual([
        expect.objectContaining({
          transactionId: answer.transactionId,
          paymentType: 'SYSTEM-ADJ',
          account: 'credit',
          amount: 150_050,
          description: body.reason,
        }),
      ]);

      const audit = (
        await t.app.inject({ url: '/api/backoffice/audit', headers: { cookie: admin } })
      ).json<AuditListResponse>();
      const entries = audit.entries.filter(
        (e) => e.action === 'player.balance_adjusted' && e.targetId === String(player.id),
      );
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorType: 'staff',
        actorName: TEST_ADMIN.username,
        details: { transactionId: answer.transactionId, account: 'credit', amount: 150_050, reason: body.reason },
      });
      expect(await checkLedger(t.app.db)).toEqual([]);
    });

    it('moves money once when the same key arrives twice at the same time', async () => {
      const player = await insertPlayer(t.app.db);
      const key = randomUUID();
      const body = { account: 'bonus', amount: 5_000, reason: 'Double-click bonus' };
      const [a, b] = await Promise.all([adjust(player.id, body, key), adjust(player.id, body, key)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json()).toEqual(b.json());
      expect((await playerBalances(t.app.db, player.id)).bonusBalance).toBe(5_000);
    });

    it('refuses a debit below zero, a missing key, a reason too short and a string amount, changing nothing', async () => {
      const player = await insertPlayer(t.app.db);
      await adjust(player.id, { account: 'credit', amount: 1_000, reason: 'Opening credit' });

      const overdraw = await adjust(player.id, { account: 'credit', amount: -1_001, reason: 'Take back too much' });
      expect(overdraw.statusCode).toBe(400);
      expect(overdraw.json().statusMessage).toBe(BackofficeMessages.adjustmentInsufficient);

      const noKey = await adjust(player.id, { account: 'credit', amount: -10, reason: 'No key given' }, null);
      expect(noKey.statusCode).toBe(400);

      const shortReason = await adjust(player.id, { account: 'credit', amount: 10, reason: 'no' });
      expect(shortReason.json().statusMessage).toBe(BackofficeMessages.adjustmentReason);

      const stringAmount = await adjust(player.id, { account: 'credit', amount: '10', reason: 'String amount' });
      expect(stringAmount.statusCode).toBe(400);
      const fractional = await adjust(player.id, { account: 'credit', amount: 10.5, reason: 'Half centavo' });
      expect(fractional.statusCode).toBe(400);
      const zero = await adjust(player.id, { account: 'credit', amount: 0, reason: 'Zero amount' });
      expect(zero.statusCode).toBe(400);

      expect((await playerBalances(t.app.db, player.id)).creditBalance).toBe(1_000);
      const missing = await adjust(999_999, { account: 'credit', amount: 10, reason: 'Nobody home' });
      expect(missing.statusCode).toBe(404);
    });

    it('never lets 50 concurrent debits through the API take a balance below zero', async () => {
      const player = await insertPlayer(t.app.db);
      await adjust(player.id, { account: 'credit', amount: 10_000, reason: 'Opening credit' });
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          adjust(player.id, { account: 'credit', amount: -300, reason: 'Concurrent debit' }),
        ),
      );
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(33);
      expect(responses.filter((r) => r.statusCode === 400)).toHaveLength(17);
      expect((await playerBalances(t.app.db, player.id)).creditBalance).toBe(100);
      expect(await checkLedger(t.app.db)).toEqual([]);
    });
  });
});
