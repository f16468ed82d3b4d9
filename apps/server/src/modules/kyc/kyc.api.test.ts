import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KYC_PHOTO_MAX_BYTES,
  KycMessages,
  KycRoutes,
  manilaDateOf,
  type KycPlayerResponse,
  type KycStatusResponse,
  type KycSubmissionView,
  type PaymentRequestReceipt,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { createStaffAccount } from '../../../test/staff-accounts.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { basePictures, malformedImageCorpus } from '../../../test/malformed-images.ts';
import { fundPlayer } from '../../../test/win-race.ts';
import { rgClock } from '../rglimits/index.ts';

const key = () => `k-${randomUUID()}`;
const b64 = (bytes: Buffer) => bytes.toString('base64');

/** YYYY-MM-DD of the Manila date `years` years before today, moved by `days`. */
function birthDate(years: number, days = 0): string {
  const [y = 0, m = 1, d = 1] = manilaDateOf(new Date()).split('-').map(Number);
  const date = new Date(Date.UTC(y - years, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

let idCounter = 0;
const uniqueIdNumber = () => `N${Date.now() % 1_000_000_000}${(idCounter += 1)}`;

describe(`identity verification (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let pictures: Awaited<ReturnType<typeof basePictures>>;
  let gcashAccountId: number;

  const submission = (overrides: Record<string, unknown> = {}) => ({
    legalName: 'Maria Clara Santos',
    dateOfBirth: birthDate(30),
    idType: 'philsys',
    idNumber: uniqueIdNumber(),
    idPhoto: b64(pictures.png),
    selfie: b64(pictures.jpeg),
    declarations: { notStudent: true, notGovernmentOfficial: true, notMilitaryOrPolice: true, notRacingEmployee: true },
    ...overrides,
  });
  const submit = (player: RegisteredPlayer, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: KycRoutes.submit, payload: body, headers: { cookie: player.cookie } });
  const statusOf = async (player: RegisteredPlayer) =>
    (
      await t.app.inject({ method: 'GET', url: KycRoutes.status, headers: { cookie: player.cookie } })
    ).json<KycStatusResponse>();
  const staffGet = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const decide = (id: number, decision: 'approve' | 'reject' | 'ask-again', payload: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${KycRoutes.submission(id)}/${decision}`,
      payload,
      headers: { cookie: admin },
    });
  const pendingOf = async (player: RegisteredPlayer): Promise<KycSubmissionView> => {
    const response = await staffGet(KycRoutes.player(player.playerId));
    expect(response.statusCode, response.body).toBe(200);
    const [newest] = response.json<KycPlayerResponse>().submissions;
    if (!newest) throw new Error('no submission');
    return newest;
  };
  const withdraw = (player: RegisteredPlayer, amount = 50_000) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/initiateWithdraw',
      headers: { cookie: player.cookie },
      payload: {
        amount,
        companyName: 'gcash',
        accountName: 'Maria Santos',
        accountNumber: '09171234567',
        idempotencyKey: key(),
      },
    });
  const deposit = (player: RegisteredPlayer, amount: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/initiateDeposit',
      headers: { cookie: player.cookie },
      payload: {
        amount,
        senderNumber: '09171234567',
        receiverNumber: gcashAccountId,
        referenceNumber: `${Date.now()}${Math.floor(Math.random() * 100_000)}`.slice(0, 13),
        idempotencyKey: key(),
      },
    });
  async function verifiedPlayer(): Promise<RegisteredPlayer> {
    const player = await registerPlayer(t.app);
    expect((await submit(player, submission())).statusCode).toBe(200);
    expect((await decide((await pendingOf(player)).id, 'approve')).statusCode).toBe(200);
    return player;
  }

  beforeAll(async () => {
    t = await createTestApp({
      PLAYER_AUTH_RATE_LIMIT: '1000',
      KYC_SUBMIT_RATE_LIMIT: '1000',
      KYC_GATES: '1',
      KYC_DEPOSIT_THRESHOLD: '5000000',
    });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    pictures = await basePictures();
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/deposit-accounts',
      headers: { cookie: admin },
      payload: { type: 'GCASH', accountName: 'Karera GCash', accountNumber: '09170000001', active: true },
    });
    expect(account.statusCode, account.body).toBe(200);
    gcashAccountId = account.json<{ account: { id: number } }>().account.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells the player the deposit total past which they must verify, as the server is configured', async () => {
    expect((await statusOf(await registerPlayer(t.app))).depositThreshold).toBe(5_000_000);
    const configured = await createTestApp({ KYC_DEPOSIT_THRESHOLD: '1234500' });
    try {
      const player = await registerPlayer(configured.app);
      const response = await configured.app.inject({
        method: 'GET',
        url: KycRoutes.status,
        headers: { cookie: player.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<KycStatusResponse>()).toMatchObject({ status: 'none', depositThreshold: 1_234_500 });
    } finally {
      await configured.close();
    }
  });

  it('limits submissions per address and minute (each one decodes two photos)', async () => {
    const limited = await createTestApp({ KYC_SUBMIT_RATE_LIMIT: '2' });
    try {
      const player = await registerPlayer(limited.app);
      const answers = [];
      for (let i = 0; i < 3; i += 1) {
        answers.push(
          await limited.app.inject({
            method: 'POST',
            url: KycRoutes.submit,
            payload: {},
            headers: { cookie: player.cookie },
          }),
        );
      }
      expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });

  it('takes a submission: status none, then pending, with both photos re-encoded as JPEG and audited', async () => {
    const player = await registerPlayer(t.app);
    expect((await statusOf(player)).status).toBe('none');
    const response = await submit(player, submission());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ statusCode: 200, statusMessage: KycMessages.submitted });
    expect(await statusOf(player)).toMatchObject({ status: 'pending', reason: null });
    const view = await pendingOf(player);
    expect(view.photos.map((p) => p.kind)).toEqual(['idPhoto', 'selfie']);
    for (const kind of ['idPhoto', 'selfie'] as const) {
      const photo = await staffGet(KycRoutes.photo(view.id, kind));
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.headers['cache-control']).toBe('no-store');
      expect((await sharp(photo.rawPayload).metadata()).format).toBe('jpeg');
    }
    const audits = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'kyc_submission')
      .where('target_id', '=', String(view.id))
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['kyc.photo_viewed', 'kyc.photo_viewed', 'kyc.submitted']);
    // A second submission while one waits is refused.
    expect((await submit(player, submission())).json()).toMatchObject({ statusMessage: KycMessages.alreadyPending });
  });

  it('refuses anyone under 21 by the Manila date: 21 today passes, 21 tomorrow does not', async () => {
    const young = await registerPlayer(t.app);
    const refused = await submit(young, submission({ dateOfBirth: birthDate(21, 1) }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      statusMessage: KycMessages.underAge,
      fieldErrors: { dateOfBirth: KycMessages.underAge },
    });
    expect((await statusOf(young)).status).toBe('none');
    expect((await submit(young, submission({ dateOfBirth: birthDate(21) }))).statusCode).toBe(200);
  });

  it('refuses a missing declaration, an ID type off the list, an impossible date and unknown fields', async () => {
    const player = await registerPlayer(t.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        {
          declarations: {
            notStudent: true,
            notGovernmentOfficial: false,
            notMilitaryOrPolice: true,
            notRacingEmployee: true,
          },
        },
        KycMessages.declarationRequired,
      ],
      [{ declarations: { notStudent: true } }, KycMessages.declarationRequired],
      [{ idType: 'barangay_clearance' }, KycMessages.idTypeRequired],
      [{ dateOfBirth: '1990-02-30' }, KycMessages.dateOfBirthInvalid],
      [{ legalName: ' ' }, KycMessages.legalNameRequired],
      [{ idNumber: '!!' }, KycMessages.idNumberRequired],
    ];
    for (const [overrides, message] of cases) {
      const response = await submit(player, submission(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.body).toContain(message);
    }
    expect((await submit(player, { ...submission(), verified: true })).statusCode).toBe(400);
    expect((await statusOf(player)).status).toBe('none');
  });

  it('checks photos before decoding and decodes them with the real decoder (malformed uploads refused)', async () => {
    const player = await registerPlayer(t.app);
    const huge = Buffer.alloc(24);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(huge);
    huge.write('IHDR', 12, 'ascii');
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    const bomb = await submit(player, submission({ selfie: b64(huge) }));
    expect(bomb.json()).toMatchObject({
      statusMessage: KycMessages.photoDimensions,
      fieldErrors: { selfie: KycMessages.photoDimensions },
    });
    const gif = await submit(player, submission({ idPhoto: b64(Buffer.from('GIF89a----------')) }));
    expect(gif.json()).toMatchObject({ statusMessage: KycMessages.photoType });
    const corpus = await malformedImageCorpus();
    for (const [name, upload] of corpus.slice(0, 20)) {
      const response = await submit(player, submission({ idPhoto: upload }));
      expect(response.statusCode, name).toBe(400);
    }
    expect((await submit(player, submission({ selfie: b64(pictures.webp) }))).statusCode).toBe(200);
  });

  it('refuses a real PNG bomb, an overlong side, a photo whose bytes are not what they say, and keeps nothing', async () => {
    const player = await registerPlayer(t.app);
    const plain = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#808080' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
    // 36 megapixels of one colour: a small, valid file that would take 108 MB to decode.
    const bomb = await plain(6_000, 6_000);
    expect(bomb.length).toBeLessThan(KYC_PHOTO_MAX_BYTES);
    const refusedBomb = await submit(player, submission({ idPhoto: b64(bomb) }));
    expect(refusedBomb.statusCode).toBe(400);
    expect(refusedBomb.json()).toMatchObject({ fieldErrors: { idPhoto: KycMessages.photoDimensions } });
    // Few pixels, but one side past 10,000.
    const strip = await plain(12_000, 10);
    expect((await submit(player, submission({ selfie: b64(strip) }))).json()).toMatchObject({
      fieldErrors: { selfie: KycMessages.photoDimensions },
    });
    // A JPEG behind a PNG signature, a PNG behind JPEG's magic bytes, a photo after some junk, an SVG.
    const lies: [string, Buffer][] = [
      ['a JPEG after a PNG signature', Buffer.concat([pictures.png.subarray(0, 8), pictures.jpeg])],
      ['a PNG after JPEG magic bytes', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), pictures.png])],
      ['a JPEG after junk', Buffer.concat([Buffer.from('MZ\u0000\u0000'), pictures.jpeg])],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ];
    for (const [name, bytes] of lies) {
      const response = await submit(player, submission({ idPhoto: b64(bytes) }));
      expect(response.statusCode, name).toBe(400);
      expect([KycMessages.photoType, KycMessages.photoCorrupt], name).toContain(
        response.json<{ statusMessage: string }>().statusMessage,
      );
    }
    // A PNG sent as a JPEG data URL is judged by its bytes and stored as the server's own JPEG.
    expect(
      (await submit(player, submission({ selfie: `data:image/jpeg;base64,${b64(pictures.png)}` }))).statusCode,
    ).toBe(200);
    const stored = await t.app.db
      .selectFrom('kyc_photos as f')
      .innerJoin('kyc_submissions as s', 's.id', 'f.submission_id')
      .select(['f.content_type', 'f.data'])
      .where('s.player_id', '=', player.playerId)
      .execute();
    expect(stored).toHaveLength(2);
    for (const photo of stored) {
      expect(photo.content_type).toBe('image/jpeg');
      expect(Buffer.from(photo.data).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
  });

  it('refuses the first withdrawal until verified, then lets it through', async () => {
    const player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, 100_000);
    const refused = await withdraw(player);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ statusMessage: KycMessages.withdrawNeedsVerification });
    await submit(player, submission());
    expect((await withdraw(player)).statusCode).toBe(403);
    const view = await pendingOf(player);
    const approved = await decide(view.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ submission: KycSubmissionView }>().submission).toMatchObject({
      status: 'verified',
      decidedBy: { username: TEST_ADMIN.username },
    });
    expect(await statusOf(player)).toMatchObject({ status: 'verified' });
    const allowed = await withdraw(player);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json<PaymentRequestReceipt>().status).toBe('PENDING');
  });

  it('lets deposits up to the running total through unverified and refuses the one that passes it', async () => {
    const player = await registerPlayer(t.app);
    expect((await deposit(player, 3_000_000)).statusCode).toBe(200);
    expect((await deposit(player, 2_000_000)).statusCode).toBe(200); // exactly ₱50,000 in all
    const refused = await deposit(player, 5_000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ statusMessage: string }>().statusMessage).toBe(
      KycMessages.depositNeedsVerification('₱50,000.00'),
    );
    const verified = await verifiedPlayer();
    expect((await deposit(verified, 6_000_000)).statusCode).toBe(200);
  });

  it('refuses the same ID on a second account, flags it for staff, and never verifies one ID twice', async () => {
    const idNumber = uniqueIdNumber();
    const first = await registerPlayer(t.app);
    expect((await submit(first, submission({ idNumber }))).statusCode).toBe(200);
    const second = await registerPlayer(t.app);
    // The same number written differently is the same ID.
    const refused = await submit(
      second,
      submission({ idNumber: `${idNumber.slice(0, 3)}-${idNumber.slice(3).toLowerCase()}` }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ statusMessage: KycMessages.duplicateId });
    expect((await statusOf(second)).status).toBe('none');
    const firstView = await pendingOf(first);
    expect(firstView.duplicateOf).toEqual([{ playerId: second.playerId, mobileNo: second.mobileNo }]);
    // The refused account's page shows its try and whose ID it was.
    const secondPage = (await staffGet(KycRoutes.player(second.playerId))).json<KycPlayerResponse>();
    expect(secondPage).toMatchObject({
      status: 'none',
      duplicateAttempts: [{ idType: 'philsys', otherPlayerId: first.playerId, otherMobileNo: first.mobileNo }],
    });
    // Another ID type with the same number is another ID.
    expect((await submit(second, submission({ idNumber, idType: 'passport' }))).statusCode).toBe(200);
    // Two accounts' pending submissions of one ID (an ID verified elsewhere meanwhile) are approved once.
    await decide(firstView.id, 'approve');
    expect((await submit(second, submission({ idNumber }))).statusCode).toBe(409);
  });

  it('refuses a new account presenting the ID of an excluded account, flags and audits it; not once the break ends', async () => {
    const idNumber = uniqueIdNumber();
    const excluded = await registerPlayer(t.app);
    expect((await submit(excluded, submission({ idNumber }))).statusCode).toBe(200);
    await decide((await pendingOf(excluded)).id, 'reject', { reason: 'The photo of the ID is blurred.' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/responsible-gaming/startBreak',
      payload: { period: 'coolOff24h', confirm: true },
      headers: { cookie: excluded.cookie },
    });
    expect(started.statusCode, started.body).toBe(200);

    const newcomer = await registerPlayer(t.app);
    const refused = await submit(newcomer, submission({ idNumber: idNumber.toLowerCase() }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ statusMessage: KycMessages.identityExcluded });
    expect((await statusOf(newcomer)).status).toBe('none');
    const page = (await staffGet(KycRoutes.player(newcomer.playerId))).json<KycPlayerResponse>();
    expect(page.duplicateAttempts).toEqual([
      expect.objectContaining({ idType: 'philsys', otherPlayerId: excluded.playerId }),
    ]);
    const audits = await t.app.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'kyc.excluded_identity_refused')
      .where('target_id', '=', String(newcomer.playerId))
      .execute();
    expect(audits).toHaveLength(1);
    // Once the break has ended the same ID is taken.
    rgClock.offsetMs = 25 * 3_600_000;
    try {
      expect((await submit(newcomer, submission({ idNumber }))).statusCode).toBe(200);
    } finally {
      rgClock.offsetMs = 0;
    }
  });

  it('rejects with a reason the player reads (final), asks again (player may resubmit), decides once', async () => {
    const rejected = await registerPlayer(t.app);
    await submit(rejected, submission());
    const rejectedView = await pendingOf(rejected);
    expect((await decide(rejectedView.id, 'reject', { reason: 'x' })).statusCode).toBe(400);
    const reason = 'The name on the ID does not match the account.';
    expect((await decide(rejectedView.id, 'reject', { reason })).statusCode).toBe(200);
    expect(await statusOf(rejected)).toMatchObject({ status: 'rejected', reason });
    expect((await decide(rejectedView.id, 'approve')).json()).toMatchObject({
      statusMessage: KycMessages.alreadyDecided,
    });
    expect((await submit(rejected, submission())).json()).toMatchObject({ statusMessage: KycMessages.rejectedFinal });

    const again = await registerPlayer(t.app);
    await submit(again, submission());
    const againView = await pendingOf(again);
    const blurry = 'The ID photo is blurry; please take it again in good light.';
    expect((await decide(againView.id, 'ask-again', { reason: blurry })).statusCode).toBe(200);
    expect(await statusOf(again)).toMatchObject({ status: 'resubmit', reason: blurry });
    expect((await submit(again, submission())).statusCode).toBe(200);
    expect((await statusOf(again)).status).toBe('pending');

    const actions = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('action', 'in', ['kyc.approved', 'kyc.rejected', 'kyc.asked_again'])
      .where('target_id', 'in', [String(rejectedView.id), String(againView.id)])
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['kyc.asked_again', 'kyc.rejected']);
    expect(actions.every((a) => a.actor_type === 'staff')).toBe(true);
  });

  it('keeps one submission waiting per player and one decision per submission, however many race', async () => {
    const player = await registerPlayer(t.app);
    const submissions = await Promise.all([submit(player, submission()), submit(player, submission())]);
    expect(submissions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const view = await pendingOf(player);
    const decisions = await Promise.all([
      decide(view.id, 'approve'),
      decide(view.id, 'reject', { reason: 'The selfie does not show the ID.' }),
    ]);
    expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audits = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['kyc.approved', 'kyc.rejected'])
      .where('target_id', '=', String(view.id))
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('shows submissions and photos to admins only, and each player only their own status', async () => {
    const player = await verifiedPlayer();
    const view = await pendingOf(player);
    const agentPassword = 'staff-password-1';
    const created = await createStaffAccount(t.app, admin, {
      role: 'master_agent',
      username: `m-${randomUUID().slice(0, 6)}`,
      displayName: 'Master',
      password: agentPassword,
    });
    const master = await staffCookie(t.app, created.username, agentPassword);
    for (const url of [
      KycRoutes.queue,
      KycRoutes.submission(view.id),
      KycRoutes.photo(view.id, 'selfie'),
      KycRoutes.player(player.playerId),
    ]) {
      expect((await staffGet(url, master)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: player.cookie } })).statusCode, url).toBe(
        401,
      );
    }
    const queue = await staffGet(`${KycRoutes.queue}?status=verified`);
    expect(queue.json<{ submissions: KycSubmissionView[] }>().submissions.some((s) => s.id === view.id)).toBe(true);
    const pending = await staffGet(KycRoutes.queue);
    expect(pending.json<{ submissions: KycSubmissionView[] }>().submissions.every((s) => s.status === 'pending')).toBe(
      true,
    );
  });
});
