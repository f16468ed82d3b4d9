import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BackofficeOperations, StaffRequestOperations, type Operation, type ResponseOf } from '@karera/shared';
import {
  createTestApp,
  nextTotpCode,
  rememberTotpSecret,
  staffCookie,
  TEST_ADMIN,
  testDialect,
  textedEnrolmentToken,
  type TestApp,
} from '../../../test/test-app.ts';
import { uniqueMobile } from '../../../test/factories.ts';
import { staffRequestApprover } from '../../../test/staff-accounts.ts';

const SECURITY = { public: [], player: [{ playerSession: [] }], staff: [{ staffSession: [] }] } as const;

/** Staff requests and enrolment links (decision 044) answer what the API's contract declares. */
describe(`staff requests, enrolment links and their contract (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let approver: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    approver = (await staffRequestApprover(t.app)).cookie;
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
  ): Promise<ResponseOf<O>> {
    const response = await t.app.inject({
      method: operation.method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return z.parse<O['response']>(operation.response, response.json());
  }

  it('describes every staff request and enrolment link operation with its answer, refusals and security', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    }>();
    for (const operation of Object.values(StaffRequestOperations)) {
      const path = operation.path.replace(/:(\w+)/g, '{$1}');
      const described = document.paths[path]?.[operation.method.toLowerCase()];
      expect(described, `${operation.method} ${path}`).toBeDefined();
      expect(Object.keys(described?.responses ?? {})).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
      expect(described?.security ?? []).toEqual(SECURITY[operation.auth]);
    }
  });

  it('proposes, lists, approves and rejects requests, resends and spends a link, as declared', async () => {
    const { createStaff } = BackofficeOperations;
    const {
      staffRequests,
      approveStaffRequest,
      rejectStaffRequest,
      changeStaffMobile,
      resendEnrolmentLink,
      enrolmentLinkOffer,
      enrolmentLinkConfirm,
    } = StaffRequestOperations;
    const mobileNo = uniqueMobile();
    const username = `sr-${randomUUID().slice(0, 8)}`;
    const proposed = await answer(
      createStaff,
      createStaff.path,
      { username, password: 'creator-password-1', displayName: 'Contract master', role: 'master_agent', mobileNo },
      admin,
    );
    if (proposed.outcome !== 'pending') throw new Error('a master agent was made by one admin alone');
    const pending = await answer(staffRequests, `${staffRequests.path}?status=pending`, undefined, admin);
    expect(pending.requests.map((request) => request.id)).toContain(proposed.request.id);

    const approved = await answer(
      approveStaffRequest,
      `${staffRequests.path}/${proposed.request.id}/approve`,
      {},
      approver,
    );
    expect(approved).toMatchObject({ request: { status: 'approved' }, enrolmentLinkSent: true });
    const staffId = approved.request.staffId ?? 0;
    const decided = await answer(staffRequests, `${staffRequests.path}?status=decided`, undefined, admin);
    expect(decided.requests.map((request) => request.id)).toContain(proposed.request.id);

    const changed = await answer(
      changeStaffMobile,
      `/api/backoffice/staff/${staffId}/mobile`,
      { mobileNo: uniqueMobile() },
      admin,
    );
    expect(changed.request).toMatchObject({ kind: 'change_mobile', status: 'pending', staffId });
    const rejected = await answer(rejectStaffRequest, `${staffRequests.path}/${changed.request.id}/reject`, {}, admin);
    expect(rejected.request.status).toBe('rejected');

    const resent = await answer(resendEnrolmentLink, `/api/backoffice/staff/${staffId}/enrolment-link`, {}, admin);
    expect(resent.sentTo).not.toBe(mobileNo);
    const token = await textedEnrolmentToken(t.app, mobileNo);
    const offer = await answer(enrolmentLinkOffer, enrolmentLinkOffer.path, { token }, '');
    expect(offer).toMatchObject({ username, displayName: 'Contract master' });
    rememberTotpSecret(t.app, username, offer.secret);
    const password = 'my-own-password-1';
    const done = await answer(
      enrolmentLinkConfirm,
      enrolmentLinkConfirm.path,
      { token, password, confirmPassword: password, code: await nextTotpCode(t.app, username) },
      '',
    );
    expect(done.recoveryCodes).toHaveLength(10);
  });
});
