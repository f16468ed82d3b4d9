import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHANNEL_IMAGE_MAX_BYTES,
  ChannelImageMessages,
  PaymentMessages,
  WITHDRAW_COMPANIES,
  type DepositAccountView,
  type DepositMethodResponse,
  type WithdrawChannelListResponse,
  type WithdrawChannelView,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { createStaffAccount, type StaffAccountInput } from '../../../test/staff-accounts.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { basePictures, malformedImageCorpus, OUTAGE_JPEG, OUTAGE_PNG } from '../../../test/malformed-images.ts';

const IMAGE_REFUSALS: string[] = [
  ChannelImageMessages.type,
  ChannelImageMessages.tooLarge,
  ChannelImageMessages.dimensions,
  ChannelImageMessages.corrupt,
];
const IMAGE_URL = /^\/api\/payment\/channel-images\/[0-9a-f]{32}$/;
const b64 = (bytes: Buffer) => bytes.toString('base64');

describe(`deposit and withdraw channel images (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let agent: string;
  let master: string;
  let player: RegisteredPlayer;
  let account: DepositAccountView;
  let pictures: Awaited<ReturnType<typeof basePictures>>;

  const inject = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, ...(payload ? { payload: payload as Record<string, unknown> } : {}), headers });
  const setAccountImage = (image: string | null, cookie = admin, id = account.id) =>
    inject('POST', `/api/backoffice/deposit-accounts/${id}/image`, { image }, { cookie });
  const setChannelImage = (company: string, image: string | null, cookie = admin) =>
    inject('POST', `/api/backoffice/withdraw-channels/${company}/image`, { image }, { cookie });
  const depositMethod = async () =>
    (
      await inject('POST', '/api/payment/getDepositMethod', {}, { cookie: player.cookie })
    ).json<DepositMethodResponse>();
  const storedCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('payment_channel_images')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  async function createStaff(role: 'agent' | 'master_agent', extra: Omit<StaffAccountInput, 'role'> = {}) {
    const username = `${role === 'agent' ? 'ag' : 'ma'}-${randomUUID().slice(0, 8)}`;
    const password = 'staff-password-1';
    const { id } = await createStaffAccount(t.app, admin, {
      username,
      password,
      displayName: username,
      role,
      ...extra,
    });
    return { id, cookie: await staffCookie(t.app, username, password) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const masterAgent = await createStaff('master_agent');
    master = masterAgent.cookie;
    agent = (
      await createStaff('agent', {
        parentId: masterAgent.id,
        referralCode: `IMG${randomUUID().slice(0, 6)}`.toUpperCase(),
      })
    ).cookie;
    player = await registerPlayer(t.app);
    const created = await inject(
      'POST',
      '/api/backoffice/deposit-accounts',
      { type: 'GCASH', accountName: 'Karera GCash', accountNumber: '09170000111', active: true },
      { cookie: admin },
    );
    account = created.json<{ account: DepositAccountView }>().account;
    pictures = await basePictures();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has no image until an admin sets one: the web app shows its built-in badge', async () => {
    expect(account.imageUrl).toBeNull();
    const method = await depositMethod();
    expect(method.accounts.find((a) => a.id === account.id)?.imageUrl).toBeNull();
    expect(method.withdrawChannels).toEqual(WITHDRAW_COMPANIES.map((company) => ({ company, imageUrl: null })));
  });

  it('stores an admin upload re-encoded and serves it publicly by its hash, cached for a year', async () => {
    const response = await setAccountImage(b64(pictures.png));
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json<{ account: DepositAccountView }>().account;
    expect(view).toMatchObject({ id: account.id, type: 'GCASH', accountName: 'Karera GCash' });
    expect(view.imageUrl).toMatch(IMAGE_URL);
    const url = view.imageUrl ?? '';

    // Anyone may load it: no cookie.
    const served = await inject('GET', url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers.etag).toBe(`"${url.split('/').pop()}"`);
    expect(served.rawPayload.equals(pictures.png)).toBe(false);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();

    const again = await inject('GET', url, undefined, { 'if-none-match': String(served.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);

    // The player's deposit screen and the back office list name it.
    expect((await depositMethod()).accounts.find((a) => a.id === account.id)?.imageUrl).toBe(url);
    const list = await inject('GET', '/api/backoffice/deposit-accounts', undefined, { cookie: admin });
    expect(list.json<{ accounts: DepositAccountView[] }>().accounts.find((a) => a.id === account.id)?.imageUrl).toBe(
      url,
    );
    // Editing the account keeps its image.
    const edited = await inject(
      'POST',
      `/api/backoffice/deposit-accounts/${account.id}`,
      { type: 'GCASH', accountName: 'Karera GCash 2', accountNumber: '09170000111', active: true },
      { cookie: admin },
    );
    expect(edited.json<{ account: DepositAccountView }>().account.imageUrl).toBe(url);
  });

  it('takes JPEG, WebP and data: URLs; a large image is kept at most 256 pixels a side', async () => {
    const big = await sharp({ create: { width: 1200, height: 600, channels: 4, background: '#0a5adfcc' } })
      .png()
      .toBuffer();
    for (const upload of [
      b64(pictures.jpeg),
      b64(pictures.webp),
      `data:image/webp;base64,${b64(pictures.webpLossless)}`,
      b64(big),
    ]) {
      const response = await setAccountImage(upload);
      expect(response.statusCode, response.body).toBe(200);
    }
    const url = (await depositMethod()).accounts.find((a) => a.id === account.id)?.imageUrl ?? '';
    const metadata = await sharp((await inject('GET', url)).rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 128, hasAlpha: true });
  });

  it('sets and clears the image of a withdraw channel', async () => {
    const set = await setChannelImage('bdo', b64(pictures.jpeg));
    expect(set.statusCode, set.body).toBe(200);
    const channel = set.json<{ channel: WithdrawChannelView }>().channel;
    expect(channel.company).toBe('bdo');
    expect(channel.imageUrl).toMatch(IMAGE_URL);

    const list = await inject('GET', '/api/backoffice/withdraw-channels', undefined, { cookie: admin });
    expect(list.statusCode).toBe(200);
    const channels = list.json<WithdrawChannelListResponse>().channels;
    expect(channels.map((c) => c.company)).toEqual([...WITHDRAW_COMPANIES]);
    expect(channels.find((c) => c.company === 'bdo')?.imageUrl).toBe(channel.imageUrl);
    expect((await depositMethod()).withdrawChannels.find((c) => c.company === 'bdo')?.imageUrl).toBe(channel.imageUrl);
    expect((await inject('GET', channel.imageUrl ?? '')).headers['content-type']).toBe('image/webp');

    const cleared = await setChannelImage('bdo', null);
    expect(cleared.json<{ channel: WithdrawChannelView }>().channel).toEqual({ company: 'bdo', imageUrl: null });
    expect((await depositMethod()).withdrawChannels.find((c) => c.company === 'bdo')?.imageUrl).toBeNull();
    // No channel uses those bytes any more: the address is gone.
    expect((await inject('GET', channel.imageUrl ?? '')).statusCode).toBe(404);
  });

  it('refuses an unknown channel, an unknown account and a malformed address', async () => {
    expect((await setChannelImage('paypal', b64(pictures.png))).statusCode).toBe(400);
    const missing = await setAccountImage(b64(pictures.png), admin, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusMessage: PaymentMessages.depositAccountNotFound });
    expect((await inject('GET', '/api/payment/channel-images/not-a-hash')).statusCode).toBe(400);
    expect((await inject('GET', `/api/payment/channel-images/${'0'.repeat(32)}`)).statusCode).toBe(404);
  });

  it('lets only admins set images or list the channels', async () => {
    const before = await storedCount();
    for (const cookie of [agent, master, player.cookie, '']) {
      const headers = cookie ? cookie : 'none=1';
      expect([401, 403]).toContain((await setAccountImage(b64(pictures.png), headers)).statusCode);
      expect([401, 403]).toContain((await setAccountImage(null, headers)).statusCode);
      expect([401, 403]).toContain((await setChannelImage('gcash', b64(pictures.png), headers)).statusCode);
      expect([401, 403]).toContain(
        (await inject('GET', '/api/backoffice/withdraw-channels', undefined, { cookie: headers })).statusCode,
      );
    }
    expect(await storedCount()).toBe(before);
  });

  it('records each change in the audit log', async () => {
    await setChannelImage('maya', b64(pictures.png));
    await setChannelImage('maya', null);
    const rows = await t.app.db
      .selectFrom('audit_log')
      .select(['actor_type', 'action', 'target_type', 'target_id', 'details'])
      .where('action', 'like', '%.image_%')
      .orderBy('id')
      .execute();
    const maya = rows.filter((row) => row.target_id === 'maya');
    expect(maya.map((row) => [row.actor_type, row.action, row.target_type])).toEqual([
      ['staff', 'withdraw_channel.image_set', 'withdraw_channel'],
      ['staff', 'withdraw_channel.image_removed', 'withdraw_channel'],
    ]);
    const setDetails = JSON.parse(maya[0]?.details ?? '{}') as Record<string, unknown>;
    expect(setDetails).toMatchObject({ previousHash: null, width: 64, height: 48 });
    expect(setDetails.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(maya[1]?.details ?? '{}')).toEqual({ previousHash: setDetails.hash });
    expect(rows.filter((row) => row.action === 'deposit_account.image_set').length).toBeGreaterThanOrEqual(5);
  });

  it('refuses an image over 2 MB', async () => {
    const huge = Buffer.concat([pictures.jpeg, Buffer.alloc(CHANNEL_IMAGE_MAX_BYTES)]);
    const response = await setAccountImage(b64(huge));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusMessage: ChannelImageMessages.tooLarge });
  });

  it(
    'refuses every malformed image of the corpus with a 400, keeps the image it had, and keeps serving',
    { timeout: 120_000 },
    async () => {
      const good = await setChannelImage('gotyme', b64(pictures.png));
      const kept = good.json<{ channel: WithdrawChannelView }>().channel.imageUrl;
      const corpus = await malformedImageCorpus();
      expect(corpus.length).toBeGreaterThanOrEqual(50);
      const wrong: string[] = [];
      for (const [name, image] of [
        ['the 69-byte PNG of the outage', OUTAGE_PNG],
        ['the 23-byte JPEG of the outage', OUTAGE_JPEG],
        ...corpus,
      ] as Array<[string, string]>) {
        const started = Date.now();
        const response = await setChannelImage('gotyme', image);
        const ms = Date.now() - started;
        const message = response.json<{ statusMessage?: string }>().statusMessage ?? '';
        if (response.statusCode !== 400 || !IMAGE_REFUSALS.includes(message) || ms > 2_000) {
          wrong.push(`${name}: ${response.statusCode} ${response.body} in ${ms} ms`);
        }
        if ((await inject('GET', '/healthz')).statusCode !== 200) wrong.push(`${name}: /healthz failed`);
      }
      expect(wrong).toEqual([]);
      expect((await depositMethod()).withdrawChannels.find((c) => c.company === 'gotyme')?.imageUrl).toBe(kept);
    },
  );
});
