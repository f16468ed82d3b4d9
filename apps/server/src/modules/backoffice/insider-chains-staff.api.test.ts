import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApprovalMessages,
  ApprovalRoutes,
  BackofficeRoutes,
  IDEMPOTENCY_KEY_HEADER,
  StaffRequestMessages,
  StaffRequestRoutes,
  StaffSecurityRoutes,
  type AdjustmentResponse,
  type CreateStaffResponse,
  type StaffRequestDecisionResponse,
} from '@karera/shared';
import {
  createTestApp,
  enrolThroughTextedLink,
  nextTotpCode,
  rememberTotpSecret,
  staffCookie,
  TEST_ADMIN,
  testDialect,
  textedEnrolmentToken,
  type TestApp,
} from '../../../test/test-app.ts';
import { insertPlayer, uniqueMobile } from '../../../test/factories.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { insertStaff } from '../staff/index.ts';

/**
 * Issue 30, "One admin alone" 2 (decision 044): an admin creates a second admin, enrols it and approves
 * their own adjustment. Walked as the dishonest admin would, each step must stop; the chain fails the
 * test if it ends with money out of the house.
 */
describe(`one admin alone cannot make a second admin of their own (${testDialect})`, () => {
  let t: TestApp;
  let dishonest: string;
  let honest: { id: number; cookie: string };

  const post = (url: string, cookie: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, ...headers }, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp();
    dishonest = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    // The installation's other founding admin: system-created, independent of the first.
    const row = await insertStaff(t.app.db, {
      username: 'founding-2',
      displayName: 'Founding admin 2',
      passwordHash: await hashPassword('founding-password-2'),
      role: 'admin',
      parentId: null,
      referralCode: null,
      createdByStaffId: null,
    });
    honest = { id: row.id, cookie: await staffCookie(t.app, 'founding-2', 'founding-password-2') };
  });
  afterAll(async () => {
    await t.close();
  });

  it('walks the chain and ends with no money out of the house', async () => {
    const mobileNo = uniqueMobile();
    const puppet = { username: 'puppet-admin', password: 'the-creator-knows-it', displayName: 'Puppet' };

    // 1. Create a second admin alone: only a request, nothing made.
    const created = await post(BackofficeRoutes.staff, dishonest, { ...puppet, role: 'admin', mobileNo });
    expect(created.statusCode).toBe(200);
    const pending = created.json<CreateStaffResponse>();
    if (pending.outcome !== 'pending') throw new Error('an admin was made by one admin alone');
    expect(pending.request).toMatchObject({ status: 'pending', username: 'puppet-admin', role: 'admin' });
    const none = await t.app.db.selectFrom('staff_users').select('id').where('username', '=', 'puppet-admin');
    expect(await none.executeTakeFirst()).toBeUndefined();

    // 2. Approve it themself: refused, with the message they see.
    const own = await post(StaffRequestRoutes.approve(pending.request.id), dishonest);
    expect(own.statusCode).toBe(403);
    expect(own.json<{ statusMessage: string }>().statusMessage).toBe(StaffRequestMessages.ownRequest);

    // 3. Another admin the dishonest one made (the installation had two already: not alone) is in their
    // line: refused too. Made here directly, as if an earlier approval had passed.
    const madeByDishonest = await insertStaff(t.app.db, {
      username: 'made-by-dishonest',
      displayName: 'Made by the dishonest admin',
      passwordHash: await hashPassword('made-by-password-1'),
      role: 'admin',
      parentId: null,
      referralCode: null,
      createdByStaffId: 1,
    });
    const inLine = await t.app.db
      .selectFrom('staff_users')
      .select('id')
      .where('username', '=', TEST_ADMIN.username)
      .executeTakeFirstOrThrow();
    expect(inLine.id).toBe(1);
    await t.app.db
      .updateTable('staff_users')
      .set({ mobile_no: uniqueMobile() })
      .where('id', '=', madeByDishonest.id)
      .execute();
    const lineCookie = await staffCookie(t.app, 'made-by-dishonest', 'made-by-password-1');
    const byLine = await post(StaffRequestRoutes.approve(pending.request.id), lineCookie);
    expect(byLine.statusCode).toBe(403);
    expect(byLine.json<{ statusMessage: string }>().statusMessage).toBe(ApprovalMessages.secondPersonInLine);

    // 4. Another, independent admin approves: the account exists, in the dishonest admin's line.
    const approved = await post(StaffRequestRoutes.approve(pending.request.id), honest.cookie);
    expect(approved.statusCode).toBe(200);
    const decision = approved.json<StaffRequestDecisionResponse>();
    expect(decision.request.status).toBe('approved');
    expect(decision.enrolmentLinkSent).toBe(true);
    const account = await t.app.db
      .selectFrom('staff_users')
      .selectAll()
      .where('username', '=', 'puppet-admin')
      .executeTakeFirstOrThrow();
    expect(account.created_by_staff_id).toBe(1);
    expect(account.mobile_no).toBe(mobileNo);

    // 5. Read the enrolment link: it went to the staff member's phone only. No answer, audit entry or
    // outbox page the dishonest admin can read carries its token.
    const token = await textedEnrolmentToken(t.app, mobileNo);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const readable = [
      created.body,
      approved.body,
      (await t.app.inject({ url: `${BackofficeRoutes.audit}?page=1`, headers: { cookie: dishonest } })).body,
      (await t.app.inject({ url: `${BackofficeRoutes.smsOutbox}?q=${mobileNo}`, headers: { cookie: dishonest } })).body,
      (await t.app.inject({ url: BackofficeRoutes.staff, headers: { cookie: dishonest } })).body,
      (await t.app.inject({ url: StaffRequestRoutes.requests + '?status=decided', headers: { cookie: dishonest } }))
        .body,
    ];
    const outbox = readable[3] ?? '';
    expect(outbox).toContain('staff-enrolment');
    for (const body of readable) expect(body).not.toContain(token ?? 'no token');

    // 6. Enrol it at sign-in with the password they set: refused; no enrolment step opens.
    const signIn = await post(BackofficeRoutes.login, '', { username: puppet.username, password: puppet.password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json<{ statusMessage: string }>().statusMessage).toBe(StaffRequestMessages.enrolThroughLink);
    expect(signIn.cookies).toHaveLength(0);
    const offer = await t.app.inject({ url: StaffSecurityRoutes.enrolment });
    expect(offer.statusCode).toBe(401);

    // 7. The real staff member enrols from the link with a password of their own: the creator's stops
    // working. Even signed in, the new admin is not the creator's second approver of an adjustment.
    await enrolThroughTextedLink(t.app, puppet.username, 'the-new-admins-own');
    const stale = await post(BackofficeRoutes.login, '', { username: puppet.username, password: puppet.password });
    expect(stale.statusCode).toBe(401);
    const puppetCookie = await staffCookie(t.app, puppet.username, 'the-new-admins-own');
    const player = await insertPlayer(t.app.db);
    const adjustment = await post(
      BackofficeRoutes.adjustments(player.id),
      dishonest,
      { account: 'credit', amount: 50_000_00, reason: 'A credit nobody asked for' },
      { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    );
    expect(adjustment.statusCode).toBe(200);
    const { status, adjustmentId } = adjustment.json<AdjustmentResponse>();
    expect(status).toBe('PENDING');
    const byPuppet = await post(
      ApprovalRoutes.approveAdjustment(adjustmentId ?? 0),
      puppetCookie,
      {},
      {
        [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
      },
    );
    expect(byPuppet.statusCode).toBe(403);
    expect(byPuppet.json<{ statusMessage: string }>().statusMessage).toBe(ApprovalMessages.secondPersonInLine);

    // The end of the chain: no credit reached the player.
    const credit = await t.app.db
      .selectFrom('accounts')
      .select('balance')
      .where('code', '=', `player:${player.id}:credit`)
      .executeTakeFirstOrThrow();
    expect(Number(credit.balance)).toBe(0);
  });

  it('lets the only admin of an installation make the next admin alone, who is never their second person', async () => {
    const solo = await createTestApp();
    try {
      const cookie = await staffCookie(solo.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const created = await solo.app.inject({
        method: 'POST',
        url: BackofficeRoutes.staff,
        headers: { cookie },
        payload: {
          username: 'next-admin',
          password: 'next-admin-pass',
          displayName: 'Next',
          role: 'admin',
          mobileNo: uniqueMobile(),
        },
      });
      expect(created.json<CreateStaffResponse>()).toMatchObject({ outcome: 'created', enrolmentLinkSent: true });
      // Two admins now: the next creation is a request again, and the made admin cannot approve it.
      const second = await solo.app.inject({
        method: 'POST',
        url: BackofficeRoutes.staff,
        headers: { cookie },
        payload: {
          username: 'third-admin',
          password: 'third-admin-pass',
          displayName: 'Third',
          role: 'admin',
          mobileNo: uniqueMobile(),
        },
      });
      const request = second.json<CreateStaffResponse>();
      if (request.outcome !== 'pending') throw new Error('a third admin was made alone');
      const nextCookie = await staffCookie(solo.app, 'next-admin', 'next-admin-pass');
      const approve = await solo.app.inject({
        method: 'POST',
        url: StaffRequestRoutes.approve(request.request.id),
        headers: { cookie: nextCookie },
        payload: {},
      });
      expect(approve.statusCode).toBe(403);
      expect(approve.json<{ statusMessage: string }>().statusMessage).toBe(ApprovalMessages.secondPersonInLine);
    } finally {
      await solo.close();
    }
  });

  it('a master agent is a request too; the one who asked or any admin may reject it', async () => {
    const body = {
      username: 'ma-request',
      password: 'master-pass-1',
      displayName: 'MA',
      role: 'master_agent',
      mobileNo: uniqueMobile(),
    };
    const first = (await post(BackofficeRoutes.staff, dishonest, body)).json<CreateStaffResponse>();
    if (first.outcome !== 'pending') throw new Error('a master agent was made by one admin alone');
    const again = await post(BackofficeRoutes.staff, honest.cookie, body);
    expect(again.statusCode).toBe(400);
    const rejected = await post(StaffRequestRoutes.reject(first.request.id), dishonest);
    expect(rejected.statusCode).toBe(200);
    const late = await post(StaffRequestRoutes.approve(first.request.id), honest.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ statusMessage: string }>().statusMessage).toBe(StaffRequestMessages.requestDecided);
  });

  it('changing a staff number waits for a second admin and retires the links sent to the old one', async () => {
    const oldNumber = uniqueMobile();
    const { request } = (
      await post(BackofficeRoutes.staff, dishonest, {
        username: 'ma-number',
        password: 'master-pass-2',
        displayName: 'MA number',
        role: 'master_agent',
        mobileNo: oldNumber,
      })
    ).json<Extract<CreateStaffResponse, { outcome: 'pending' }>>();
    const made = (
      await post(StaffRequestRoutes.approve(request.id), honest.cookie)
    ).json<StaffRequestDecisionResponse>();
    const staffId = made.request.staffId ?? 0;
    const oldToken = await textedEnrolmentToken(t.app, oldNumber);

    const attackerPhone = uniqueMobile();
    const change = await post(StaffRequestRoutes.changeMobile(staffId), dishonest, { mobileNo: attackerPhone });
    expect(change.statusCode).toBe(200);
    // Not applied yet: a resend still goes to the number on file.
    const resend = await post(StaffRequestRoutes.resendEnrolmentLink(staffId), dishonest);
    expect(resend.statusCode).toBe(200);
    expect(await textedEnrolmentToken(t.app, attackerPhone)).toBeNull();
    // The resend retired the first link.
    const retired = await t.app.inject({
      method: 'POST',
      url: StaffRequestRoutes.linkOffer,
      payload: { token: oldToken },
    });
    expect(retired.statusCode).toBe(400);
    expect(retired.json<{ statusMessage: string }>().statusMessage).toBe(StaffRequestMessages.linkInvalid);
    const own = await post(
      StaffRequestRoutes.approve(change.json<{ request: { id: number } }>().request.id),
      dishonest,
    );
    expect(own.json<{ statusMessage: string }>().statusMessage).toBe(StaffRequestMessages.ownRequest);
  });
});

describe(`one-time enrolment links (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  const offer = (token: string | null) =>
    t.app.inject({ method: 'POST', url: StaffRequestRoutes.linkOffer, payload: { token } });
  const confirm = async (token: string | null, username: string) =>
    t.app.inject({
      method: 'POST',
      url: StaffRequestRoutes.linkConfirm,
      payload: {
        token,
        password: 'my-own-password',
        confirmPassword: 'my-own-password',
        code: await nextTotpCode(t.app, username),
      },
    });

  it('opens once, refuses a wrong token like a dead one, and a resend to the number on file retires the older link', async () => {
    const mobileNo = uniqueMobile();
    const body = {
      username: 'link-admin',
      password: 'creator-password',
      displayName: 'Link admin',
      role: 'admin',
      mobileNo,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: BackofficeRoutes.staff,
      headers: { cookie: admin },
      payload: body,
    });
    expect(created.json<CreateStaffResponse>()).toMatchObject({ outcome: 'created', enrolmentLinkSent: true });
    const first = await textedEnrolmentToken(t.app, mobileNo);

    // A wrong token: the same answer as any dead link.
    const wrong = await offer('A'.repeat(43));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ statusMessage: string }>().statusMessage).toBe(StaffRequestMessages.linkInvalid);

    // A resend: the first link stops working, the new one goes to the same number.
    const staffId = created.json<Extract<CreateStaffResponse, { outcome: 'created' }>>().staff.id;
    const resent = await t.app.inject({
      method: 'POST',
      url: StaffRequestRoutes.resendEnrolmentLink(staffId),
      headers: { cookie: admin },
      payload: {},
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.body).not.toContain('#');
    const second = await textedEnrolmentToken(t.app, mobileNo);
    expect(second).not.toBe(first);
    expect((await offer(first)).statusCode).toBe(400);

    // The page shows the same secret on each visit until confirmed; a wrong code spends nothing.
    const page = await offer(second);
    expect(page.statusCode).toBe(200);
    const { secret } = page.json<{ secret: string }>();
    expect((await offer(second)).json<{ secret: string }>().secret).toBe(secret);
    rememberTotpSecret(t.app, 'link-admin', secret);
    const badCode = await t.app.inject({
      method: 'POST',
      url: StaffRequestRoutes.linkConfirm,
      payload: { token: second, password: 'my-own-password', confirmPassword: 'my-own-password', code: '000000' },
    });
    expect(badCode.statusCode).toBe(400);
    const done = await confirm(second, 'link-admin');
    expect(done.statusCode).toBe(200);
    expect(done.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);

    // Used once: a second confirmation and a second visit are refused.
    const twice = await confirm(second, 'link-admin');
    expect(twice.json<{ statusMessage: string }>().statusMessage).toBe(StaffRequestMessages.linkInvalid);
    expect((await offer(second)).statusCode).toBe(400);
    // Enrolled: no more links.
    const more = await t.app.inject({
      method: 'POST',
      url: StaffRequestRoutes.resendEnrolmentLink(staffId),
      headers: { cookie: admin },
      payload: {},
    });
    expect(more.statusCode).toBe(409);
    // And the staff member signs in with their own password and a code.
    expect(await staffCookie(t.app, 'link-admin', 'my-own-password')).toContain('=');
  });

  it('expires after a day', async () => {
    const mobileNo = uniqueMobile();
    const created = await t.app.inject({
      method: 'POST',
      url: BackofficeRoutes.staff,
      headers: { cookie: admin },
      payload: {
        username: 'late-agent',
        password: 'agent-password-2',
        displayName: 'Late',
        role: 'agent',
        parentId: await houseMaster(),
        mobileNo,
      },
    });
    expect(created.statusCode).toBe(200);
    const staffId = created.json<Extract<CreateStaffResponse, { outcome: 'created' }>>().staff.id;
    // Agents do not need two factors here, so an admin sends the link (as after AGENT_TWO_FACTOR_REQUIRED).
    const sent = await t.app.inject({
      method: 'POST',
      url: StaffRequestRoutes.resendEnrolmentLink(staffId),
      headers: { cookie: admin },
      payload: {},
    });
    expect(sent.statusCode).toBe(200);
    const token = await textedEnrolmentToken(t.app, mobileNo);
    await t.app.db
      .updateTable('staff_enrolment_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('staff_id', '=', staffId)
      .execute();
    const expired = await offer(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json<{ statusMessage: string }>().statusMessage).toBe(StaffRequestMessages.linkInvalid);
  });

  async function houseMaster(): Promise<number> {
    const row = await t.app.db
      .selectFrom('staff_users')
      .select('id')
      .where('username', '=', 'house-master')
      .executeTakeFirstOrThrow();
    return row.id;
  }
});
