import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PushRoutes, type PushKeyResponse, type PushPayload } from '@karera/shared';
import { registerPlayer, type RegisteredPlayer } from '../../../../test/player-flow.ts';
import { createTestApp, testDialect, type TestApp } from '../../../../test/test-app.ts';
import { createChannelRegistry, type Notice, type NotificationChannel } from '../channels.ts';
import { createDispatcher } from '../dispatcher.ts';
import { raiseNotices } from '../raise.ts';
import { NOTICE_SMS_LIMITS, NOTICE_SMS_PURPOSE, createSmsChannel } from '../sms-channel.ts';
import { createPushChannel } from './push-channel.ts';
import { createPushSender, type PushSender } from './push-sender.ts';
import { threadedWire } from './push-threads.ts';
import { vapidKeysOf } from './vapid.ts';

/** A browser's push keys (RFC 8291 §2): a P-256 key pair and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authText: auth.toString('base64url') };
}
type BrowserKeys = ReturnType<typeof browserKeys>;

const hmac = (key: Buffer, ...data: Buffer[]) => crypto.createHmac('sha256', key).update(Buffer.concat(data)).digest();

/** RFC 8291 §3-4 with RFC 8188's aes128gcm: what the browser does with a push message it receives. */
function decryptPush(body: Buffer, browser: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(cipherText.length).toBeLessThanOrEqual(recordSize);
  const uaPublic = browser.ecdh.getPublicKey();
  const ecdhSecret = browser.ecdh.computeSecret(serverPublic);
  const prkKey = hmac(browser.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, serverPublic]);
  const ikm = hmac(prkKey, keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last (only) record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256-signed by that key. */
function checkVapid(authorization: string, expected: { publicKey: string; audience: string; subject: string }) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  expect(match, authorization).not.toBeNull();
  const [, token, k] = match!;
  expect(k).toBe(expected.publicKey);
  const [headerPart, claimsPart, signaturePart] = token!.split('.');
  const header: unknown = JSON.parse(Buffer.from(headerPart!, 'base64url').toString());
  expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const raw = Buffer.from(k!, 'base64url');
  expect(raw.length).toBe(65);
  const publicKey = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signature = Buffer.from(signaturePart!, 'base64url');
  expect(signature.length).toBe(64);
  const signed = crypto.verify(
    'sha256',
    Buffer.from(`${headerPart}.${claimsPart}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    signature,
  );
  expect(signed).toBe(true);
  const claims = JSON.parse(Buffer.from(claimsPart!, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  expect(claims.aud).toBe(expected.audience);
  expect(claims.sub).toBe(expected.subject);
  const now = Math.floor(Date.now() / 1000);
  expect(claims.exp).toBeGreaterThan(now);
  expect(claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
}

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on this machine: records each message and answers the status set for its address. */
async function fakePushService() {
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { received, answers, origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Web push (issue 35 §2): subscriptions, RFC 8291/8292 messages end to end, expired subscriptions, SMS only without push. */
describe(`web push and SMS notices (${testDialect})`, () => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof fakePushService>>;
  let sender: PushSender;
  let channel: NotificationChannel;
  let sms: NotificationChannel;
  const signal = new AbortController().signal;

  const post = (cookie: string | undefined, url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: cookie ? { cookie } : {},
    });
  const subscribe = (player: RegisteredPlayer, path: string, keys: BrowserKeys, extra: Record<string, unknown> = {}) =>
    post(player.cookie, PushRoutes.subscribe, {
      endpoint: `${push.origin}${path}`,
      expirationTime: null,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
      language: 'fil',
      ...extra,
    });
  const subscriptionCount = async (playerId: number) =>
    (await t.app.db.selectFrom('push_subscriptions').select('id').where('player_id', '=', playerId).execute()).length;
  const noticeFor = (player: RegisteredPlayer, overrides: Partial<Notice> = {}): Notice => ({
    id: crypto.randomUUID(),
    playerId: String(player.playerId),
    kind: 'ticket.won',
    texts: {
      en: { title: 'Your ticket won!', body: 'Ticket T-1 won ₱150.00.' },
      fil: { title: 'Nanalo ang tiket mo!', body: 'Nanalo ng ₱150.00 ang tiket T-1.' },
    },
    language: 'en',
    linkPath: '/history/T-1',
    urgent: false,
    marketing: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp();
    push = await fakePushService();
    sender = createPushSender({
      keys: () => vapidKeysOf(t.app.db, t.config.push.vapidKeys),
      subject: t.config.push.subject,
      // The server's own thread pool, as production runs it.
      wire: threadedWire(1),
    });
    channel = createPushChannel({ db: t.app.db, sender, log: t.app.log });
    sms = createSmsChannel({ db: t.app.db, sms: t.app.sms, log: t.app.log });
  });
  afterAll(async () => {
    await sender?.close();
    await push?.close();
    await t?.close();
  });
  beforeEach(() => {
    push.received.length = 0;
    push.answers.clear();
  });

  it('answers the VAPID public key drawn on the first start and kept in the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: PushRoutes.key });
    expect(response.statusCode, response.body).toBe(200);
    const { publicKey } = response.json<PushKeyResponse>();
    expect(publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const stored = await t.app.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'vapid-keys')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value)).toMatchObject({ publicKey });
  });

  it('refuses subscriptions without a session, with unknown fields, bad keys, or a push service it does not know', async () => {
    const player = await registerPlayer(t.app);
    const keys = browserKeys();
    const good = {
      endpoint: `${push.origin}/refused`,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
      language: 'en',
    };
    expect((await post(undefined, PushRoutes.subscribe, good)).statusCode).toBe(401);
    const refused = [
      { ...good, playerId: player.playerId },
      { ...good, device: 'phone' },
      { ...good, keys: { ...good.keys, extra: 'x' } },
      { ...good, keys: { p256dh: keys.p256dh.slice(1), auth: keys.authText } },
      { ...good, keys: { p256dh: keys.p256dh, auth: `${keys.authText}AA` } },
      { ...good, endpoint: 'http://push.example.com/x' },
      { ...good, endpoint: 'https://intranet.example.com/admin' },
      { ...good, endpoint: `https://fcm.googleapis.com/fcm/send/${'a'.repeat(1100)}` },
      { ...good, endpoint: 'https://user:pw@fcm.googleapis.com/fcm/send/x' },
      { ...good, language: 'de' },
      { endpoint: good.endpoint, language: 'en' },
    ];
    for (const body of refused) {
      const response = await post(player.cookie, PushRoutes.subscribe, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
    }
    // Another player's id is refused before the body is read (the session's player is the only one).
    expect(
      (await post(player.cookie, PushRoutes.subscribe, { ...good, playerId: player.playerId + 1 })).statusCode,
    ).toBe(401);
    expect(await subscriptionCount(player.playerId)).toBe(0);
    const accepted = await post(player.cookie, PushRoutes.subscribe, {
      ...good,
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await subscriptionCount(player.playerId)).toBe(1);
  });

  it("sends the notice encrypted for the browser (RFC 8291) with the server's VAPID token (RFC 8292)", async () => {
    const player = await registerPlayer(t.app);
    const keys = browserKeys();
    const subscribed = await subscribe(player, '/push/one', keys);
    expect(subscribed.statusCode, subscribed.body).toBe(200);

    const notice = noticeFor(player, { urgent: true, kind: 'deposit.approved', linkPath: '/payment' });
    const result = await channel.deliver(notice, { attempt: 1, signal });
    expect(result.outcome).toBe('delivered');
    expect(push.received).toHaveLength(1);
    const [message] = push.received;
    expect(message!.path).toBe('/push/one');
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(message!.headers.urgency).toBe('high');
    expect(Number(message!.headers.ttl)).toBeGreaterThan(0);
    expect(Number(message!.headers.ttl)).toBeLessThanOrEqual(24 * 60 * 60);

    const payload = JSON.parse(decryptPush(message!.body, keys)) as PushPayload;
    // The browser subscribed while the site was in Filipino: its notices come in Filipino.
    expect(payload).toEqual({
      id: notice.id,
      title: notice.texts.fil.title,
      body: notice.texts.fil.body,
      path: '/payment',
      kind: 'deposit.approved',
    });
    const { publicKey } = await vapidKeysOf(t.app.db, null);
    checkVapid(String(message!.headers.authorization), {
      publicKey,
      audience: push.origin,
      subject: t.config.push.subject,
    });

    // Another browser's keys cannot read it.
    expect(() => decryptPush(message!.body, browserKeys())).toThrow();
  });

  it('gives a kind-less-urgent notice normal urgency and the time left of its lifetime', async () => {
    const player = await registerPlayer(t.app);
    const keys = browserKeys();
    expect((await subscribe(player, '/push/race', keys)).statusCode).toBe(200);
    const raised = new Date(Date.now() - 4 * 60 * 1000).toISOString();
    const late = noticeFor(player, { kind: 'ticket.lost', ttlSeconds: 600, createdAt: raised });
    expect((await channel.deliver(late, { attempt: 1, signal })).outcome).toBe('delivered');
    expect(push.received[0]!.headers.urgency).toBe('normal');
    expect(Number(push.received[0]!.headers.ttl)).toBeLessThanOrEqual(360);
    const stale = noticeFor(player, { ttlSeconds: 60, createdAt: raised });
    expect((await channel.deliver(stale, { attempt: 1, signal })).outcome).toBe('skipped');
    expect(push.received).toHaveLength(1);
  });

  it('removes a subscription the push service answers 404 or 410 for, and keeps the live ones', async () => {
    const player = await registerPlayer(t.app);
    const live = browserKeys();
    expect((await subscribe(player, '/push/live', live)).statusCode).toBe(200);
    expect((await subscribe(player, '/push/gone', browserKeys())).statusCode).toBe(200);
    expect((await subscribe(player, '/push/missing', browserKeys())).statusCode).toBe(200);
    push.answers.set('/push/gone', 410);
    push.answers.set('/push/missing', 404);
    expect(await subscriptionCount(player.playerId)).toBe(3);

    const result = await channel.deliver(noticeFor(player), { attempt: 1, signal });
    expect(result.outcome).toBe('delivered');
    expect(push.received.map((r) => r.path).sort()).toEqual(['/push/gone', '/push/live', '/push/missing']);
    const left = await t.app.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('player_id', '=', player.playerId)
      .execute();
    expect(left.map((row) => row.endpoint)).toEqual([`${push.origin}/push/live`]);

    // The last one gone: the delivery is `gone`, and the player has no subscription left.
    push.answers.set('/push/live', 410);
    expect((await channel.deliver(noticeFor(player), { attempt: 1, signal })).outcome).toBe('gone');
    expect(await subscriptionCount(player.playerId)).toBe(0);
    expect((await channel.deliver(noticeFor(player), { attempt: 1, signal })).outcome).toBe('skipped');
  });

  it('asks for a retry when the push service is busy, and never when it may have taken the message', async () => {
    const player = await registerPlayer(t.app);
    expect((await subscribe(player, '/push/busy', browserKeys())).statusCode).toBe(200);
    push.answers.set('/push/busy', 503);
    expect((await channel.deliver(noticeFor(player), { attempt: 1, signal })).outcome).toBe('retry');
    push.answers.set('/push/busy', 429);
    expect((await channel.deliver(noticeFor(player), { attempt: 1, signal })).outcome).toBe('retry');
    push.answers.set('/push/busy', 400);
    expect((await channel.deliver(noticeFor(player), { attempt: 1, signal })).outcome).toBe('failed');
    expect(await subscriptionCount(player.playerId)).toBe(1);
  });

  it("moves a browser to the player who subscribes it last, and unsubscribes only the player's own", async () => {
    const first = await registerPlayer(t.app);
    const second = await registerPlayer(t.app);
    const keys = browserKeys();
    expect((await subscribe(first, '/push/shared', keys)).statusCode).toBe(200);
    expect((await subscribe(second, '/push/shared', keys)).statusCode).toBe(200);
    expect(await subscriptionCount(first.playerId)).toBe(0);
    expect(await subscriptionCount(second.playerId)).toBe(1);
    const endpoint = `${push.origin}/push/shared`;
    expect((await post(first.cookie, PushRoutes.unsubscribe, { endpoint })).statusCode).toBe(200);
    expect(await subscriptionCount(second.playerId)).toBe(1);
    expect(
      (await post(second.cookie, PushRoutes.unsubscribe, { endpoint, playerId: second.playerId })).statusCode,
    ).toBe(400);
    expect((await post(second.cookie, PushRoutes.unsubscribe, { endpoint })).statusCode).toBe(200);
    expect(await subscriptionCount(second.playerId)).toBe(0);
  });

  it("delivers a raised notice through the leader's dispatcher: pushed to a subscribed player, texted to one without push", async () => {
    const withPush = await registerPlayer(t.app);
    const keys = browserKeys();
    expect((await subscribe(withPush, '/push/dispatched', keys)).statusCode).toBe(200);
    const withoutPush = await registerPlayer(t.app);
    await t.app.db.transaction().execute((trx) =>
      raiseNotices(
        trx,
        [withPush, withoutPush].map((player) => ({
          playerId: player.playerId,
          kind: 'deposit.approved' as const,
          params: { amount: '₱500.00' },
          linkPath: '/history?type=wallet',
          dedupeKey: `push-test:${player.playerId}`,
        })),
      ),
    );
    await expect
      .poll(() => push.received.filter((r) => r.path === '/push/dispatched').length, { timeout: 15_000 })
      .toBe(1);
    const payload = JSON.parse(
      decryptPush(push.received.find((r) => r.path === '/push/dispatched')!.body, keys),
    ) as PushPayload;
    expect(payload).toMatchObject({
      title: 'Aprubado ang deposito',
      path: '/history?type=wallet',
      kind: 'deposit.approved',
    });
    const texted = (mobileNo: string) =>
      t.app.db
        .selectFrom('sms_outbox')
        .select('message')
        .where('mobile_no', '=', mobileNo)
        .where('purpose', '=', NOTICE_SMS_PURPOSE)
        .execute();
    await expect.poll(async () => (await texted(withoutPush.mobileNo)).length, { timeout: 15_000 }).toBe(1);
    expect((await texted(withoutPush.mobileNo))[0]!.message).toContain('₱500.00');
    // The player with push is not texted: the SMS delivery ends skipped.
    await expect
      .poll(
        async () =>
          (
            await t.app.db
              .selectFrom('notification_deliveries')
              .select('status')
              .where('player_id', '=', withPush.playerId)
              .where('channel', '=', 'sms')
              .executeTakeFirst()
          )?.status,
        { timeout: 15_000 },
      )
      .toBe('skipped');
    expect(await texted(withPush.mobileNo)).toHaveLength(0);
  });

  it('encrypts a race alert ahead of its due time, sends nothing before it, then the prepared message; a browser with new keys gets one made for them', async () => {
    const steady = await registerPlayer(t.app);
    const steadyKeys = browserKeys();
    expect((await subscribe(steady, '/push/ahead-steady', steadyKeys)).statusCode).toBe(200);
    const moved = await registerPlayer(t.app);
    expect((await subscribe(moved, '/push/ahead-moved', browserKeys())).statusCode).toBe(200);
    const dueAt = Date.now() + 90_000;
    await t.app.db.transaction().execute((trx) =>
      raiseNotices(
        trx,
        [steady, moved].map((player) => ({
          playerId: player.playerId,
          kind: 'race.starting' as const,
          params: { horse: 'Bagyo', raceNo: 5, minutes: 10 },
          linkPath: '/live?event=5',
          dedupeKey: `push-ahead:${player.playerId}`,
          dueAt: new Date(dueAt).toISOString(),
        })),
      ),
    );
    const registry = createChannelRegistry();
    registry.register(channel);
    let clock = Date.now();
    const dispatcher = createDispatcher({
      db: t.app.db,
      channels: registry,
      holder: 'push-ahead',
      mayRun: () => true,
      log: t.app.log,
      now: () => clock,
    });
    const ahead = () => push.received.filter((r) => r.path.startsWith('/push/ahead'));
    const pushStatus = async (playerId: number) =>
      (
        await t.app.db
          .selectFrom('notification_deliveries')
          .select('status')
          .where('player_id', '=', playerId)
          .where('channel', '=', 'push')
          .executeTakeFirstOrThrow()
      ).status;

    // Before it is due: prepared, nothing sent, nothing claimed.
    expect(await dispatcher.runOnce()).toBe(0);
    expect(ahead()).toHaveLength(0);
    expect(await pushStatus(steady.playerId)).toBe('pending');
    expect(await pushStatus(moved.playerId)).toBe('pending');
    // The second player's browser subscribes again with new keys before the alert is due.
    const newKeys = browserKeys();
    expect((await subscribe(moved, '/push/ahead-moved', newKeys)).statusCode).toBe(200);

    clock = dueAt + 1;
    expect(await dispatcher.runOnce()).toBe(2);
    await dispatcher.stop();
    expect(ahead()).toHaveLength(2);
    const payloadAt = (path: string, keys: BrowserKeys) =>
      JSON.parse(decryptPush(push.received.find((r) => r.path === path)!.body, keys)) as PushPayload;
    expect(payloadAt('/push/ahead-steady', steadyKeys)).toMatchObject({ kind: 'race.starting', path: '/live?event=5' });
    expect(payloadAt('/push/ahead-moved', newKeys)).toMatchObject({ kind: 'race.starting', path: '/live?event=5' });
    const attemptDetail = async (playerId: number) =>
      await t.app.db
        .selectFrom('notification_attempts as a')
        .innerJoin('notification_deliveries as d', 'd.id', 'a.delivery_id')
        .select(['a.outcome', 'a.detail'])
        .where('d.player_id', '=', playerId)
        .where('d.channel', '=', 'push')
        .executeTakeFirstOrThrow();
    expect(await attemptDetail(steady.playerId)).toEqual({
      outcome: 'delivered',
      detail: '1 of 1 browsers, 1 encrypted ahead',
    });
    // The message prepared for the old keys is not the one sent.
    expect(await attemptDetail(moved.playerId)).toEqual({ outcome: 'delivered', detail: '1 of 1 browsers' });
  });

  it('texts a must-not-miss notice only to a player without push, within the per-player limit', async () => {
    const texts = async (mobileNo: string) =>
      t.app.db
        .selectFrom('sms_outbox')
        .select(['message'])
        .where('mobile_no', '=', mobileNo)
        .where('purpose', '=', NOTICE_SMS_PURPOSE)
        .execute();
    const withPush = await registerPlayer(t.app);
    expect((await subscribe(withPush, '/push/sms', browserKeys())).statusCode).toBe(200);
    const withoutPush = await registerPlayer(t.app);
    const decided = (player: RegisteredPlayer, language: 'en' | 'fil' = 'en') =>
      noticeFor(player, { kind: 'deposit.approved', urgent: true, linkPath: '/payment', language });

    expect((await sms.deliver(decided(withPush), { attempt: 1, signal })).outcome).toBe('skipped');
    expect(await texts(withPush.mobileNo)).toHaveLength(0);

    // A kind that is not a must-not-miss one is never texted.
    expect((await sms.deliver(noticeFor(withoutPush), { attempt: 1, signal })).outcome).toBe('skipped');
    expect(await texts(withoutPush.mobileNo)).toHaveLength(0);

    expect((await sms.deliver(decided(withoutPush, 'fil'), { attempt: 1, signal })).outcome).toBe('delivered');
    expect((await texts(withoutPush.mobileNo))[0]!.message).toContain('Nanalo ang tiket mo!');
    for (let i = 1; i < NOTICE_SMS_LIMITS.perHour; i++) {
      expect((await sms.deliver(decided(withoutPush), { attempt: 1, signal })).outcome).toBe('delivered');
    }
    expect((await sms.deliver(decided(withoutPush), { attempt: 1, signal })).outcome).toBe('skipped');
    expect(await texts(withoutPush.mobileNo)).toHaveLength(NOTICE_SMS_LIMITS.perHour);
  });
});
