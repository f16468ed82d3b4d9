import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BackofficeOperations, type Operation, type ResponseOf } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer } from '../../../test/player-flow.ts';
import { uniqueMobile } from '../../../test/factories.ts';
import { approveStaffRequestIndependently } from '../../../test/staff-accounts.ts';

const SECURITY = { public: [], player: [{ playerSession: [] }], staff: [{ staffSession: [] }] } as const;

/** The back office's sign-in, staff, players, audit, outbox and contact calls answer what the contract declares. */
describe(`the back office's calls and their contract (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Calls the operation and checks the answer against its schema (a parse that throws is a mismatch). */
  async function answer<O extends Operation>(
    operation: O,
    url: string,
    payload: object | undefined,
    cookie: string,
    headers: Record<string, string> = {},
  ): Promise<ResponseOf<O>> {
    const response = await t.app.inject({
      method: operation.method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { cookie, ...headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    return z.parse<O['response']>(operation.response, response.json());
  }

  it('describes every back-office operation with its answer, refusals and security', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    }>();
    for (const operation of Object.values(BackofficeOperations)) {
      const path = operation.path.replace(/:(\w+)/g, '{$1}');
      const described = document.paths[path]?.[operation.method.toLowerCase()];
      expect(described, `${operation.method} ${path}`).toBeDefined();
      expect(Object.keys(described?.responses ?? {})).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
      expect(described?.security ?? []).toEqual(SECURITY[operation.auth]);
    }
  });

  it('signs staff in and out, and lists and creates staff, as declared', async () => {
    const { login, logout, me, staff, createStaff } = BackofficeOperations;
    const username = `bc-${randomUUID().slice(0, 8)}`;
    const password = 'staff-password-1';
    // A master agent waits for a second, independent admin (decision 044); an agent is made at once.
    const proposed = await answer(
      createStaff,
      createStaff.path,
      {
        username: `bm-${randomUUID().slice(0, 8)}`,
        password,
        displayName: 'Contract master',
        role: 'master_agent',
        mobileNo: uniqueMobile(),
      },
      admin,
    );
    if (proposed.outcome !== 'pending') throw new Error('a master agent was made by one admin alone');
    const { request: approved } = await approveStaffRequestIndependently(t.app, proposed.request.id);
    if (approved.staffId === null) throw new Error('the approved request made no account');
    const created = await answer(
      createStaff,
      createStaff.path,
      {
        username,
        password,
        displayName: 'Contract agent',
        role: 'agent',
        parentId: approved.staffId,
        referralCode: `BC${randomUUID().slice(0, 6)}`,
      },
      admin,
    );
    if (created.outcome !== 'created') throw new Error('an agent waited for a second admin');
    expect(created.staff).toMatchObject({ username, role: 'agent' });
    const listed = await answer(staff, staff.path, undefined, admin);
    expect(listed.staff.map((member) => member.username)).toContain(username);

    const signedIn = await t.app.inject({ method: 'POST', url: login.path, payload: { username, password } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(login.response.parse(signedIn.json())).toMatchObject({ step: 'done', staff: { username } });
    const adminStep = await t.app.inject({
      method: 'POST',
      url: login.path,
      payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    });
    expect(login.response.parse(adminStep.json())).toEqual({ statusCode: 200, step: 'code' });

    const agent = await staffCookie(t.app, username, password);
    expect((await answer(me, me.path, undefined, agent)).staff.username).toBe(username);
    await answer(logout, logout.path, {}, agent);
    await answer(logout, logout.path, {}, '');
  });

  it("answers players, a player's detail, an adjustment, a login link, the audit log, the outbox and contacts, as declared", async () => {
    const { players, player, adjustBalance, loginLink, audit, smsOutbox, contacts } = BackofficeOperations;
    const registered = await registerPlayer(t.app);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact/submit',
      payload: { name: 'Ana Cruz', email: 'ana@example.ph', reason: 'Support', notes: 'Contract test.' },
    });
    expect(contact.statusCode, contact.body).toBe(200);

    const adjusted = await answer(
      adjustBalance,
      `${players.path}/${registered.playerId}/adjustments`,
      { account: 'credit', amount: 10_000, reason: 'Contract test' },
      admin,
      { 'idempotency-key': `k-${randomUUID()}` },
    );
    expect(adjusted).toMatchObject({ status: 'APPROVED', creditBalance: 10_000 });
    const found = await answer(players, `${players.path}?q=${registered.mobileNo}&page=1`, undefined, admin);
    expect(found.players.map((row) => row.playerId)).toEqual([registered.playerId]);
    const detail = await answer(player, `${players.path}/${registered.playerId}`, undefined, admin);
    expect(detail.entries.length).toBeGreaterThan(0);
    const link = await answer(
      loginLink,
      `${players.path}/${registered.playerId}/login-link`,
      { reason: 'The player cannot log in' },
      admin,
    );
    expect(link.url).toContain(`p=${registered.playerId}`);

    const outbox = await answer(smsOutbox, `${smsOutbox.path}?q=${registered.mobileNo}`, undefined, admin);
    expect(outbox.messages.length).toBeGreaterThan(0);
    const log = await answer(audit, audit.path, undefined, admin);
    expect(log.entries.length).toBeGreaterThan(0);
    const messages = await answer(contacts, contacts.path, undefined, admin);
    expect(messages.messages.map((message) => message.notes)).toContain('Contract test.');
  });
});
