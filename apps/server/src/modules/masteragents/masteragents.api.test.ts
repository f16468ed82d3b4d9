import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackofficeMessages,
  BackofficeRoutes,
  MASTER_AGENT_PHOTO_MAX_BYTES,
  MasterAgentBackofficeRoutes,
  MasterAgentMessages,
  MasterAgentRoutes,
  type MasterAgentApplicationDetailResponse,
  type MasterAgentApplicationListResponse,
  type MasterAgentDecisionResponse,
  type MasterAgentSignInLinkResponse,
  type StaffMeResponse,
  StaffRequestMessages,
  StaffRequestRoutes,
} from '@karera/shared';
import {
  createTestApp,
  enrolThroughTextedLink,
  staffCookie,
  textedEnrolmentToken,
  TEST_ADMIN,
  testDialect,
  type TestApp,
} from '../../../test/test-app.ts';
import { uniqueMobile } from '../../../test/factories.ts';
import {
  approveStaffRequestIndependently,
  createStaffAccount,
  staffRequestApprover,
  type StaffAccountInput,
} from '../../../test/staff-accounts.ts';
import { testAdminId } from '../../../test/staff-members.ts';
import { registerPlayer } from '../../../test/player-flow.ts';
import { basePictures, malformedImageCorpus, OUTAGE_JPEG, OUTAGE_PNG } from '../../../test/malformed-images.ts';
import { Idempotency } from '../../lib/idempotency.ts';

/** Every answer a photo can get when it is refused. */
const PHOTO_REFUSALS: string[] = [
  MasterAgentMessages.photoType,
  MasterAgentMessages.photoTooLarge,
  MasterAgentMessages.photoDimensions,
  MasterAgentMessages.photoCorrupt,
];

const b64 = (bytes: Buffer) => bytes.toString('base64');

function tag(): string {
  return randomUUID().replace(/-/g, '').slice(0, 10);
}

let pictures: Awaited<ReturnType<typeof basePictures>>;

