import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApprovalMessages,
  DualControlMessages,
  DualControlOperations,
  DualControlRoutes,
  IDEMPOTENCY_KEY_HEADER,
  type DualControlListResponse,
  type DualControlRequestResponse,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { independentAdmin } from '../../../test/second-admin.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { insertStaff } from '../staff/index.ts';
import { proposeChange, registerDualControlKind } from './dualcontrol.service.ts';

/** A kind for this test only: it writes its text into payment_settings under its subject. */
const TEST_KIND = 'test.note';
const applied: string[] = [];
registerDualControlKind({
  kind: TEST_KIND,
  payloadSchema: z.strictObject({ text: z.string() }),
  async apply(trx, payload, context) {
    if (payload.text === 'refuse') throw badRequest('The test kind refuses this one.');
    await trx
      .insertInto('payment_settings')
      .values({ key: `test:${context.subject}`, value: payload.text, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: payload.text }))
      .execute();
  },
  afterCommit(payload) {
    applied.push(payload.text);
    return Promise.resolve();
  },
});

describe(`dual control (${testDialect})`, () => {
  let t: TestApp;
  let proposerCookie: string;
  let proposerId: number;
  let second: { id: number; cookie: string };
  let third: { id: number; cookie: string };

  const stored = async (subject: string) =>
    (
      await t.app.db
        .selectFrom('payment_settings')
        .select('value')
        .where('key', '=', `test:${subject}`)
        .executeTakeFirst()
    )?.value;
  const propose = (subject: string, text: string) =>
    proposeChange(
      t.app.db,
      { staffId: proposerId, ip: '127.0.0.1' },
      {
        kind: TEST_KIND,
        subject,
        payload: { text },
        summary: { title: `Note ${subject}`, changes: [{ label: 'Text', before: null, after: text }] },
      },
    );
  const approve = (id: number, cookie: string, key: string = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: DualControlRoutes.approve(id),
      headers: { cookie, [IDEMPOTENCY_KEY_HEADER]: key },
      payload: {},
    });
  const reject = (id: number, cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: DualControlRoutes.reject(id), headers: { cookie }, payload });
  const list = async (cookie: string) => {
    const response = await t.app.inject({ url: DualControlRoutes.list, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return DualControlOperations.list.response.parse(response.json()) satisfies DualControlListResponse;
  };

  beforeAll(async () => {
    t = await createTestApp();
    proposerCookie = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const me = await t.app.db
      .selectFrom('staff_users')
      .select('id')
      .where('username', '=', TEST_ADMIN.username)
      .executeTakeFirstOrThrow();
    proposerId = me.id;
    second = await independentAdmin(t.app);
    third = await independentAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('applies a change only when an independent second admin approves it, once', async () => {
    const request = await propose('one', 'hello');
    expect(request.status).toBe('pending');
    expect(await stored('one')).toBeUndefined();
    const { pending } = await list(second.cookie);
    expect(pending.find((r) => r.id === request.id)).toMatchObject({
      kind: TEST_KIND,
      summary: { title: 'Note one', changes: [{ label: 'Text', before: null, after: 'hello' }] },
      proposedBy: { id: proposerId, username: TEST_ADMIN.username },
    });

    const key = randomUUID();
    const approved = await approve(request.id, second.cookie, key);
    expect(approved.statusCode).toBe(200);
    const body = DualControlOperations.approve.response.parse(approved.json()) satisfies DualControlRequestResponse;
    expect(body.statusMessage).toBe(DualControlMessages.approved);
    expect(body.request).toMatchObject({ status: 'approved', decidedBy: { id: second.id } });
    expect(await stored('one')).toBe('hello');
    expect(applied).toEqual(['hello']);

    // The same key again answers the same, and nothing runs twice; another key is told it was decided.
    const replay = await approve(request.id, second.cookie, key);
    expect(replay.statusCode).toBe(200);
    expect(applied).toEqual(['hello']);
    const again = await approve(request.id, third.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusMessage: DualControlMessages.alreadyDecided });

    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'details'])
      .where('action', 'like', 'dualcontrol.%')
      .where('target_id', '=', 'one')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => [row.action, row.actor_id])).toEqual([
      ['dualcontrol.proposed', proposerId],
      ['dualcontrol.approved', second.id],
    ]);
    expect(JSON.parse(audit[1]?.details ?? '{}')).toMatchObject({
      proposedBy: proposerId,
      summary: { changes: [{ before: null, after: 'hello' }] },
    });
  });

  it('keeps one proposal waiting per kind and subject', async () => {
    await propose('two', 'first');
    await expect(propose('two', 'second')).rejects.toThrow(DualControlMessages.alreadyPending);
    // Proposals racing past the read: the partial unique index lets one through.
    const results = await Promise.allSettled([propose('race', 'a'), propose('race', 'b'), propose('race', 'c')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect(String(result.reason)).toContain(DualControlMessages.alreadyPending);
    }
  });

  it('refuses the proposer, a puppet the proposer created, one on probation and anyone not an admin', async () => {
    const request = await propose('three', 'guarded');
    const self = await approve(request.id, proposerCookie);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ statusMessage: DualControlMessages.proposerCannotApprove });

    const makeStaff = async (role: 'admin' | 'agent', createdBy: number | null, ageDays: number) => {
      const username = `dc-${role}-${randomUUID().slice(0, 8)}`;
      const password = 'staff-password-1';
      const row = await insertStaff(t.app.db, {
        username,
        displayName: username,
        passwordHash: await hashPassword(password),
        role,
        parentId: null,
        referralCode: null,
        createdByStaffId: createdBy,
      });
      const created = new Date(Date.now() - ageDays * 86_400_000).toISOString();
      await t.app.db.updateTable('staff_users').set({ created_at: created }).where('id', '=', row.id).execute();
      return staffCookie(t.app, username, password);
    };
    const puppet = await approve(request.id, await makeStaff('admin', proposerId, 400));
    expect(puppet.statusCode).toBe(403);
    expect(puppet.json()).toMatchObject({ statusMessage: ApprovalMessages.secondPersonInLine });

    const newcomer = await approve(request.id, await makeStaff('admin', second.id, 1));
    expect(newcomer.statusCode).toBe(403);
    expect(newcomer.json()).toMatchObject({ statusMessage: ApprovalMessages.secondPersonOnProbation });

    const agent = await approve(request.id, await makeStaff('agent', null, 30));
    expect(agent.statusCode).toBe(403);

    expect(await stored('three')).toBeUndefined();
    const { pending } = await list(second.cookie);
    expect(pending.find((r) => r.id === request.id)?.status).toBe('pending');
  });

  it('rejects with a reason (the proposer may withdraw their own); nothing changes', async () => {
    const request = await propose('four', 'never');
    const noNote = await reject(request.id, second.cookie, { note: '  ' });
    expect(noNote.statusCode).toBe(400);
    const unknownField = await reject(request.id, second.cookie, { note: 'x', extra: 1 });
    expect(unknownField.statusCode).toBe(400);
    const rejected = await reject(request.id, proposerCookie, { note: 'Typed the wrong value' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      statusMessage: DualControlMessages.rejected,
      request: { status: 'rejected', decisionNote: 'Typed the wrong value', decidedBy: { id: proposerId } },
    });
    const late = await approve(request.id, second.cookie);
    expect(late.statusCode).toBe(409);
    expect(await stored('four')).toBeUndefined();
    // Once decided, the subject can be proposed again.
    await expect(propose('four', 'again')).resolves.toMatchObject({ status: 'pending' });
    const { recent } = await list(second.cookie);
    expect(recent.find((r) => r.id === request.id)?.status).toBe('rejected');
  });

  it('leaves the request waiting when applying it is refused (one transaction)', async () => {
    const request = await propose('five', 'refuse');
    const refused = await approve(request.id, second.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ statusMessage: 'The test kind refuses this one.' });
    const { pending } = await list(second.cookie);
    expect(pending.find((r) => r.id === request.id)?.status).toBe('pending');
  });

  it('applies once when two independent admins approve at once', async () => {
    const request = await propose('six', 'raced');
    const before = applied.length;
    const answers = await Promise.all([approve(request.id, second.cookie), approve(request.id, third.cookie)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(applied.length - before).toBe(1);
    expect(await stored('six')).toBe('raced');
  });

  it('describes its operations in the API contract', async () => {
    const paths = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/backoffice/approvals',
        '/api/backoffice/approvals/{id}/approve',
        '/api/backoffice/approvals/{id}/reject',
      ]),
    );
  });

  it('is for admins only, and needs an idempotency key to approve', async () => {
    const request = await propose('seven', 'keyed');
    const noKey = await t.app.inject({
      method: 'POST',
      url: DualControlRoutes.approve(request.id),
      headers: { cookie: second.cookie },
      payload: {},
    });
    expect(noKey.statusCode).toBe(400);
    const anonymous = await t.app.inject({ url: DualControlRoutes.list });
    expect(anonymous.statusCode).toBe(401);
  });
});
