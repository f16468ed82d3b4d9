import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  NotificationRoutes,
  ToteAdminRoutes,
  type BetReceipt,
  type InboxListResponse,
  type NotificationPreferencesResponse,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, openRace, placeBetAs } from '../../../test/win-race.ts';
import { createDomainHooks, DOMAIN_HOOK_ORDER, type DomainHookSpecs } from '../../domain-hooks.ts';
import type { SubscriberOrder } from '../../lib/tx-hooks.ts';
import { createChannelRegistry, type DeliveryResult, type Notice, type NotificationChannel } from './channels.ts';
import { createDispatcher } from './dispatcher.ts';
import { raiseNotices, type NoticeRequest } from './raise.ts';
import { scanTimedNotices } from './watch.ts';
import { createInboxChannel } from './inbox.ts';

/**
 * Notices (decision 055): written in the transaction of what causes them, delivered to the inbox by the leader's
 * dispatcher, read by the player alone; preferences and responsible gaming respected.
 */
describe(`notifications (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  /** When set, settlement's batch fails after the notices were written: the whole batch rolls back. */
  let failSettlement = false;

  beforeAll(async () => {
    t = await createTestApp(
      { PLAYER_AUTH_RATE_LIMIT: '1000' },
      {
        hooks: (config) => {
          const order: SubscriberOrder<DomainHookSpecs> = {
            ...DOMAIN_HOOK_ORDER,
            'tickets.settled': [...DOMAIN_HOOK_ORDER['tickets.settled'], 'test.fail'],
          };
          const hooks = createDomainHooks(config, order);
          hooks.on('tickets.settled', 'test.fail', async () => {
            if (failSettlement) throw new Error('settlement failed after the notices were written');
          });
          return hooks;
        },
      },
    );
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  const inbox = async (p: RegisteredPlayer, page = 1) => {
    const response = await t.app.inject({
      url: `${NotificationRoutes.inbox}?page=${page}`,
      headers: { cookie: p.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<InboxListResponse>();
  };
  const noticesOf = (playerId: number) =>
    t.app.db.selectFrom('notifications').selectAll().where('player_id', '=', playerId).execute();

  async function raceWithBet(p: RegisteredPlayer, runner: number) {
    const { event } = await adminPoster(t.app, admin)<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: `Notice Day ${randomUUID().slice(0, 4)}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-23',
      enabledBetTypes: [],
    });
    const race = await openRace(t.app, admin, event.id, 1, 3);
    const placed = await placeBetAs(t.app, p, {
      raceId: race.raceId,
      eventId: event.id,
      selections: [[runner]],
      amount: 1_000,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const ticket = placed.json<BetReceipt>();
    const settle = async () => {
      await adminPoster(t.app, admin)(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
      return t.app.inject({
        method: 'POST',
        url: ToteAdminRoutes.confirmResult(race.raceId),
        payload: { finish: [[1], [2], [3]], idempotencyKey: randomUUID() },
        headers: { cookie: admin },
      });
    };
    return { ticket, settle };
  }

  it(
    'a winning ticket raises its notice with the settlement; the inbox shows it, linked, in both languages',
    { timeout: 90_000 },
    async () => {
      const p = await registerPlayer(t.app);
      await fundPlayer(t.app, admin, p, 10_000);
      const { ticket, settle } = await raceWithBet(p, 1);
      expect((await settle()).statusCode).toBe(200);
      const [notice] = await noticesOf(p.playerId);
      expect(notice).toMatchObject({ kind: 'ticket.won', dedupe_key: expect.stringMatching(/^ticket:/) });
      // The leader's dispatcher delivers it to the inbox.
      const page = await vi.waitFor(
        async () => {
          const listed = await inbox(p);
          if (listed.notices.length === 0) throw new Error('not yet in the inbox');
          return listed;
        },
        // A busy machine's leader takes its time: the wait is for the state, with room to spare.
        { timeout: 30_000, interval: 50 },
      );
      expect(page.unread).toBe(1);
      expect(page.notices[0]).toMatchObject({
        kind: 'ticket.won',
        read: false,
        linkPath: `/history?type=bet&ticket=${ticket.ticket_no}`,
        en: { title: 'Your ticket won!' },
        fil: { title: 'Nanalo ang tiket mo!' },
      });
      expect(page.notices[0]?.en.body).toContain(ticket.ticket_no);
      // The inbox lists a notice as soon as its row is written, which on PostgreSQL can be before the dispatcher
      // has recorded the delivery: wait for the record.
      const delivery = await vi.waitFor(
        async () => {
          const row = await t.app.db
            .selectFrom('notification_deliveries')
            .selectAll()
            .where('notice_id', '=', notice?.id ?? '')
            .where('channel', '=', 'inbox')
            .executeTakeFirstOrThrow();
          if (row.status !== 'delivered') throw new Error(`inbox delivery ${row.status}`);
          return row;
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });

      // Read: by id, then the count is 0. Another player's ids change nothing.
      const other = await registerPlayer(t.app);
      const foreign = await t.app.inject({
        method: 'POST',
        url: NotificationRoutes.markRead,
        payload: { ids: [notice?.id] },
        headers: { cookie: other.cookie },
      });
      expect(foreign.json()).toMatchObject({ unread: 0 });
      expect((await inbox(p)).unread).toBe(1);
      const read = await t.app.inject({
        method: 'POST',
        url: NotificationRoutes.markRead,
        payload: { ids: [notice?.id] },
        headers: { cookie: p.cookie },
      });
      expect(read.json()).toMatchObject({ unread: 0 });
      expect((await inbox(p)).notices[0]?.read).toBe(true);
      // A player id in the body is refused, never read.
      const extra = await t.app.inject({
        method: 'POST',
        url: NotificationRoutes.markAllRead,
        payload: { playerId: other.playerId },
        headers: { cookie: p.cookie },
      });
      expect([400, 401]).toContain(extra.statusCode);
      expect((await inbox(other)).notices).toEqual([]);
    },
  );

  it('a settlement that rolls back raises no notice', async () => {
    const p = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, p, 10_000);
    const { settle } = await raceWithBet(p, 1);
    failSettlement = true;
    try {
      expect((await settle()).statusCode).toBe(500);
    } finally {
      failSettlement = false;
    }
    expect(await noticesOf(p.playerId)).toEqual([]);
  });
  const raise = (requests: NoticeRequest[]) => t.app.db.transaction().execute((trx) => raiseNotices(trx, requests));
  const promo = (p: RegisteredPlayer): NoticeRequest => ({
    playerId: p.playerId,
    kind: 'promo.expiring',
    params: { promo: 'Weekend Boost', hours: 5 },
    linkPath: '/promo',
    dedupeKey: `promo:${randomUUID()}`,
  });
  const savePrefs = (p: RegisteredPlayer, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: NotificationRoutes.preferences, payload: body, headers: { cookie: p.cookie } });

  it('preferences: a channel turned off gets no delivery, a kind with every channel off no notice', async () => {
    const p = await registerPlayer(t.app);
    const saved = await savePrefs(p, {
      kinds: { 'ticket.won': { inbox: false, push: false }, 'ticket.refunded': { push: false } },
      quietHours: { from: '22:00', to: '07:00' },
      marketingOptOut: false,
      language: 'fil',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = (
      await t.app.inject({ url: NotificationRoutes.preferences, headers: { cookie: p.cookie } })
    ).json<NotificationPreferencesResponse>();
    expect(view).toMatchObject({ quietHours: { from: '22:00', to: '07:00' }, language: 'fil', marketingOptOut: false });
    expect(view.kinds.find((k) => k.kind === 'ticket.won')?.channels).toEqual([
      { channel: 'inbox', enabled: false },
      { channel: 'push', enabled: false },
    ]);
    // SMS is offered only where the kind allows it.
    expect(view.kinds.find((k) => k.kind === 'deposit.approved')?.channels.map((c) => c.channel)).toEqual([
      'inbox',
      'push',
      'sms',
    ]);
    const ticket = (kind: 'ticket.won' | 'ticket.refunded'): NoticeRequest => ({
      playerId: p.playerId,
      kind,
      params: { ticketNo: 'T1', amount: '₱1.00' },
      linkPath: '/history',
      dedupeKey: `${kind}:${randomUUID()}`,
    });
    expect(await raise([ticket('ticket.won'), ticket('ticket.refunded')])).toBe(1);
    const deliveries = await t.app.db
      .selectFrom('notification_deliveries')
      .select('channel')
      .where('player_id', '=', p.playerId)
      .execute();
    expect(deliveries.map((d) => d.channel)).toEqual(['inbox']);
    // A malformed time, an unknown field: refused.
    expect(
      (
        await savePrefs(p, {
          kinds: {},
          quietHours: { from: '25:00', to: '07:00' },
          marketingOptOut: false,
          language: 'en',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await savePrefs(p, { kinds: {}, quietHours: null, marketingOptOut: false, language: 'en', extra: 1 }))
        .statusCode,
    ).toBe(400);
  });

  it('marketing: none for a player who opted out or is on a cool-off, even one raised before the break', async () => {
    const optedOut = await registerPlayer(t.app);
    await savePrefs(optedOut, { kinds: {}, quietHours: null, marketingOptOut: true, language: 'en' });
    expect(await raise([promo(optedOut)])).toBe(0);

    const resting = await registerPlayer(t.app);
    // The app's own dispatcher stops: this test sends by hand, after the break starts.
    await t.app.leadership.close();
    // Raised while they could still receive it...
    expect(await raise([promo(resting)])).toBe(1);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/responsible-gaming/startBreak',
      payload: { period: 'coolOff24h', confirm: true },
      headers: { cookie: resting.cookie },
    });
    expect(started.statusCode, started.body).toBe(200);
    // ...a new one is not written, and the one waiting is not sent.
    expect(await raise([promo(resting)])).toBe(0);
    const sent: string[] = [];
    const registry = createChannelRegistry();
    registry.register({
      name: 'inbox',
      atMostOnce: false,
      deliver: async (n) => (sent.push(n.playerId), { outcome: 'delivered' }),
    });
    const dispatcher = createDispatcher({
      db: t.app.db,
      channels: registry,
      holder: 'test',
      mayRun: () => true,
      log: console,
    });
    await dispatcher.runOnce();
    expect(sent).not.toContain(String(resting.playerId));
    const [delivery] = await t.app.db
      .selectFrom('notification_deliveries')
      .select('status')
      .where('player_id', '=', resting.playerId)
      .where('channel', '=', 'inbox')
      .execute();
    expect(delivery?.status).toBe('suppressed');
  });
});

