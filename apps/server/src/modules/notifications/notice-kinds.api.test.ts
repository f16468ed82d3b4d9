import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BettingRoutes,
  formatManilaDateTime,
  manilaPeriodBounds,
  NotificationRoutes,
  renderNotice,
  ToteAdminRoutes,
  type BetReceipt,
  type DepositAccountView,
  type InboxListResponse,
  type Race,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer } from '../../../test/win-race.ts';
import { legResultNotices, ticketLink } from './notifications.hooks.ts';
import { raiseNotices } from './raise.ts';

/**
 * The kinds raised with their cause's transaction (decision 055): a multi-race leg's official result for the
 * tickets still alive in it, and a deposit limit used up by a deposit asked for.
 */
describe(`notice kinds: leg results and limits (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let post: ReturnType<typeof adminPoster>;

  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    post = adminPoster(t.app, admin);
  });
  afterAll(async () => {
    await t.close();
  });

  const noticesOf = (playerId: number, kind: string) =>
    t.app.db
      .selectFrom('notifications')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('kind', '=', kind)
      .orderBy('created_at')
      .orderBy('dedupe_key')
      .execute();
  const paramsOf = (notice: { params: string }) => JSON.parse(notice.params) as Record<string, string | number>;

  async function newPlayer() {
    const player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, 100_000);
    return player;
  }

  /** A race day of `count` races, runners 1-5 each, all open, with Daily Double and Pick 4. */
  async function raceDay(count: number) {
    const types = ['DD', 'PICK4'];
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: `Leg Notices ${randomUUID().slice(0, 8)}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-24',
      enabledBetTypes: types,
    });
    const races: Race[] = [];
    for (let raceNo = 1; raceNo <= count; raceNo += 1) {
      const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${event.id}/races`, {
        raceNo,
        startDateTime: '2026-11-24T06:00:00Z',
        enabledBetTypes: types,
      });
      for (const runnerNo of ['1', '2', '3', '4', '5']) {
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo,
          horseName: `Horse ${raceNo}-${runnerNo}`,
          jockeyName: 'J. Cruz',
        });
      }
      await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
      races.push(race);
    }
    const place = (player: RegisteredPlayer, betType: string, selections: number[][], amount = 200) =>
      t.app.inject({
        method: 'POST',
        url: BettingRoutes.placeBet,
        headers: { cookie: player.cookie },
        payload: {
          raceId: races[0]?.raceId,
          eventId: event.id,
          betType,
          selections,
          amount,
          useBonus: false,
          idempotencyKey: randomUUID(),
        },
      });
    const bet = async (player: RegisteredPlayer, betType: string, selections: number[][], amount = 200) => {
      const response = await place(player, betType, selections, amount);
      expect(response.statusCode, response.body).toBe(200);
      const receipt = response.json<BetReceipt>();
      const row = await t.app.db
        .selectFrom('bet_tickets')
        .select('id')
        .where('ticket_no', '=', receipt.ticket_no)
        .executeTakeFirstOrThrow();
      return { ticketNo: receipt.ticket_no, id: row.id };
    };
    const result = async (raceNo: number, finish: number[][]) => {
      const race = races[raceNo - 1] as Race;
      await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
      const confirmed = await t.app.inject({
        method: 'POST',
        url: ToteAdminRoutes.confirmResult(race.raceId),
        headers: { cookie: admin },
        payload: { finish, idempotencyKey: randomUUID() },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    };
    return { eventId: event.id, races, place, bet, result };
  }

  describe('multi-race leg result', () => {
    it('tells each holder of a live ticket whether it is still alive or out, once per leg, and never after it is out', async () => {
      const day = await raceDay(4);
      const ana = await newPlayer();
      const ben = await newPlayer();
      const bystander = await newPlayer();
      // Ana: a Pick 4 that wins legs 1 and 2, and one beaten in leg 1. Ben: a Daily Double alive after leg 1.
      const alive = await day.bet(ana, 'PICK4', [[1, 2], [3], [4], [5]]);
      const beaten = await day.bet(ana, 'PICK4', [[3], [3], [4], [5]]);
      const double = await day.bet(ben, 'DD', [[2], [4]]);
      // A single-race bet is no multi-race ticket: it never hears of legs.
      await day.bet(bystander, 'W', [[1]]);

      await day.result(1, [[1], [2], [3]]);
      const afterLeg1 = await noticesOf(ana.playerId, 'leg.result');
      expect(afterLeg1.map((n) => [n.dedupe_key, paramsOf(n).outcome]).sort()).toEqual(
        [
          [`leg:${alive.id}:1`, 'alive'],
          [`leg:${beaten.id}:1`, 'out'],
        ].sort(),
      );
      const aliveNotice = afterLeg1.find((n) => n.dedupe_key === `leg:${alive.id}:1`);
      expect(aliveNotice?.link_path).toBe(ticketLink(alive.ticketNo));
      expect(paramsOf(aliveNotice ?? { params: '{}' })).toEqual({
        ticketNo: alive.ticketNo,
        leg: 1,
        legs: 4,
        outcome: 'alive',
      });
      // Ben's Daily Double: 2 won leg 1 (2nd place does not count; 1 won) -> out.
      const benNotices = await noticesOf(ben.playerId, 'leg.result');
      expect(benNotices.map((n) => [n.dedupe_key, paramsOf(n)])).toEqual([
        [`leg:${double.id}:1`, { ticketNo: double.ticketNo, leg: 1, legs: 2, outcome: 'out' }],
      ]);
      expect(await noticesOf(bystander.playerId, 'leg.result')).toEqual([]);

      // The texts, in both languages, as the inbox shows them once the leader's dispatcher delivered them.
      const page = await vi.waitFor(
        async () => {
          const response = await t.app.inject({ url: NotificationRoutes.inbox, headers: { cookie: ana.cookie } });
          const listed = response.json<InboxListResponse>();
          if (listed.notices.filter((n) => n.kind === 'leg.result').length < 2) throw new Error('not yet inboxed');
          return listed;
        },
        { timeout: 30_000, interval: 50 },
      );
      const shown = page.notices.find((n) => n.linkPath === ticketLink(alive.ticketNo));
      expect(shown?.en).toEqual({
        title: `Ticket ${alive.ticketNo}: leg 1 of 4`,
        body: 'Leg 1 of 4 is official: your pick won, the ticket is still alive.',
      });
      expect(shown?.fil).toEqual({
        title: `Tiket ${alive.ticketNo}: leg 1 ng 4`,
        body: 'Opisyal na ang leg 1 ng 4: nanalo ang pili mo, buhay pa ang tiket.',
      });
      const out = page.notices.find((n) => n.linkPath === ticketLink(beaten.ticketNo));
      expect(out?.en.body).toBe('Leg 1 of 4 is official: your picks lost, the ticket is out.');
      expect(out?.fil.body).toBe('Opisyal na ang leg 1 ng 4: natalo ang mga pili mo, wala na ang tiket.');
      // Push is off by default for leg results: the inbox only.
      const channels = await t.app.db
        .selectFrom('notification_deliveries')
        .select('channel')
        .where('notice_id', '=', aliveNotice?.id ?? '')
        .execute();
      expect(channels.map((c) => c.channel)).toEqual(['inbox']);

      // Leg 2: the live Pick 4 is still alive; the beaten one, out since leg 1, hears nothing; the Daily
      // Double's leg 2 is its last, told by its settlement (a lost ticket: off by default), not as a leg.
      await day.result(2, [[3], [1], [2]]);
      const afterLeg2 = await noticesOf(ana.playerId, 'leg.result');
      expect(afterLeg2.map((n) => n.dedupe_key).sort()).toEqual(
        [`leg:${alive.id}:1`, `leg:${beaten.id}:1`, `leg:${alive.id}:2`].sort(),
      );
      expect(paramsOf(afterLeg2.find((n) => n.dedupe_key === `leg:${alive.id}:2`) ?? { params: '{}' })).toMatchObject({
        leg: 2,
        outcome: 'alive',
      });
      expect(await noticesOf(ben.playerId, 'leg.result')).toHaveLength(1);

      // The result read again (a second subscriber run, a retried transaction) raises nothing twice.
      const raceId = day.races[1]?.raceId ?? 0;
      const again = await t.app.db.transaction().execute(async (trx) => {
        const requests = await legResultNotices(trx, raceId);
        expect(requests.length).toBeGreaterThan(0);
        return raiseNotices(trx, requests);
      });
      expect(again).toBe(0);
      expect(await noticesOf(ana.playerId, 'leg.result')).toHaveLength(3);
    });

    it('a player who turned leg results off gets none; one who turned push on gets push too', async () => {
      const day = await raceDay(2);
      const quiet = await newPlayer();
      const keen = await newPlayer();
      const save = async (who: RegisteredPlayer, choice: { inbox: boolean; push: boolean }) => {
        const response = await t.app.inject({
          method: 'POST',
          url: NotificationRoutes.preferences,
          headers: { cookie: who.cookie },
          payload: { kinds: { 'leg.result': choice }, quietHours: null, marketingOptOut: false, language: 'en' },
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      await save(quiet, { inbox: false, push: false });
      await save(keen, { inbox: true, push: true });
      await day.bet(quiet, 'DD', [[1], [1]]);
      const keenTicket = await day.bet(keen, 'DD', [[1], [1]]);
      await day.result(1, [[1], [2], [3]]);
      expect(await noticesOf(quiet.playerId, 'leg.result')).toEqual([]);
      const [notice] = await noticesOf(keen.playerId, 'leg.result');
      expect(notice?.dedupe_key).toBe(`leg:${keenTicket.id}:1`);
      const channels = await t.app.db
        .selectFrom('notification_deliveries')
        .select('channel')
        .where('notice_id', '=', notice?.id ?? '')
        .orderBy('channel')
        .execute();
      expect(channels.map((c) => c.channel)).toEqual(['inbox', 'push']);
    });
  });

  it('a group ticket tells each of its members, once each', async () => {
    const day = await raceDay(2);
    const organiser = await newPlayer();
    const friend = await newPlayer();
    const bakas = (op: string, who: RegisteredPlayer, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/bakas/${op}`, payload, headers: { cookie: who.cookie } });
    const created = await bakas('create', organiser, {
      betType: 'DD',
      raceId: day.races[0]?.raceId,
      eventId: day.eventId,
      selections: [[1], [2]],
      amount: 2_000,
      shares: 2,
      organiserShares: 1,
      title: 'Barkada',
      feePercent: 0,
      shortfall: 'smaller',
      idempotencyKey: randomUUID(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const { code } = created.json<{ group: { code: string } }>().group;
    const joined = await bakas('join', friend, { code, shares: 1, idempotencyKey: randomUUID() });
    expect(joined.statusCode, joined.body).toBe(200);
    const group = await t.app.db
      .selectFrom('bakas_groups')
      .select('ticket_id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(group.ticket_id).not.toBeNull();

    await day.result(1, [[1], [2], [3]]);
    for (const member of [organiser, friend]) {
      const notices = await noticesOf(member.playerId, 'leg.result');
      expect(notices.map((n) => [n.dedupe_key, paramsOf(n).outcome])).toEqual([
        [`leg:${group.ticket_id}:1:${member.playerId}`, 'alive'],
      ]);
    }
  });

  describe('limit reached', () => {
    let gcash: DepositAccountView;
    let referenceSeq = 0;

    beforeAll(async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/backoffice/deposit-accounts',
        payload: { type: 'GCASH', accountName: 'Karera Notices', accountNumber: '09170000002', active: true },
        headers: { cookie: admin },
      });
      expect(response.statusCode, response.body).toBe(200);
      gcash = response.json<{ account: DepositAccountView }>().account;
    });

    const deposit = (who: RegisteredPlayer, amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/initiateDeposit',
        payload: {
          amount,
          senderNumber: '09171234567',
          receiverNumber: gcash.id,
          referenceNumber: `${Date.now()}${String((referenceSeq += 1) % 1000).padStart(3, '0')}`,
          idempotencyKey: randomUUID(),
        },
        headers: { cookie: who.cookie },
      });
    const setLimit = async (who: RegisteredPlayer, kind: string, amount: number) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/responsible-gaming/setLimit',
        payload: { kind, amount },
        headers: { cookie: who.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
    };

    it('a deposit that uses up the daily deposit limit tells the player once, in both languages, with when it resets', async () => {
      const p = await registerPlayer(t.app);
      const other = await registerPlayer(t.app);
      await setLimit(p, 'depositDay', 20_000);
      // ₱100 of ₱200: room for another deposit (the smallest taken is ₱50): nothing yet.
      expect((await deposit(p, 10_000)).statusCode).toBe(200);
      expect(await noticesOf(p.playerId, 'limit.reached')).toEqual([]);
      // ₱170 of ₱200: ₱30 left, less than the smallest deposit: reached.
      expect((await deposit(p, 7_000)).statusCode).toBe(200);
      const [notice, ...more] = await noticesOf(p.playerId, 'limit.reached');
      expect(more).toEqual([]);
      const resetsAt = new Date(manilaPeriodBounds('day', Date.now()).endMs).toISOString();
      const params = paramsOf(notice ?? { params: '{}' });
      expect(params).toEqual({ limit: 'depositDay', amount: '₱200.00', resetsAt: formatManilaDateTime(resetsAt) });
      expect(notice?.link_path).toBe('/responsiblegaming');
      expect(renderNotice('limit.reached', params, 'en').body).toBe(
        `You reached your deposit limit per day of ₱200.00. It resets on ${formatManilaDateTime(resetsAt)} (Manila time).`,
      );
      expect(renderNotice('limit.reached', params, 'fil').body).toBe(
        `Naabot mo na ang limit sa deposito kada araw mong ₱200.00. Babalik ito sa simula sa ${formatManilaDateTime(resetsAt)} (oras ng Manila).`,
      );
      const channels = await t.app.db
        .selectFrom('notification_deliveries')
        .select('channel')
        .where('notice_id', '=', notice?.id ?? '')
        .orderBy('channel')
        .execute();
      expect(channels.map((c) => c.channel)).toEqual(['inbox', 'push']);

      // A refused deposit (over the limit) rolls back and raises nothing; the last ₱30 fits but the limit is
      // already reached for the day: still one notice.
      expect((await deposit(p, 5_000)).statusCode).toBe(400);
      expect(await noticesOf(p.playerId, 'limit.reached')).toHaveLength(1);
      // Another player's deposits, without a limit, raise none.
      expect((await deposit(other, 50_000)).statusCode).toBe(200);
      expect(await noticesOf(other.playerId, 'limit.reached')).toEqual([]);
    });

    it('a player with limits who has room left hears nothing', async () => {
      const p = await registerPlayer(t.app);
      await setLimit(p, 'depositWeek', 100_000);
      expect((await deposit(p, 20_000)).statusCode).toBe(200);
      expect(await noticesOf(p.playerId, 'limit.reached')).toEqual([]);
    });

    it('a bet that uses up the daily net-loss limit tells the player once, with the bet', async () => {
      const day = await raceDay(1);
      const p = await newPlayer();
      const other = await newPlayer();
      await setLimit(p, 'lossDay', 3_000);
      // ₱20 of ₱30 at stake: ₱10 of room, enough for a bet (the smallest is ₱1): nothing yet.
      await day.bet(p, 'W', [[1]], 2_000);
      expect(await noticesOf(p.playerId, 'limit.reached')).toEqual([]);
      // ₱30 of ₱30: no bet fits any more.
      const last = await day.bet(p, 'W', [[2]], 1_000);
      const [notice, ...more] = await noticesOf(p.playerId, 'limit.reached');
      expect(more).toEqual([]);
      const resetsAt = new Date(manilaPeriodBounds('day', Date.now()).endMs).toISOString();
      expect(paramsOf(notice ?? { params: '{}' })).toEqual({
        limit: 'lossDay',
        amount: '₱30.00',
        resetsAt: formatManilaDateTime(resetsAt),
      });
      expect(renderNotice('limit.reached', paramsOf(notice ?? { params: '{}' }), 'en').body).toContain(
        'net loss limit per day of ₱30.00',
      );
      // Raised in the bet's transaction: the notice is no older than the ticket.
      const ticket = await t.app.db
        .selectFrom('bet_tickets')
        .select('created_at')
        .where('id', '=', last.id)
        .executeTakeFirstOrThrow();
      expect(Date.parse(notice?.created_at ?? '')).toBeGreaterThanOrEqual(Date.parse(ticket.created_at) - 1_000);
      // The next bet is refused by the limit: nothing more is raised.
      expect((await day.place(p, 'W', [[3]], 100)).statusCode).toBe(400);
      expect(await noticesOf(p.playerId, 'limit.reached')).toHaveLength(1);
      // A player without a limit bets freely and hears nothing of limits.
      await day.bet(other, 'W', [[1]], 5_000);
      expect(await noticesOf(other.playerId, 'limit.reached')).toEqual([]);
    });
  });
});
