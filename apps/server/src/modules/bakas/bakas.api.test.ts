import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BakasMessages, type BakasGroupResponse, type Race } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { checkLedger, playerBalances } from '../wallet/index.ts';
import { bakasAccountCode } from './index.ts';

/** Group tickets (decision 056): create, join, the last-share rush, limits, cancel with refunds. */
describe(`bakas group tickets (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let eventId: number;
  let race: Race;

  const staffPost = async <T>(url: string, payload: Record<string, unknown>) =>
    (await t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } })).json<T>();
  const bakas = (op: string, who: RegisteredPlayer, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/bakas/${op}`, payload, headers: { cookie: who.cookie } });
  const messageOf = (response: { json: <T>() => T }) => response.json<{ statusMessage: string }>().statusMessage;

  async function fundedPlayer(amount = 100_000) {
    const player = await registerPlayer(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/players/${player.playerId}/adjustments`,
      headers: { cookie: admin, 'idempotency-key': randomUUID() },
      payload: { account: 'credit', amount, reason: 'Test funds' },
    });
    expect(response.statusCode).toBe(200);
    return player;
  }
  const credit = async (player: RegisteredPlayer) => (await playerBalances(t.app.db, player.playerId)).creditBalance;
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

  /** A ₱100 Win ticket on 1 and 2 at ₱50 (cost ₱100.00 = 10,000 centavos). */
  const createInput = (overrides: Record<string, unknown> = {}) => ({
    raceId: race.raceId,
    eventId,
    betType: 'W',
    selections: [[1, 2]],
    amount: 5_000,
    shares: 10,
    organiserShares: 2,
    title: 'Barkada sa Karera',
    feePercent: 5,
    shortfall: 'cancel',
    idempotencyKey: randomUUID(),
    ...overrides,
  });
  async function created(organiser: RegisteredPlayer, overrides: Record<string, unknown> = {}) {
    const response = await bakas('create', organiser, createInput(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BakasGroupResponse>();
  }

  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const { event } = await staffPost<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: 'Bakas Day',
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: [],
    });
    eventId = event.id;
    ({ race } = await staffPost<{ race: Race }>(`/api/backoffice/racing/events/${eventId}/races`, {
      raceNo: 1,
      startDateTime: '2026-11-22T06:00:00Z',
      enabledBetTypes: [],
    }));
    for (const runnerNo of ['1', '2', '3', '4']) {
      await staffPost(`/api/backoffice/racing/races/${race.raceId}/runners`, {
        runnerNo,
        horseName: `Horse ${runnerNo}`,
        jockeyName: 'J. Cruz',
      });
    }
    await staffPost(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
  });
  afterAll(async () => {
    if (t) expect(await checkLedger(t.app.db)).toEqual([]);
    await t?.close();
  });

  it('creates a group ticket checked as a bet, the organiser buying their shares from credit into the group account', async () => {
    const organiser = await fundedPlayer();
    const key = randomUUID();
    const { group, creditBalance } = await created(organiser, { idempotencyKey: key });
    expect(group).toMatchObject({
      title: 'Barkada sa Karera',
      organiser: 'Maria',
      betType: 'W',
      cost: 10_000,
      combinations: 2,
      shares: 10,
      sharePrice: 1_000,
      sharesSold: 2,
      sharesLeft: 8,
      feePercent: 5,
      shortfall: 'cancel',
      status: 'open',
      members: [{ firstName: 'Maria', shares: 2 }],
      yourShares: 2,
    });
    expect(group.code).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(creditBalance).toBe(98_000);
    expect(await credit(organiser)).toBe(98_000);
    expect(await groupBalance(group.code)).toBe(2_000);
    // The same key answers the same group and never debits twice.
    const replay = await bakas('create', organiser, { ...createInput({ idempotencyKey: key }) });
    expect(replay.json<BakasGroupResponse>().group.code).toBe(group.code);
    expect(await credit(organiser)).toBe(98_000);
  });

  it('refuses unknown fields, coerced numbers, a split that does not divide, a fee over 10% and a closed bet', async () => {
    const organiser = await fundedPlayer();
    const refusals = [
      createInput({ extra: 1 }),
      createInput({ amount: '5000' }),
      createInput({ shares: '10' }),
      createInput({ feePercent: 11 }),
      createInput({ organiserShares: 0 }),
      createInput({ shares: 1 }),
      createInput({ shares: 3 }),
      createInput({ organiserShares: 11 }),
      createInput({ selections: [[9]] }),
    ];
    const answers = [];
    for (const input of refusals) answers.push(await bakas('create', organiser, input));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(400);
    expect(messageOf(answers[6] ?? answers[0]!)).toBe(BakasMessages.sharesDoNotDivide);
    expect(await credit(organiser)).toBe(100_000);
    const unsignedIn = await t.app.inject({ method: 'POST', url: '/api/bakas/create', payload: createInput() });
    expect(unsignedIn.statusCode).toBe(401);
  });

  it('sells shares to others from credit only, once per key, and refuses more than are left', async () => {
    const organiser = await fundedPlayer();
    const friend = await fundedPlayer(6_000);
    const { group } = await created(organiser);
    const key = randomUUID();
    const joined = await bakas('join', friend, { code: group.code, shares: 3, idempotencyKey: key });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json<BakasGroupResponse>()).toMatchObject({
      creditBalance: 3_000,
      group: {
        sharesSold: 5,
        sharesLeft: 5,
        yourShares: 3,
        members: [
          { firstName: 'Maria', shares: 2 },
          { firstName: 'Maria', shares: 3 },
        ],
      },
    });
    expect((await bakas('join', friend, { code: group.code, shares: 3, idempotencyKey: key })).statusCode).toBe(200);
    expect(await credit(friend)).toBe(3_000);
    const tooMany = await bakas('join', friend, { code: group.code, shares: 6, idempotencyKey: randomUUID() });
    expect(tooMany.statusCode).toBe(400);
    expect(messageOf(tooMany)).toBe(BakasMessages.notEnoughShares(5));
    const short = await bakas('join', friend, { code: group.code, shares: 5, idempotencyKey: randomUUID() });
    expect(short.statusCode).toBe(409);
    expect(await credit(friend)).toBe(3_000);
    expect(await groupBalance(group.code)).toBe(5_000);
    const seen = await bakas('get', friend, { code: group.code });
    expect(seen.json<BakasGroupResponse>().group.sharesLeft).toBe(5);
    const unknown = await bakas('get', friend, { code: 'NoSuchGroup1234' });
    expect(unknown.statusCode).toBe(404);
  });

  it('of 50 joins at once for the last 10 shares, exactly 10 succeed and the others are refused without a debit', async () => {
    const organiser = await fundedPlayer();
    const { group } = await created(organiser, { shares: 20, organiserShares: 10, amount: 10_000 });
    expect(group.sharePrice).toBe(1_000);
    const buyers: RegisteredPlayer[] = [];
    for (let i = 0; i < 50; i++) buyers.push(await fundedPlayer(5_000));
    const answers = await Promise.all(
      buyers.map((buyer) => bakas('join', buyer, { code: group.code, shares: 1, idempotencyKey: randomUUID() })),
    );
    const ok = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(messageOf(answer)).toBe(BakasMessages.allSharesSold);
    }
    const credits = await Promise.all(buyers.map(credit));
    expect(credits.filter((c) => c === 4_000)).toHaveLength(10);
    expect(credits.filter((c) => c === 5_000)).toHaveLength(40);
    // The last share placed the ticket at once: its cost left the group's account for the pool, once.
    expect(await groupBalance(group.code)).toBe(0);
    const tickets = await t.app.db
      .selectFrom('bet_tickets as b')
      .innerJoin('accounts as a', 'a.id', 'b.holder_account_id')
      .select(['b.total'])
      .where('a.code', '=', bakasAccountCode(group.code))
      .execute();
    expect(tickets.map((ticket) => Number(ticket.total))).toEqual([20_000]);
    const seqs = await t.app.db
      .selectFrom('bakas_members as m')
      .innerJoin('bakas_groups as g', 'g.id', 'm.group_id')
      .select(['m.first_share_seq'])
      .where('g.code', '=', group.code)
      .orderBy('m.first_share_seq')
      .execute();
    expect(seqs.map((row) => row.first_share_seq)).toEqual([1, ...Array.from({ length: 10 }, (_, i) => 11 + i)]);
    // Fifty players registered and funded one by one: a busy machine needs more than the default time.
  }, 120_000);

  it('refuses a member on a cool-off, as a bet of their own, and debits nothing', async () => {
    const organiser = await fundedPlayer();
    const resting = await fundedPlayer();
    const { group } = await created(organiser);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/responsible-gaming/startBreak',
      payload: { period: 'coolOff24h', confirm: true },
      headers: { cookie: resting.cookie },
    });
    expect(started.statusCode).toBe(200);
    const refused = await bakas('join', resting, { code: group.code, shares: 1, idempotencyKey: randomUUID() });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(messageOf(refused)).toContain('24-hour cool-off');
    expect(await credit(resting)).toBe(100_000);
    expect((await bakas('get', organiser, { code: group.code })).json<BakasGroupResponse>().group.sharesSold).toBe(2);
  });

  it('lets only the organiser cancel, refunds every member what they paid and leaves the group account at zero', async () => {
    const organiser = await fundedPlayer();
    const friend = await fundedPlayer();
    const { group } = await created(organiser);
    await bakas('join', friend, { code: group.code, shares: 4, idempotencyKey: randomUUID() });
    expect(await credit(friend)).toBe(96_000);
    const notTheirs = await bakas('cancel', friend, { code: group.code, idempotencyKey: randomUUID() });
    expect(notTheirs.statusCode).toBe(403);
    expect(messageOf(notTheirs)).toBe(BakasMessages.onlyOrganiser);
    const key = randomUUID();
    const cancelled = await bakas('cancel', organiser, { code: group.code, idempotencyKey: key });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<BakasGroupResponse>()).toMatchObject({
      creditBalance: 100_000,
      group: { status: 'cancelled' },
    });
    expect((await bakas('cancel', organiser, { code: group.code, idempotencyKey: key })).statusCode).toBe(200);
    expect(await credit(organiser)).toBe(100_000);
    expect(await credit(friend)).toBe(100_000);
    expect(await groupBalance(group.code)).toBe(0);
    const late = await bakas('join', friend, { code: group.code, shares: 1, idempotencyKey: randomUUID() });
    expect(late.statusCode).toBe(400);
    expect(messageOf(late)).toBe(BakasMessages.notOpen);
    const again = await bakas('cancel', organiser, { code: group.code, idempotencyKey: randomUUID() });
    expect(messageOf(again)).toBe(BakasMessages.notOpen);
  });

  it('refuses joining once the race has closed for betting (its last call cancelled the group set to cancel)', async () => {
    const organiser = await fundedPlayer();
    const friend = await fundedPlayer();
    const { group } = await created(organiser);
    await staffPost(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
    const refused = await bakas('join', friend, { code: group.code, shares: 1, idempotencyKey: randomUUID() });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe(BakasMessages.notOpen);
    const seen = (await bakas('get', friend, { code: group.code })).json<BakasGroupResponse>().group;
    expect(seen.status).toBe('cancelled');
    expect(await credit(organiser)).toBe(100_000);
    expect(await credit(friend)).toBe(100_000);
    await staffPost(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
  });
});