/**
 * The dispatcher on its own (the app's leader job stopped): quiet hours, retries, one channel's failure never
 * holding another, and at most once per channel when a sender dies mid-send or two dispatchers race (a leader
 * change): on PostgreSQL with two instances' worth of concurrent claims.
 */
describe(`notification dispatcher (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    await t.app.leadership.close();
  });
  afterAll(async () => {
    await t.close();
  });

  const raise = (requests: NoticeRequest[]) => t.app.db.transaction().execute((trx) => raiseNotices(trx, requests));
  const deposit = (playerId: number): NoticeRequest => ({
    playerId,
    kind: 'deposit.approved',
    params: { amount: '₱100.00' },
    linkPath: '/history?type=wallet',
    dedupeKey: `deposit:${randomUUID()}`,
  });
  const won = (playerId: number): NoticeRequest => ({
    playerId,
    kind: 'ticket.won',
    params: { ticketNo: 'T9', amount: '₱5.00' },
    linkPath: '/history',
    dedupeKey: `won:${randomUUID()}`,
  });
  const statuses = async (playerId: number, channel: string) =>
    (
      await t.app.db
        .selectFrom('notification_deliveries')
        .select('status')
        .where('player_id', '=', playerId)
        .where('channel', '=', channel)
        .orderBy('id')
        .execute()
    ).map((row) => row.status);

  function channel(
    name: 'inbox' | 'push' | 'sms',
    atMostOnce: boolean,
    answer: (notice: Notice) => Promise<DeliveryResult>,
  ): NotificationChannel & { sent: string[] } {
    const sent: string[] = [];
    return {
      name,
      atMostOnce,
      sent,
      concurrency: 4,
      async deliver(notice) {
        sent.push(notice.id);
        return answer(notice);
      },
    };
  }
  const log = { warn: () => undefined, error: () => undefined };

  it('holds push in quiet hours (not urgent kinds, not the inbox); a failing channel retries with backoff without holding another', async () => {
    const p = await registerPlayer(t.app);
    // Quiet all day but one minute: whatever the time, now is inside.
    const now = Date.now();
    const manila = new Date(now + 8 * 3_600_000);
    const hhmm = (d: Date) =>
      `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    const from = hhmm(new Date(manila.getTime() - 60_000));
    const to = hhmm(new Date(manila.getTime() + 2 * 60_000));
    await t.app.inject({
      method: 'POST',
      url: NotificationRoutes.preferences,
      payload: { kinds: {}, quietHours: { from, to }, marketingOptOut: false, language: 'en' },
      headers: { cookie: p.cookie },
    });
    await raise([won(p.playerId), deposit(p.playerId)]);
    const registry = createChannelRegistry();
    const inbox = channel('inbox', false, async () => ({ outcome: 'delivered' }));
    const push = channel('push', true, async (n) => (n.urgent ? { outcome: 'delivered' } : { outcome: 'delivered' }));
    const sms = channel('sms', true, async () => ({ outcome: 'retry', detail: 'gateway down' }));
    for (const c of [inbox, push, sms]) registry.register(c);
    const dispatcher = createDispatcher({ db: t.app.db, channels: registry, holder: 'a', mayRun: () => true, log });
    await dispatcher.runOnce();
    // The inbox has both; push sent only the urgent deposit; the ticket's push waits for the quiet hours' end.
    expect(inbox.sent).toHaveLength(2);
    expect(push.sent).toHaveLength(1);
    const pushByKind = await t.app.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notice_id')
      .select(['n.kind', 'd.status', 'd.due_at', 'd.attempts'])
      .where('d.player_id', '=', p.playerId)
      .where('d.channel', '=', 'push')
      .orderBy('n.kind')
      .execute();
    expect(pushByKind.map((d) => [d.kind, d.status])).toEqual([
      ['deposit.approved', 'delivered'],
      ['ticket.won', 'pending'],
    ]);
    const held = pushByKind[1]!;
    expect(Date.parse(held.due_at)).toBeGreaterThan(now + 60_000);
    expect(held.attempts).toBe(0);
    // SMS failed and waits to retry; it held nothing else back.
    const smsRow = await t.app.db
      .selectFrom('notification_deliveries')
      .select(['status', 'attempts', 'due_at', 'last_error'])
      .where('player_id', '=', p.playerId)
      .where('channel', '=', 'sms')
      .executeTakeFirstOrThrow();
    expect(smsRow).toMatchObject({ status: 'pending', attempts: 1, last_error: 'gateway down' });
    expect(Date.parse(smsRow.due_at)).toBeGreaterThan(Date.now() + 3_000);
    await dispatcher.runOnce();
    expect(sms.sent).toHaveLength(1);
  });

  it('a sender that dies mid-send: push (at most once) is not sent again, the inbox is', async () => {
    const p = await registerPlayer(t.app);
    await raise([won(p.playerId)]);
    const dying = createChannelRegistry();
    // The first leader's channels never answer: it died while sending.
    dying.register(channel('inbox', false, () => new Promise<DeliveryResult>(() => undefined)));
    dying.register(channel('push', true, () => new Promise<DeliveryResult>(() => undefined)));
    const first = createDispatcher({
      db: t.app.db,
      channels: dying,
      holder: 'first',
      mayRun: () => true,
      log,
      leaseMs: 300,
    });
    void first.runOnce();
    await vi.waitFor(async () => expect(await statuses(p.playerId, 'push')).toEqual(['sending']), { interval: 20 });
    const next = createChannelRegistry();
    const inbox = channel('inbox', false, async () => ({ outcome: 'delivered' }));
    const push = channel('push', true, async () => ({ outcome: 'delivered' }));
    next.register(inbox);
    next.register(push);
    const second = createDispatcher({
      db: t.app.db,
      channels: next,
      holder: 'second',
      mayRun: () => true,
      log,
      leaseMs: 300,
    });
    // Before the lease lapses the new leader leaves the claim alone.
    await second.runOnce();
    expect(push.sent).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await second.runOnce();
    await second.runOnce();
    expect(push.sent).toEqual([]);
    expect(await statuses(p.playerId, 'push')).toEqual(['unknown']);
    expect(inbox.sent).toHaveLength(1);
    expect(await statuses(p.playerId, 'inbox')).toEqual(['delivered']);
    const tries = await t.app.db
      .selectFrom('notification_attempts as a')
      .innerJoin('notification_deliveries as d', 'd.id', 'a.delivery_id')
      .select(['d.channel', 'a.holder', 'a.outcome'])
      .where('d.player_id', '=', p.playerId)
      .orderBy('a.id')
      .execute();
    expect(tries.filter((a) => a.channel === 'push')).toEqual([
      { channel: 'push', holder: 'first', outcome: 'unknown' },
    ]);
  });

  it('a burst: the inbox waits while more push is due than a claim takes, then delivers every notice', async () => {
    const players = await Promise.all(Array.from({ length: 3 }, () => registerPlayer(t.app)));
    await raise(Array.from({ length: 30 }, (_, i) => deposit(players[i % 3]!.playerId)));
    const order: string[] = [];
    const registry = createChannelRegistry();
    // A push service that takes a moment per message, as a real one does.
    registry.register(
      channel('push', true, async () => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        order.push('push');
        return { outcome: 'delivered' };
      }),
    );
    registry.register(
      channel('inbox', false, async () => {
        order.push('inbox');
        return { outcome: 'delivered' };
      }),
    );
    const dispatcher = createDispatcher({
      db: t.app.db,
      channels: registry,
      holder: 'burst',
      mayRun: () => true,
      log,
      batchSize: 5,
      idleMs: 5,
    });
    dispatcher.start();
    try {
      const pushed = () => order.filter((c) => c === 'push').length;
      const inboxed = () => order.filter((c) => c === 'inbox').length;
      await expect.poll(() => pushed() >= 30 && inboxed() >= 30, { timeout: 30_000 }).toBe(true);
    } finally {
      await dispatcher.stop();
    }
    // The inbox waits while more push deliveries are due than one claim takes: it begins only once push has claimed
    // its fifth batch, which it does after its third was sent (two in flight): at least 15 pushes come first.
    expect(order.indexOf('inbox')).toBeGreaterThanOrEqual(15);
    for (const p of players) {
      expect(await statuses(p.playerId, 'inbox')).toEqual(Array(10).fill('delivered'));
      expect(await statuses(p.playerId, 'push')).toEqual(Array(10).fill('delivered'));
    }
  });

  it('two dispatchers claiming at once (a leader change) send each notice once per channel', async () => {
    const players = await Promise.all([registerPlayer(t.app), registerPlayer(t.app), registerPlayer(t.app)]);
    const requests: NoticeRequest[] = [];
    for (const p of players) for (let i = 0; i < 40; i += 1) requests.push(won(p.playerId));
    await raise(requests);
    const sent: string[] = [];
    const make = (holder: string) => {
      const registry = createChannelRegistry();
      registry.register({
        name: 'push',
        atMostOnce: true,
        concurrency: 8,
        async deliver(notice) {
          sent.push(notice.id);
          await new Promise((resolve) => setTimeout(resolve, 1));
          return { outcome: 'delivered' };
        },
      });
      return createDispatcher({ db: t.app.db, channels: registry, holder, mayRun: () => true, log, batchSize: 7 });
    };
    const a = make('a');
    const b = make('b');
    const drain = async (d: ReturnType<typeof make>) => {
      while ((await d.runOnce()) > 0);
    };
    await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
    expect(sent).toHaveLength(120);
    expect(new Set(sent).size).toBe(120);
  });
  it('the timed scan: a followed horse entered, then its race alert raised ahead and due 10 minutes from post, each once, on any leader', async () => {
    const admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const p = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    const { event } = await adminPoster(t.app, admin)<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: `Scan Day ${randomUUID().slice(0, 4)}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-24',
      enabledBetTypes: [],
    });
    const race = await openRace(t.app, admin, event.id, 1, 3);
    const runner = await t.app.db
      .selectFrom('runners')
      .select(['id', 'horse_id'])
      .where('race_id', '=', race.raceId)
      .where('runner_no', '=', '2')
      .executeTakeFirstOrThrow();
    expect(runner.horse_id).not.toBeNull();
    const followed = await t.app.inject({
      method: 'POST',
      url: '/api/blackbook/follow',
      payload: { kind: 'horse', id: runner.horse_id },
      headers: { cookie: p.cookie },
    });
    expect(followed.statusCode, followed.body).toBe(200);
    const { start_time: start } = await t.app.db
      .selectFrom('races')
      .select('start_time')
      .where('id', '=', race.raceId)
      .executeTakeFirstOrThrow();
    const kinds = async (playerId: number) =>
      (await t.app.db.selectFrom('notifications').select('kind').where('player_id', '=', playerId).execute())
        .map((row) => row.kind)
        .sort();
    // An hour before post: entered, not yet starting.
    await scanTimedNotices({ db: t.app.db, now: () => Date.parse(start) - 60 * 60_000 });
    expect(await kinds(p.playerId)).toEqual(['runner.entered']);
    // Thirteen minutes before: not yet. Eleven: raised ahead, due ten minutes before post (the push channel
    // encrypts it meanwhile); scanned again (a new leader): nothing twice.
    await scanTimedNotices({ db: t.app.db, now: () => Date.parse(start) - 13 * 60_000 });
    expect(await kinds(p.playerId)).toEqual(['runner.entered']);
    await scanTimedNotices({ db: t.app.db, now: () => Date.parse(start) - 11 * 60_000 });
    await scanTimedNotices({ db: t.app.db, now: () => Date.parse(start) - 7 * 60_000 });
    expect(await kinds(p.playerId)).toEqual(['race.starting', 'runner.entered']);
    const starting = await t.app.db
      .selectFrom('notifications')
      .select(['id', 'params', 'link_path'])
      .where('player_id', '=', p.playerId)
      .where('kind', '=', 'race.starting')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(starting.params)).toMatchObject({ raceNo: 1, minutes: 10 });
    expect(starting.link_path).toBe(`/live?event=${event.id}`);
    const dueTimes = await t.app.db
      .selectFrom('notification_deliveries')
      .select('due_at')
      .where('notice_id', '=', starting.id)
      .execute();
    expect(dueTimes.length).toBeGreaterThan(0);
    for (const { due_at } of dueTimes) expect(Date.parse(due_at)).toBe(Date.parse(start) - 10 * 60_000);
    // A race found later than that (opened late, a new leader) is alerted at once, with the minutes left.
    const late = await registerPlayer(t.app);
    const lateFollow = await t.app.inject({
      method: 'POST',
      url: '/api/blackbook/follow',
      payload: { kind: 'horse', id: runner.horse_id },
      headers: { cookie: late.cookie },
    });
    expect(lateFollow.statusCode, lateFollow.body).toBe(200);
    const lateScan = Date.parse(start) - 6 * 60_000;
    await scanTimedNotices({ db: t.app.db, now: () => lateScan });
    const lateAlert = await t.app.db
      .selectFrom('notifications as n')
      .innerJoin('notification_deliveries as d', 'd.notice_id', 'n.id')
      .select(['n.params', 'd.due_at'])
      .where('n.player_id', '=', late.playerId)
      .where('n.kind', '=', 'race.starting')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(lateAlert.params)).toMatchObject({ minutes: 6 });
    expect(Date.parse(lateAlert.due_at)).toBe(lateScan);
    expect(await kinds(other.playerId)).toEqual([]);
  });

  it("the inbox pages; the back office shows a player's notices and deliveries to admins only, and counts per channel", async () => {
    const admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const p = await registerPlayer(t.app);
    await raise(Array.from({ length: 23 }, () => won(p.playerId)));
    const registry = createChannelRegistry();
    const told: number[] = [];
    registry.register(createInboxChannel({ db: t.app.db, inboxChanged: (ids) => told.push(...ids) }));
    registry.register(channel('push', true, async () => ({ outcome: 'failed', detail: 'bad request' })));
    const dispatcher = createDispatcher({ db: t.app.db, channels: registry, holder: 'c', mayRun: () => true, log });
    await dispatcher.runOnce();
    const page = async (n: number) =>
      (
        await t.app.inject({ url: `${NotificationRoutes.inbox}?page=${n}`, headers: { cookie: p.cookie } })
      ).json<InboxListResponse>();
    const first = await page(1);
    expect(first).toMatchObject({ total: 23, unread: 23, page: 1, pageSize: 20 });
    expect(first.notices).toHaveLength(20);
    // The bells of the players whose inbox changed are told (once per batch, not per notice).
    expect(told.filter((id) => id === p.playerId)).toHaveLength(1);
    expect((await page(2)).notices).toHaveLength(3);
    expect(
      (await t.app.inject({ url: `${NotificationRoutes.inbox}?page=0x1`, headers: { cookie: p.cookie } })).statusCode,
    ).toBe(400);

    const staffView = await t.app.inject({
      url: NotificationRoutes.staffPlayerNotices(p.playerId),
      headers: { cookie: admin },
    });
    expect(staffView.statusCode, staffView.body).toBe(200);
    const [latest] = staffView.json<{
      notices: { deliveries: { channel: string; status: string; tries: unknown[] }[] }[];
    }>().notices;
    expect(latest?.deliveries).toEqual([
      expect.objectContaining({
        channel: 'inbox',
        status: 'delivered',
        tries: [expect.objectContaining({ outcome: 'delivered' })],
      }),
      expect.objectContaining({
        channel: 'push',
        status: 'failed',
        tries: [expect.objectContaining({ outcome: 'failed' })],
      }),
    ]);
    expect(
      (await t.app.inject({ url: NotificationRoutes.staffPlayerNotices(p.playerId), headers: { cookie: p.cookie } }))
        .statusCode,
    ).toBe(401);
    const stats = await t.app.inject({ url: NotificationRoutes.stats, headers: { cookie: admin } });
    const push = stats
      .json<{ channels: { channel: string; delivered: number; failed: number }[] }>()
      .channels.find((c) => c.channel === 'push');
    expect(push?.failed).toBeGreaterThanOrEqual(23);
  });
});