/** A valid application of its own: a fresh username, mobile number and idempotency key. */
function application(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = tag();
  return {
    email: `ana.${id}@example.com`,
    firstName: 'Ana',
    lastName: 'Reyes',
    username: `ana.${id}`,
    mobile: uniqueMobile(),
    telegram: `@ana_${id}`,
    selfie: `data:image/jpeg;base64,${b64(pictures.jpeg)}`,
    govId: b64(pictures.png),
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

/** Every text the outbox holds for a number (what staff can read on the outbox page). */
async function outboxTexts(t: TestApp, mobileNo: string): Promise<{ purpose: string; message: string }[]> {
  return t.app.db
    .selectFrom('sms_outbox')
    .select(['purpose', 'message'])
    .where('mobile_no', '=', mobileNo)
    .orderBy('id')
    .execute();
}

describe(`master-agent registration (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let address = 0;

  /** Each application from its own address, so the per-address limit stays in force and out of the way. */
  const nextAddress = () => `10.40.${(address >> 8) & 0xff}.${address++ & 0xff}`;
  const apply = (body: Record<string, unknown>, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: MasterAgentRoutes.apply, payload: body, remoteAddress });
  const healthz = () => t.app.inject({ method: 'GET', url: '/healthz' });

  const get = (url: string, cookie: string | null = admin) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, payload: Record<string, unknown>, cookie: string | null = admin, key = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...(cookie ? { cookie } : {}), 'idempotency-key': key },
    });
  const approve = (id: number, cookie: string | null = admin, key = randomUUID()) =>
    post(MasterAgentBackofficeRoutes.approve(id), {}, cookie, key);
  const decline = (id: number, reason: unknown, cookie: string | null = admin, key = randomUUID()) =>
    post(MasterAgentBackofficeRoutes.decline(id), reason === undefined ? {} : { reason }, cookie, key);

  /** Applies and returns the new application's id (the newest with that username). */
  async function applied(overrides: Record<string, unknown> = {}) {
    const body = application(overrides);
    const response = await apply(body);
    expect(response.statusCode, response.body).toBe(200);
    const row = await t.app.db
      .selectFrom('master_agent_applications')
      .selectAll()
      .where('username', '=', body.username as string)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { id: row.id, body, row };
  }

  const createStaffMember = (input: StaffAccountInput) => createStaffAccount(t.app, admin, input);

  /** The first admin's approval (a staff request, decision 044) and an independent admin's: the account. */
  async function approvedByTwo(id: number) {
    const first = await approve(id);
    expect(first.statusCode, first.body).toBe(200);
    const waiting = first.json<MasterAgentDecisionResponse>().application.pendingApproval;
    if (!waiting) throw new Error('the first approval left no staff request');
    return approveStaffRequestIndependently(t.app, waiting.staffRequestId);
  }

  const applicationCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('master_agent_applications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    pictures = await basePictures();
    t = await createTestApp({ MASTER_AGENT_RATE_LIMIT: '5' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the public form', () => {
    it('stores an application once per idempotency key, with both photos re-encoded', async () => {
      const body = application();
      const first = await apply(body);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ statusCode: 200, statusMessage: MasterAgentMessages.received });
      // A double tap or a retry: the same answer, nothing stored twice.
      const again = await apply(body);
      expect(again.json()).toEqual(first.json());
      const rows = await t.app.db
        .selectFrom('master_agent_applications')
        .selectAll()
        .where('username', '=', body.username as string)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 'pending',
        email: body.email,
        first_name: 'Ana',
        last_name: 'Reyes',
        mobile_no: body.mobile,
        telegram: body.telegram,
        staff_id: null,
      });
      const photos = await t.app.db
        .selectFrom('master_agent_photos')
        .selectAll()
        .where('application_id', '=', rows[0]?.id ?? 0)
        .orderBy('kind')
        .execute();
      expect(photos.map((p) => [p.kind, p.content_type, p.width, p.height])).toEqual([
        ['govId', 'image/jpeg', 64, 48],
        ['selfie', 'image/jpeg', 64, 48],
      ]);
      for (const photo of photos) {
        const data = Buffer.from(photo.data);
        // What sharp encoded, never the upload (the PNG comes back as a JPEG, the JPEG re-encoded).
        expect(data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
        expect(data.equals(pictures.jpeg)).toBe(false);
        expect((await sharp(data).metadata()).format).toBe('jpeg');
      }
      // The same key with another body is refused.
      const reused = await apply({ ...body, firstName: 'Maria' });
      expect(reused.statusCode).toBe(409);
      expect(reused.json()).toMatchObject({ statusMessage: Idempotency.keyReused });
    });

    it("answers the spec's messages for an empty form, each by its field", async () => {
      const response = await apply({
        email: '',
        firstName: '',
        lastName: ' ',
        username: '',
        mobile: '',
        telegram: '',
        selfie: '',
        govId: '',
        idempotencyKey: randomUUID(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
        email: 'Invalid email address.',
        firstName: 'First name is cannot be empty.',
        lastName: 'Last name is cannot be empty.',
        username: MasterAgentMessages.usernameRequired,
        mobile: MasterAgentMessages.mobileRequired,
        telegram: MasterAgentMessages.telegramRequired,
        selfie: MasterAgentMessages.selfieRequired,
        govId: MasterAgentMessages.govIdRequired,
      });
    });

    it('refuses malformed values and missing or unknown fields', async () => {
      const response = await apply(
        application({
          email: 'ana@example',
          firstName: 'A'.repeat(31),
          username: 'ana reyes',
          mobile: '0817 123 4567',
          telegram: '@a-b',
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
        email: MasterAgentMessages.invalidEmail,
        firstName: MasterAgentMessages.nameTooLong,
        username: MasterAgentMessages.usernameFormat,
        mobile: MasterAgentMessages.invalidMobile,
        telegram: MasterAgentMessages.telegramFormat,
      });
      const { selfie: _selfie, ...withoutSelfie } = application();
      const missing = await apply(withoutSelfie);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ fieldErrors: { selfie: MasterAgentMessages.selfieRequired } });
      const unknown = await apply(application({ role: 'admin' }));
      expect(unknown.statusCode).toBe(400);
      const noKey = await apply(application({ idempotencyKey: undefined }));
      expect(noKey.statusCode).toBe(400);
    });

    it('stores the mobile number and Telegram account in one form', async () => {
      const { row } = await applied({ mobile: '+63 917 555 0101', telegram: 'https://t.me/ana_reyes_ph' });
      expect(row).toMatchObject({ mobile_no: '09175550101', telegram: '@ana_reyes_ph' });
    });

    it('wants a username free among staff and pending applications, in any letter case', async () => {
      const before = await applicationCount();
      const staff = await apply(application({ username: TEST_ADMIN.username.toUpperCase() }));
      expect(staff.statusCode).toBe(400);
      expect(staff.json()).toEqual({
        statusCode: 400,
        statusMessage: MasterAgentMessages.usernameTaken,
        fieldErrors: { username: MasterAgentMessages.usernameTaken },
      });
      const { body } = await applied();
      const pending = await apply(application({ username: (body.username as string).toUpperCase() }));
      expect(pending.statusCode).toBe(400);
      expect(pending.json()).toMatchObject({ fieldErrors: { username: MasterAgentMessages.usernameTaken } });
      expect(await applicationCount()).toBe(before + 1);
    });

    it('takes two applications with one username at once as one', async () => {
      const username = `ana.${tag()}`;
      const responses = await Promise.all(Array.from({ length: 5 }, () => apply(application({ username }))));
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
      const rows = await t.app.db
        .selectFrom('master_agent_applications')
        .select('id')
        .where('username', '=', username)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it(
      'refuses every malformed photo of the corpus with a 4xx naming its field, and keeps serving',
      { timeout: 120_000 },
      async () => {
        const before = await applicationCount();
        const corpus = await malformedImageCorpus();
        expect(corpus.length).toBeGreaterThanOrEqual(50);
        const cases: Array<[string, Record<string, unknown>, 'selfie' | 'govId']> = [
          ['the 69-byte PNG of the outage as the government ID', application({ govId: OUTAGE_PNG }), 'govId'],
          ['the 23-byte JPEG of the outage as the government ID', application({ govId: OUTAGE_JPEG }), 'govId'],
          ...corpus
            // An empty photo is "missing", answered by the schema with its own message.
            .filter(([, image]) => image !== '')
            .map(([name, image]): [string, Record<string, unknown>, 'selfie'] => [
              `${name} as the selfie`,
              application({ selfie: image }),
              'selfie',
            ]),
        ];
        const wrong: string[] = [];
        for (const [name, body, field] of cases) {
          const started = Date.now();
          const response = await apply(body);
          const json = response.json<{ statusMessage?: string; fieldErrors?: Record<string, string> }>();
          const ms = Date.now() - started;
          const message = json.fieldErrors?.[field] ?? '';
          if (response.statusCode !== 400 || !PHOTO_REFUSALS.includes(message) || ms > 2_000) {
            wrong.push(`${name}: ${response.statusCode} ${response.body} in ${ms} ms`);
          }
          if ((await healthz()).statusCode !== 200) wrong.push(`${name}: /healthz failed`);
        }
        expect(wrong).toEqual([]);
        expect(await applicationCount()).toBe(before);
      },
    );

    it('names both photos when both are refused, and refuses a photo over the size limit', async () => {
      const both = await apply(application({ selfie: OUTAGE_PNG, govId: OUTAGE_JPEG }));
      expect(both.statusCode).toBe(400);
      expect(both.json()).toMatchObject({
        fieldErrors: { selfie: MasterAgentMessages.photoCorrupt, govId: MasterAgentMessages.photoCorrupt },
      });
      const huge = Buffer.concat([pictures.jpeg, Buffer.alloc(MASTER_AGENT_PHOTO_MAX_BYTES)]);
      const tooLarge = await apply(application({ govId: b64(huge) }));
      expect(tooLarge.statusCode).toBe(400);
      expect(tooLarge.json()).toMatchObject({ fieldErrors: { govId: MasterAgentMessages.photoTooLarge } });
    });

    it('takes photos as JPEG, PNG and WebP, and a large one is stored at most 2,000 pixels a side', async () => {
      const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#4a7' } })
        .webp()
        .toBuffer();
      const { id } = await applied({ selfie: b64(pictures.webp), govId: b64(big) });
      const photos = await t.app.db
        .selectFrom('master_agent_photos')
        .select(['kind', 'width', 'height'])
        .where('application_id', '=', id)
        .orderBy('kind')
        .execute();
      expect(photos).toEqual([
        { kind: 'govId', width: 2000, height: 1000 },
        { kind: 'selfie', width: 64, height: 48 },
      ]);
    });

    it('limits applications per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        statuses.push((await apply(application({ email: 'not-an-email' }), '10.99.0.7')).statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    });
  });

  describe('review in the back office', () => {
    it('lists applications by status for admins, with a detail that carries no photo bytes', async () => {
      const { id, body } = await applied();
      const list = await get(`${MasterAgentBackofficeRoutes.list}?status=pending`);
      expect(list.statusCode, list.body).toBe(200);
      const page = list.json<MasterAgentApplicationListResponse>();
      expect(page.applications.every((a) => a.status === 'pending')).toBe(true);
      expect(page.applications.find((a) => a.id === id)).toMatchObject({
        username: body.username,
        mobileNo: body.mobile,
        telegram: body.telegram,
      });
      const declined = await get(`${MasterAgentBackofficeRoutes.list}?status=declined`);
      expect(declined.json<MasterAgentApplicationListResponse>().applications.some((a) => a.id === id)).toBe(false);

      const detail = await get(MasterAgentBackofficeRoutes.detail(id));
      expect(detail.statusCode).toBe(200);
      const view = detail.json<MasterAgentApplicationDetailResponse>().application;
      expect(view).toMatchObject({ id, status: 'pending', declineReason: null, staff: null, decidedBy: null });
      expect(view.photos.map((p) => p.kind)).toEqual(['selfie', 'govId']);
      expect(detail.body.length).toBeLessThan(2_000);
      expect(detail.body).not.toContain(b64(pictures.jpeg).slice(0, 40));

      expect((await get(MasterAgentBackofficeRoutes.detail(999_999))).statusCode).toBe(404);
      expect((await get(`${MasterAgentBackofficeRoutes.list}?status=maybe`)).statusCode).toBe(400);
    });

    it('gives an admin a photo, never cached, inline, as a JPEG; and records who looked', async () => {
      const { id } = await applied();
      for (const kind of ['selfie', 'govId'] as const) {
        const response = await get(MasterAgentBackofficeRoutes.photo(id, kind));
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/jpeg');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.headers['content-disposition']).toBe(`inline; filename="application-${id}-${kind}.jpg"`);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect((await sharp(response.rawPayload).metadata()).format).toBe('jpeg');
      }
      const viewed = await t.app.db
        .selectFrom('audit_log')
        .select('details')
        .where('action', '=', 'master_agent_application.photo_viewed')
        .where('target_id', '=', String(id))
        .execute();
      expect(viewed).toHaveLength(2);
      expect((await get(`/api/backoffice/master-agent-applications/${id}/photos/passport`)).statusCode).toBe(400);
    });

    it('shows applications and photos to admins only: agents, master agents, players and visitors are refused', async () => {
      const { id } = await applied();
      const suffix = tag();
      const master = await createStaffMember({
        username: `ma.${suffix}`,
        displayName: 'Master Agent',
        password: 'master-password-1',
        role: 'master_agent',
      });
      await createStaffMember({
        username: `ag.${suffix}`,
        displayName: 'Agent',
        password: 'agent-password-1',
        role: 'agent',
        parentId: master.id,
      });
      const masterCookie = await staffCookie(t.app, `ma.${suffix}`, 'master-password-1');
      const agentCookie = await staffCookie(t.app, `ag.${suffix}`, 'agent-password-1');
      const player = await registerPlayer(t.app);

      const callers: Array<[string, string | null, number]> = [
        ['a master agent', masterCookie, 403],
        ['an agent', agentCookie, 403],
        ['a player', player.cookie, 401],
        ['a visitor', null, 401],
      ];
      for (const [who, cookie, status] of callers) {
        const responses: Array<[string, LightMyRequestResponse]> = [
          ['list', await get(MasterAgentBackofficeRoutes.list, cookie)],
          ['detail', await get(MasterAgentBackofficeRoutes.detail(id), cookie)],
          ['selfie', await get(MasterAgentBackofficeRoutes.photo(id, 'selfie'), cookie)],
          ['government ID', await get(MasterAgentBackofficeRoutes.photo(id, 'govId'), cookie)],
          ['approve', await approve(id, cookie)],
          ['decline', await decline(id, 'Not enough players.', cookie)],
          ['decline without a reason', await decline(id, undefined, cookie)],
          ['new sign-in link', await post(MasterAgentBackofficeRoutes.sendSignInLink(id), {}, cookie)],
        ];
        for (const [what, response] of responses) {
          expect(response.statusCode, `${who}: ${what}`).toBe(status);
          expect(response.headers['content-type'], `${who}: ${what}`).toMatch(/^application\/json/);
          expect(response.body).not.toContain('Ana');
        }
      }
      const row = await t.app.db
        .selectFrom('master_agent_applications')
        .select(['status', 'staff_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'pending', staff_id: null });
    });

    it("takes an admin's approval as a request: the account is made only on an independent admin's approval, once, and its link goes to the applicant", async () => {
      const { id, body } = await applied();
      const responses = await Promise.all(Array.from({ length: 10 }, () => approve(id)));
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
      for (const refused of responses.filter((r) => r.statusCode === 409)) {
        expect(refused.json()).toMatchObject({ statusMessage: MasterAgentMessages.approvalWaiting });
      }
      const first = responses.find((r) => r.statusCode === 200)?.json<MasterAgentDecisionResponse>();
      expect(first?.application).toMatchObject({
        id,
        status: 'pending',
        staff: null,
        pendingApproval: { proposedBy: { username: TEST_ADMIN.username } },
      });
      const requestId = first?.application.pendingApproval?.staffRequestId ?? 0;
      const byUsername = t.app.db
        .selectFrom('staff_users')
        .selectAll()
        .where('username', '=', body.username as string);
      expect(await byUsername.execute()).toEqual([]);

      // The admin who approved cannot give the second approval too.
      const own = await post(StaffRequestRoutes.approve(requestId), {});
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ statusMessage: StaffRequestMessages.ownRequest });
      expect(await byUsername.execute()).toEqual([]);

      const second = await approveStaffRequestIndependently(t.app, requestId);
      expect(second).toMatchObject({ enrolmentLinkSent: true, request: { applicationId: id, status: 'approved' } });
      const accounts = await byUsername.execute();
      expect(accounts).toHaveLength(1);
      const adminId = await testAdminId(t.app);
      expect(accounts[0]).toMatchObject({
        role: 'master_agent',
        display_name: 'Ana Reyes',
        parent_id: null,
        mobile_no: body.mobile,
        created_by_staff_id: adminId,
        totp_secret: null,
      });
      const detail = (await get(MasterAgentBackofficeRoutes.detail(id))).json<MasterAgentApplicationDetailResponse>();
      expect(detail.application).toMatchObject({
        status: 'approved',
        staff: { id: accounts[0]?.id, username: body.username },
        decidedBy: { username: (await staffRequestApprover(t.app)).username },
        pendingApproval: null,
      });
      const audit = await t.app.db.selectFrom('audit_log').selectAll().execute();
      expect(
        audit.filter((e) => e.action === 'master_agent_application.approved' && e.target_id === String(id)),
      ).toHaveLength(1);

      // No password by SMS: the applicant sets their own through the one-time link texted to them.
      const texts = await t.app.db
        .selectFrom('sms_outbox')
        .select('purpose')
        .where('mobile_no', '=', body.mobile as string)
        .execute();
      expect(texts).toEqual([{ purpose: 'staff-enrolment' }]);
      const signIn = await t.app.inject({
        method: 'POST',
        url: BackofficeRoutes.login,
        payload: { username: body.username, password: 'a-guess-password' },
      });
      expect(signIn.statusCode).toBe(401);
      const password = 'applicant-own-password-1';
      await enrolThroughTextedLink(t.app, body.username as string, password);
      const me = await get(BackofficeRoutes.me, await staffCookie(t.app, body.username as string, password));
      expect(me.json<StaffMeResponse>().staff).toMatchObject({ role: 'master_agent', username: body.username });

      // Decided is decided.
      expect((await decline(id, 'Changed our mind.')).statusCode).toBe(409);
      expect((await approve(id)).statusCode).toBe(409);
    });

    it('answers 10 concurrent approvals with one key alike, and makes one request', async () => {
      const { id } = await applied();
      const key = randomUUID();
      const responses = await Promise.all(Array.from({ length: 10 }, () => approve(id, admin, key)));
      expect(responses.map((r) => r.statusCode)).toEqual(Array<number>(10).fill(200));
      for (const response of responses) {
        expect(response.json<MasterAgentDecisionResponse>().application).toMatchObject({ id, status: 'pending' });
      }
      const requests = await t.app.db.selectFrom('staff_requests').select('id').where('application_id', '=', id);
      expect(await requests.execute()).toHaveLength(1);
    });

    it('ends a waiting approval when the application is declined: the second admin can no longer make the account', async () => {
      const { id, body } = await applied();
      const first = (await approve(id)).json<MasterAgentDecisionResponse>();
      const requestId = first.application.pendingApproval?.staffRequestId ?? 0;
      expect((await decline(id, 'The area already has a master agent.')).statusCode).toBe(200);
      const { cookie } = await staffRequestApprover(t.app);
      const late = await post(StaffRequestRoutes.approve(requestId), {}, cookie);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ statusMessage: StaffRequestMessages.requestDecided });
      const made = t.app.db
        .selectFrom('staff_users')
        .select('id')
        .where('username', '=', body.username as string);
      expect(await made.execute()).toEqual([]);
    });

    it('refuses to approve when a staff account took the username meanwhile, and leaves it pending', async () => {
      const { id, body } = await applied();
      await createStaffMember({
        username: body.username as string,
        displayName: 'Someone else',
        password: 'someone-password-1',
        role: 'master_agent',
      });
      const response = await approve(id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ statusMessage: MasterAgentMessages.usernameTakenByStaff });
      const row = await t.app.db
        .selectFrom('master_agent_applications')
        .select(['status', 'staff_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'pending', staff_id: null });
      expect(
        await t.app.db
          .selectFrom('staff_users')
          .select('id')
          .where('username', '=', body.username as string)
          .execute(),
      ).toHaveLength(1);
    });

    it('declines only with a reason, which staff see and the applicant does not; the username is free again', async () => {
      const { id, body } = await applied();
      for (const reason of [undefined, '', 'no']) {
        const refused = await decline(id, reason);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ statusMessage: MasterAgentMessages.declineReason });
      }
      const noKey = await t.app.inject({
        method: 'POST',
        url: MasterAgentBackofficeRoutes.decline(id),
        headers: { cookie: admin },
        payload: { reason: 'No players in the area yet.' },
      });
      expect(noKey.statusCode).toBe(400);
      expect(noKey.json()).toMatchObject({ statusMessage: Idempotency.keyRequired });

      const declined = await decline(id, '  No players in the area yet. ');
      expect(declined.statusCode, declined.body).toBe(200);
      expect(declined.json<MasterAgentDecisionResponse>().application).toMatchObject({
        status: 'declined',
        declineReason: 'No players in the area yet.',
        staff: null,
      });
      expect(declined.json()).not.toHaveProperty('passwordSms');
      const audit = await t.app.db
        .selectFrom('audit_log')
        .select(['details', 'actor_type'])
        .where('action', '=', 'master_agent_application.declined')
        .where('target_id', '=', String(id))
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.details)).toMatchObject({ reason: 'No players in the area yet.' });
      expect((await approve(id)).statusCode).toBe(409);
      expect(
        await t.app.db
          .selectFrom('sms_outbox')
          .select('id')
          .where('mobile_no', '=', body.mobile as string)
          .execute(),
      ).toEqual([]);
      // A new application may use the username again.
      const again = await apply(application({ username: body.username }));
      expect(again.statusCode, again.body).toBe(200);
    });

    it('gives the new master agent a referral code at the second approval, unique and readable', async () => {
      const accounts = [];
      for (const username of [`rc.${tag()}`, `rc.${tag()}`]) {
        const { id } = await applied({ username });
        const decision = await approvedByTwo(id);
        const account = await t.app.db
          .selectFrom('staff_users')
          .select(['username', 'role', 'referral_code'])
          .where('id', '=', decision.request.staffId ?? 0)
          .executeTakeFirstOrThrow();
        accounts.push(account);
        // The admins read it on the application.
        const detail = await get(MasterAgentBackofficeRoutes.detail(id));
        expect(detail.json<MasterAgentApplicationDetailResponse>().application.referralCode).toBe(
          account.referral_code,
        );
      }
      for (const account of accounts) {
        expect(account.role).toBe('master_agent');
        // The username's start, upper-cased, then four characters that cannot be misread (no 0/O, 1/I/L).
        const prefix = account.username
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .slice(0, 8);
        expect(account.referral_code).toMatch(new RegExp(`^${prefix}[A-HJKMNP-Z2-9]{4}$`));
      }
      expect(accounts[0]?.referral_code).not.toBe(accounts[1]?.referral_code);
      // The code is in the audit entry of the account's creation, as one an admin sets would be.
      const audit = await t.app.db
        .selectFrom('audit_log')
        .select('details')
        .where('action', '=', 'staff.created')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.details)).toMatchObject({ referralCode: accounts[1]?.referral_code });
    });

    it('sends a new sign-in link, never a password: the old password, authenticator and sessions end', async () => {
      const { id, body } = await applied();
      await approvedByTwo(id);
      const mobileNo = body.mobile as string;
      const first = 'applicant-own-password-1';
      await enrolThroughTextedLink(t.app, body.username as string, first);
      const session = await staffCookie(t.app, body.username as string, first);
      const firstToken = await textedEnrolmentToken(t.app, mobileNo);

      const response = await post(MasterAgentBackofficeRoutes.sendSignInLink(id), {});
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<MasterAgentSignInLinkResponse>();
      expect(answer).toEqual({
        statusCode: 200,
        linkSms: 'sent',
        sentTo: `${mobileNo.slice(0, 4)} ••• ${mobileNo.slice(-4)}`,
      });
      const token = await textedEnrolmentToken(t.app, mobileNo);
      expect(token).not.toBeNull();
      expect(token).not.toBe(firstToken);
      expect(response.body).not.toContain(token);

      expect((await get(BackofficeRoutes.me, session)).statusCode).toBe(401);
      const oldLogin = await t.app.inject({
        method: 'POST',
        url: BackofficeRoutes.login,
        payload: { username: body.username, password: first },
      });
      expect(oldLogin.statusCode).toBe(401);
      expect(oldLogin.json()).toMatchObject({ statusMessage: BackofficeMessages.invalidLogin });
      // The texted link is live: the applicant sets a new password and authenticator through it.
      const offer = await t.app.inject({ method: 'POST', url: StaffRequestRoutes.linkOffer, payload: { token } });
      expect(offer.statusCode, offer.body).toBe(200);
      const second = 'applicant-new-password-2';
      await enrolThroughTextedLink(t.app, body.username as string, second);
      expect(await textedEnrolmentToken(t.app, mobileNo)).toBe(token);
      await staffCookie(t.app, body.username as string, second);

      // No SMS to the applicant carries a password: only the enrolment links.
      const texts = await outboxTexts(t, mobileNo);
      expect(texts.map((text) => text.purpose)).toEqual(['staff-enrolment', 'staff-enrolment']);
      for (const { message } of texts) {
        expect(message).not.toContain(first);
        expect(message).not.toContain(second);
        expect(message.toLowerCase()).not.toContain('password');
      }
      const audit = await t.app.db
        .selectFrom('audit_log')
        .select('details')
        .where('action', '=', 'master_agent_application.sign_in_link_sent')
        .where('target_id', '=', String(id))
        .executeTakeFirstOrThrow();
      expect(audit.details).not.toContain(token);

      const pending = await applied();
      const notApproved = await post(MasterAgentBackofficeRoutes.sendSignInLink(pending.id), {});
      expect(notApproved.statusCode).toBe(409);
      expect(notApproved.json()).toMatchObject({ statusMessage: MasterAgentMessages.notApproved });
    });

    it('keeps passwords out of every outbox row, whatever sent it', async () => {
      const rows = await t.app.db.selectFrom('sms_outbox').select(['purpose', 'message']).execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((row) => row.purpose === 'master-agent-password')).toEqual([]);
      for (const row of rows) expect(row.message, row.purpose).not.toMatch(/\bpassword[: ]+\S{8,}/i);
    });
  });
});

describe(`master-agent approval when the SMS gateway fails (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    pictures ??= await basePictures();
    // Nothing listens on port 9 of the loopback: every SMS fails.
    t = await createTestApp({ SMS_SENDER: 'http', SMS_GATEWAY_URL: 'http://127.0.0.1:9/api', SMS_API_KEY: 'k' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still makes the account on the second approval, says the link was not sent, and leaves no live link', async () => {
    const body = application();
    expect((await t.app.inject({ method: 'POST', url: MasterAgentRoutes.apply, payload: body })).statusCode).toBe(200);
    const { id } = await t.app.db
      .selectFrom('master_agent_applications')
      .select('id')
      .where('username', '=', body.username as string)
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({
      method: 'POST',
      url: MasterAgentBackofficeRoutes.approve(id),
      headers: { cookie: admin, 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    const requestId = response.json<MasterAgentDecisionResponse>().application.pendingApproval?.staffRequestId ?? 0;
    const decision = await approveStaffRequestIndependently(t.app, requestId);
    expect(decision).toMatchObject({ enrolmentLinkSent: false, request: { status: 'approved' } });
    const links = await t.app.db
      .selectFrom('staff_enrolment_links')
      .select(['revoked_at'])
      .where('staff_id', '=', decision.request.staffId ?? 0)
      .execute();
    expect(links).toHaveLength(1);
    expect(links[0]?.revoked_at).not.toBeNull();
    const sms = await t.app.db
      .selectFrom('sms_outbox')
      .select(['status', 'purpose'])
      .where('mobile_no', '=', body.mobile as string)
      .execute();
    expect(sms).toEqual([{ status: 'failed', purpose: 'staff-enrolment' }]);
  });
});
