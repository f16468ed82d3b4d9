import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BakasMessages,
  formatPeso,
  NotificationRoutes,
  ToteAdminRoutes,
  type BakasGroupResponse,
  type BakasStaffGroupsResponse,
  type Race,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { createStaffAccount } from '../../../test/staff-accounts.ts';
import { adminPoster, fundPlayer, placeBetAs } from '../../../test/win-race.ts';
import { checkLedger, playerBalances } from '../wallet/index.ts';
import { bakasAccountCode } from './index.ts';

/**
 * Group tickets walked as a dishonest insider, organiser or member (decision 056), and what a member hears:
 * a settled ticket's notices reach each member with their own part, a purchase that uses up a limit raises
 * its notice, and on PostgreSQL a purchase waits for a limit being set at the same moment.
 */
describe(`bakas audit (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  const post = <T>(url: string, payload: Record<string, unknown>) => adminPoster(t.app, admin)<T>(url, payload);
  const bakas = (op: string, who: { cookie: string }, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/bakas/${op}`, payload, headers: { cookie: who.cookie } });
  const credit = async (player: RegisteredPlayer) => (await playerBalances(t.app.db, player.playerId)).creditBalance;
  const groupRow = (code: string) =>
    t.app.db.selectFrom('bakas_groups').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  const groupBalance = async (code: string) =>
    Number(
      (
        await t.app.db
          .selectFrom('accounts')
          .select('balance')
          .where('code', '=', bakasAccountCode(code))
          .executeTakeFirstOrThrow()
      ).balance,
    );
  async function funded(amount = 1_000_000, referralCode?: string) {
    const player = await registerPlayer(t.app, referralCode ? { referralCode } : {});
    await fundPlayer(t.app, admin, player, amount);
    return player;
  }
  /** An open race of 4 runners offering Win. */
  async function openRace(): Promise<{ eventId: number; race: Race }> {
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: `Audit ${randomUUID().slice(0, 6)}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: [],
    });
    const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${event.id}/races`, {
      raceNo: 1,
      startDateTime: '2026-11-22T01:00:00Z',
      enabledBetTypes: [],
    });
    for (const runnerNo of ['1', '2', '3', '4']) {
      await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
        runnerNo,
        horseName: `Horse ${runnerNo}`,
        jockeyName: 'J. Cruz',
      });
    }
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
    return { eventId: event.id, race };
  }
  async function create(organiser: RegisteredPlayer, input: Record<string, unknown>) {
    const response = await bakas('create', organiser, {
      betType: 'W',
      selections: [[1]],
      title: 'Barkada',
      feePercent: 0,
      shortfall: 'smaller',
      idempotencyKey: randomUUID(),
      ...input,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BakasGroupResponse>().group;
  }
  const join = (who: RegisteredPlayer, code: string, shares: number) =>
    bakas('join', who, { code, shares, idempotencyKey: randomUUID() });
  const confirm = (race: Race, finish: number[][]) =>
    t.app.inject({
      method: 'POST',
      url: ToteAdminRoutes.confirmResult(race.raceId),
      headers: { cookie: admin },
      payload: { finish, idempotencyKey: randomUUID() },
    });
  async function result(race: Race, finish: number[][]) {
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
    const response = await confirm(race, finish);
    expect(response.statusCode, response.body).toBe(200);
  }
  /** A ₱100 Win on 1 in 10 shares: the organiser 2, the friend 8; placed at once. */
  async function filledGroup(organiser: RegisteredPlayer, friend: RegisteredPlayer, eventId: number, race: Race) {
    const group = await create(organiser, {
      raceId: race.raceId,
      eventId,
      amount: 10_000,
      shares: 10,
      organiserShares: 2,
      feePercent: 10,
    });
    const filled = await join(friend, group.code, 8);
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json<BakasGroupResponse>().group.status).toBe('placed');
    return group;
  }
  const noticesOf = (playerId: number, kind: string) =>
    t.app.db
      .selectFrom('notifications')
      .select(['dedupe_key', 'params'])
      .where('player_id', '=', playerId)
      .where('kind', '=', kind)
      .execute();
  const payoutsOf = async (code: string) => {
    const rows = await t.app.db
      .selectFrom('bakas_members as m')
      .innerJoin('bakas_groups as g', 'g.id', 'm.group_id')
      .select(['m.player_id', 'm.payout'])
      .where('g.code', '=', code)
      .execute();
    const byPlayer = new Map<number, number>();
    for (const row of rows) byPlayer.set(row.player_id, (byPlayer.get(row.player_id) ?? 0) + Number(row.payout));
    return byPlayer;
  };

  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterEach(async () => {
    expect(await checkLedger(t.app.db)).toEqual([]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a won group ticket's notice reaches each member with their own payout, never the organiser with the whole", async () => {
    const { eventId, race } = await openRace();
    const organiser = await funded();
    const friend = await funded();
    const group = await filledGroup(organiser, friend, eventId, race);
    const rival = await placeBetAs(t.app, await funded(), {
      raceId: race.raceId,
      eventId,
      selections: [[2]],
      amount: 30_000,
    });
    expect(rival.statusCode, rival.body).toBe(200);
    await result(race, [[1], [2], [3]]);
    const { ticket_id: ticketId, received } = await groupRow(group.code);
    const payouts = await payoutsOf(group.code);
    expect(Number(received)).toBeGreaterThan(10_000);
    for (const [member, stake] of [
      [organiser, 2_000],
      [friend, 8_000],
    ] as const) {
      const notices = await noticesOf(member.playerId, 'bakas.won');
      expect(notices.map((n) => [n.dedupe_key, JSON.parse(n.params) as unknown])).toEqual([
        [
          `ticket:${ticketId}:${member.playerId}`,
          {
            title: group.title,
            ticketNo: expect.any(String),
            stake: formatPeso(stake),
            amount: formatPeso(payouts.get(member.playerId) ?? -1),
          },
        ],
      ]);
      // Their share's notice, not the plain ticket's.
      expect(await noticesOf(member.playerId, 'ticket.won')).toEqual([]);
    }
    // The organiser's part (2 shares and the 10% fee) is not the whole ticket's.
    expect(payouts.get(organiser.playerId)).toBeLessThan(Number(received));
  });

  it("a refunded group ticket's notice reaches each member with their part of the refund", async () => {
    const { eventId, race } = await openRace();
    const organiser = await funded();
    const friend = await funded();
    const group = await filledGroup(organiser, friend, eventId, race);
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'X' });
    expect((await groupRow(group.code)).status).toBe('settled');
    const { ticket_id: ticketId } = await groupRow(group.code);
    for (const [member, part] of [
      [organiser, 2_000],
      [friend, 8_000],
    ] as const) {
      const notices = await noticesOf(member.playerId, 'bakas.refunded');
      expect(
        notices.map((n) => {
          const params = JSON.parse(n.params) as { amount: string; stake: string; title: string };
          return [n.dedupe_key, params.stake, params.amount, params.title];
        }),
      ).toEqual([[`ticket:${ticketId}:${member.playerId}`, formatPeso(part), formatPeso(part), group.title]]);
      expect(await credit(member)).toBe(1_000_000);
    }
  });

  it('a lost group ticket is told to the members who turned lost tickets on, not to its organiser as theirs', async () => {
    const { eventId, race } = await openRace();
    const organiser = await funded();
    const friend = await funded();
    for (const who of [organiser, friend]) {
      const saved = await t.app.inject({
        method: 'POST',
        url: NotificationRoutes.preferences,
        headers: { cookie: who.cookie },
        payload: {
          kinds: { 'ticket.lost': { inbox: who === friend, push: false } },
          quietHours: null,
          marketingOptOut: false,
          language: 'en',
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const group = await filledGroup(organiser, friend, eventId, race);
    const rival = await placeBetAs(t.app, await funded(), {
      raceId: race.raceId,
      eventId,
      selections: [[2]],
      amount: 1_000,
    });
    expect(rival.statusCode, rival.body).toBe(200);
    await result(race, [[2], [1], [3]]);
    const { ticket_id: ticketId } = await groupRow(group.code);
    expect((await noticesOf(friend.playerId, 'ticket.lost')).map((n) => n.dedupe_key)).toEqual([
      `ticket:${ticketId}:${friend.playerId}`,
    ]);
    expect(await noticesOf(organiser.playerId, 'ticket.lost')).toEqual([]);
  });

  it('a purchase that uses up a net-loss limit raises the limit-reached notice, as a bet does', async () => {
    const { eventId, race } = await openRace();
    const organiser = await funded();
    const friend = await funded();
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/responsible-gaming/setLimit',
      payload: { kind: 'lossDay', amount: 2_000 },
      headers: { cookie: friend.cookie },
    });
    expect(limited.statusCode, limited.body).toBe(200);
    const group = await create(organiser, {
      raceId: race.raceId,
      eventId,
      amount: 10_000,
      shares: 10,
      organiserShares: 2,
    });
    expect((await join(friend, group.code, 1)).statusCode).toBe(200);
    expect(await noticesOf(friend.playerId, 'limit.reached')).toEqual([]);
    expect((await join(friend, group.code, 1)).statusCode).toBe(200);
    const notices = await noticesOf(friend.playerId, 'limit.reached');
    expect(notices.map((n) => (JSON.parse(n.params) as { limit: string }).limit)).toEqual(['lossDay']);
    expect(await noticesOf(organiser.playerId, 'limit.reached')).toEqual([]);
  });

  it('staff cannot create, join, place or cancel for a player; an agent sees only its own players among the members', async () => {
    const { eventId, race } = await openRace();
    const suffix = randomUUID().slice(0, 6);
    const password = 'staff-password-1';
    const agent = await createStaffAccount(t.app, admin, {
      role: 'master_agent',
      username: `ba-${suffix}`,
      displayName: 'Agent',
      password,
      referralCode: `BA${suffix}`.toUpperCase(),
    });
    const agentCookie = await staffCookie(t.app, agent.username, password);
    const organiser = await funded();
    const friend = await funded(1_000_000, `BA${suffix}`.toUpperCase());
    const group = await create(organiser, {
      raceId: race.raceId,
      eventId,
      amount: 10_000,
      shares: 10,
      organiserShares: 2,
    });
    expect((await join(friend, group.code, 3)).statusCode).toBe(200);
    const before = await groupRow(group.code);
    // A staff session is no player's: every player operation refuses it, and nothing moves.
    for (const cookie of [admin, agentCookie]) {
      for (const [op, body] of [
        [
          'create',
          {
            raceId: race.raceId,
            eventId,
            betType: 'W',
            selections: [[1]],
            amount: 10_000,
            shares: 10,
            organiserShares: 2,
            title: 'X',
            feePercent: 0,
            shortfall: 'cancel',
            idempotencyKey: randomUUID(),
          },
        ],
        ['join', { code: group.code, shares: 1, idempotencyKey: randomUUID() }],
        ['place', { code: group.code, idempotencyKey: randomUUID() }],
        ['cancel', { code: group.code, idempotencyKey: randomUUID() }],
        ['get', { code: group.code }],
        ['mine', {}],
      ] as const) {
        const response = await bakas(op, { cookie }, body);
        expect(response.statusCode, `${op} ${response.body}`).toBe(401);
      }
    }
    expect(await groupRow(group.code)).toEqual(before);
    // The agent sees the group through its own player, and only that member's identity and money.
    const ofRace = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/bakas/races/${race.raceId}`,
      headers: { cookie: agentCookie },
    });
    expect(ofRace.statusCode, ofRace.body).toBe(200);
    const [seen] = ofRace.json<BakasStaffGroupsResponse>().groups;
    expect(seen?.staffMembers.map((m) => m.playerId)).toEqual([friend.playerId]);
    const organiserRow = await t.app.db
      .selectFrom('players')
      .select(['last_name', 'mobile_no'])
      .where('id', '=', organiser.playerId)
      .executeTakeFirstOrThrow();
    expect(ofRace.body).not.toContain(organiserRow.mobile_no);
    // The organiser is not the agent's player: their groups are not the agent's to read.
    const ofOrganiser = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/bakas/players/${organiser.playerId}`,
      headers: { cookie: agentCookie },
    });
    expect(ofOrganiser.statusCode).toBe(404);
    // A group with none of the agent's players is not shown to it at all.
    const { race: other, eventId: otherEvent } = await openRace();
    await create(organiser, {
      raceId: other.raceId,
      eventId: otherEvent,
      amount: 10_000,
      shares: 10,
      organiserShares: 2,
    });
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/bakas/races/${other.raceId}`,
      headers: { cookie: agentCookie },
    });
    expect(none.json<BakasStaffGroupsResponse>().groups).toEqual([]);
  });

  it('an organiser cannot change the fee or the shares after creating; a cancelled group cannot be placed or joined', async () => {
    const { eventId, race } = await openRace();
    const organiser = await funded();
    const friend = await funded();
    const group = await create(organiser, {
      raceId: race.raceId,
      eventId,
      amount: 10_000,
      shares: 10,
      organiserShares: 2,
    });
    expect((await join(friend, group.code, 3)).statusCode).toBe(200);
    const before = await groupRow(group.code);
    // No operation edits a group; the ones there are refuse any field they do not take.
    for (const op of ['update', 'edit', 'setFee']) {
      const response = await bakas(op, organiser, { code: group.code, feePercent: 10 });
      expect(response.statusCode).toBe(404);
    }
    for (const [op, extra] of [
      ['place', { feePercent: 10 }],
      ['place', { shares: 5 }],
      ['cancel', { shortfall: 'smaller' }],
      ['join', { shares: 1, sharePrice: 1 }],
      ['get', { feePercent: 10 }],
    ] as const) {
      const response = await bakas(op, organiser, { code: group.code, idempotencyKey: randomUUID(), ...extra });
      expect(response.statusCode, `${op} ${response.body}`).toBe(400);
    }
    expect(await groupRow(group.code)).toEqual(before);

    const cancelled = await bakas('cancel', organiser, { code: group.code, idempotencyKey: randomUUID() });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const placed = await bakas('place', organiser, { code: group.code, idempotencyKey: randomUUID() });
    expect(placed.statusCode, placed.body).toBe(400);
    expect(placed.json<{ statusMessage: string }>().statusMessage).toBe(BakasMessages.notOpen);
    const late = await join(friend, group.code, 1);
    expect(late.statusCode, late.body).toBe(400);
    expect((await groupRow(group.code)).ticket_id).toBeNull();
    expect(await groupBalance(group.code)).toBe(0);
    expect(await credit(organiser)).toBe(1_000_000);
    expect(await credit(friend)).toBe(1_000_000);
  });

  it('a settlement replayed (its hook run again, the result confirmed again) pays no member twice; the group account stays at zero', async () => {
    const { eventId, race } = await openRace();
    const organiser = await funded();
    const friend = await funded();
    const group = await filledGroup(organiser, friend, eventId, race);
    const rival = await placeBetAs(t.app, await funded(), {
      raceId: race.raceId,
      eventId,
      selections: [[2]],
      amount: 30_000,
    });
    expect(rival.statusCode, rival.body).toBe(200);
    await result(race, [[1], [2], [3]]);
    const settled = await groupRow(group.code);
    const credits = [await credit(organiser), await credit(friend)];
    const payoutCount = async () =>
      (
        await t.app.db
          .selectFrom('ledger_transactions')
          .select('id')
          .where('kind', '=', 'BAKAS_PAYOUT')
          .where('metadata', 'like', `%${group.code}%`)
          .execute()
      ).length;
    expect(await payoutCount()).toBe(1);
    const ticket = await t.app.db
      .selectFrom('bet_tickets')
      .select(['id', 'player_id', 'created_at', 'holder_account_id'])
      .where('id', '=', settled.ticket_id!)
      .executeTakeFirstOrThrow();
    // A resumed settlement runs the hooks of a batch again.
    await t.app.db.transaction().execute((trx) =>
      t.app.hooks.run('tickets.settled', trx, {
        pool: { firstRaceId: race.raceId, betType: 'W' },
        tickets: [
          {
            ticketId: ticket.id,
            playerId: ticket.player_id,
            placedAt: ticket.created_at,
            creditStake: 0,
            holderAccountId: ticket.holder_account_id,
          },
        ],
      }),
    );
    // The result confirmed again is refused or changes nothing.
    const again = await confirm(race, [[1], [2], [3]]);
    expect(again.statusCode).not.toBe(500);
    expect(await payoutCount()).toBe(1);
    expect([await credit(organiser), await credit(friend)]).toEqual(credits);
    expect(await groupBalance(group.code)).toBe(0);
    expect(await groupRow(group.code)).toEqual(settled);
  });

  it.skipIf(testDialect !== 'postgres')(
    'a purchase waits for a limit being set at the same moment (the responsible-gaming lock) and is judged by it',
    async () => {
      const { eventId, race } = await openRace();
      const organiser = await funded();
      const friend = await funded();
      const group = await create(organiser, {
        raceId: race.raceId,
        eventId,
        amount: 10_000,
        shares: 10,
        organiserShares: 2,
      });
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked = () => undefined as void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // Another connection sets a stake per bet of ₱5 as the limit route does: under the player's lock.
      const setting = t.app.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(34, ${friend.playerId}::int)`.execute(trx);
        await trx
          .insertInto('rg_limits')
          .values({
            player_id: friend.playerId,
            kind: 'stakePerBet',
            amount: 500,
            pending_amount: null,
            pending_at: null,
            updated_at: new Date().toISOString(),
          })
          .execute();
        locked();
        await released;
      });
      await isLocked;
      const buying = join(friend, group.code, 2);
      // The purchase waits on the lock...
      const deadline = Date.now() + 10_000;
      for (;;) {
        const waiting = await sql<{ n: string | number }>`select count(*) as n from pg_locks
          where locktype = 'advisory' and not granted and classid = 34 and objid = ${friend.playerId}`.execute(
          t.app.db,
        );
        if (Number(waiting.rows[0]?.n) > 0) break;
        if (Date.now() > deadline) {
          release();
          await setting;
          throw new Error('the purchase did not wait for the responsible-gaming lock');
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      release();
      await setting;
      // ...and then sees the new limit: refused, nothing debited, no share sold.
      const response = await buying;
      expect(response.statusCode, response.body).toBe(400);
      expect(await credit(friend)).toBe(1_000_000);
      expect((await groupRow(group.code)).shares_sold).toBe(2);
    },
  );
});
