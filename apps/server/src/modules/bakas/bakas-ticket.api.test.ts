import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BakasMessages,
  settleShares,
  ToteAdminRoutes,
  type CreditHistoryEntry,
  type BakasGroupResponse,
  type BakasMineResponse,
  type BakasStaffGroupsResponse,
  type BetHistoryResponse,
  type Race,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { call, registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, placeBetAs } from '../../../test/win-race.ts';
import { checkLedger, playerBalances } from '../wallet/index.ts';
import { bakasAccountCode } from './index.ts';

/** Group tickets placed and settled (decision 056): fill, place, smaller, last call, the split, a refund. */
describe(`bakas tickets placed and settled (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  const post = <T>(url: string, payload: Record<string, unknown>) => adminPoster(t.app, admin)<T>(url, payload);
  const bakas = (op: string, who: RegisteredPlayer, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/bakas/${op}`, payload, headers: { cookie: who.cookie } });
  const messageOf = (response: { json: <T>() => T }) => response.json<{ statusMessage: string }>().statusMessage;
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
  async function funded(amount = 1_000_000) {
    const player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, amount);
    return player;
  }
  /** A race day of `races` open races with 4 runners each, offering Win and Pick 6. */
  async function raceDay(races = 1): Promise<{ eventId: number; races: Race[] }> {
    const types = ['PICK6'];
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: `Bakas ${randomUUID().slice(0, 6)}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: types,
    });
    const opened: Race[] = [];
    for (let raceNo = 1; raceNo <= races; raceNo++) {
      const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${event.id}/races`, {
        raceNo,
        startDateTime: `2026-11-22T0${raceNo}:00:00Z`,
        enabledBetTypes: types,
      });
      for (const runnerNo of ['1', '2', '3', '4']) {
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo,
          horseName: `Horse ${raceNo}-${runnerNo}`,
          jockeyName: 'J. Cruz',
        });
      }
      await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
      opened.push(race);
    }
    return { eventId: event.id, races: opened };
  }
  async function create(organiser: RegisteredPlayer, input: Record<string, unknown>) {
    const response = await bakas('create', organiser, {
      betType: 'W',
      title: 'Barkada',
      feePercent: 0,
      shortfall: 'smaller',
      idempotencyKey: randomUUID(),
      ...input,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BakasGroupResponse>().group;
  }
  const join = (who: RegisteredPlayer, code: string, shares: number, key = randomUUID()) =>
    bakas('join', who, { code, shares, idempotencyKey: key });
  const view = async (who: RegisteredPlayer, code: string) =>
    (await bakas('get', who, { code })).json<BakasGroupResponse>().group;
  const history = async (who: RegisteredPlayer) =>
    (await call(t.app, '../game/getBetHistory', {}, who.cookie)).json<BetHistoryResponse>().betHistory;
  async function result(race: Race, finish: number[][]) {
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
    const response = await t.app.inject({
      method: 'POST',
      url: ToteAdminRoutes.confirmResult(race.raceId),
      headers: { cookie: admin },
      payload: { finish, idempotencyKey: randomUUID() },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  // The ledger is whole after every test: no group account left holding money it should not, every ticket's money.
  afterEach(async () => {
    expect(await checkLedger(t.app.db)).toEqual([]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('places the ticket the moment the last share sells, as one ticket held by the group, never as the organiser’s bet', async () => {
    const { eventId, races } = await raceDay();
    const race = races[0]!;
    const organiser = await funded();
    const friend = await funded();
    const group = await create(organiser, {
      raceId: race.raceId,
      eventId,
      selections: [[1, 2]],
      amount: 5_000,
      shares: 10,
      organiserShares: 2,
    });
    const filled = await join(friend, group.code, 8);
    expect(filled.statusCode, filled.body).toBe(200);
    const placed = filled.json<BakasGroupResponse>().group;
    expect(placed.status).toBe('placed');
    expect(placed.ticket).toMatchObject({
      cost: 10_000,
      combinations: 2,
      cut: false,
      unusedRefunded: 0,
      status: 'open',
    });
    expect(placed.ticket?.ticketNo).toMatch(/^[A-Z2-9]{12}$/);
    expect(await groupBalance(group.code)).toBe(0);
    const ticket = await t.app.db
      .selectFrom('bet_tickets as b')
      .innerJoin('ledger_postings as p', 'p.transaction_id', 'b.debit_transaction_id')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .select(['a.code', 'p.amount', 'b.player_id'])
      .where('b.ticket_no', '=', placed.ticket?.ticketNo ?? '')
      .orderBy('a.code')
      .execute();
    // Its own BET posting: the group's account into the pool; no player's credit moved.
    expect(ticket.map((row) => [row.code, Number(row.amount)])).toEqual([
      [bakasAccountCode(group.code), -10_000],
      [`pool:${race.raceId}:W`, 10_000],
    ]);
    expect(await credit(organiser)).toBe(1_000_000 - 2_000);
    // Not the organiser's own bet: their history shows it by their shares only.
    const own = await history(organiser);
    expect(own.filter((row) => row.bakas === undefined)).toEqual([]);
    const mine = (await bakas('mine', friend, {})).json<BakasMineResponse>().groups;
    expect(mine.map((g) => [g.code, g.yourShares, g.yourStake])).toEqual([[group.code, 8, 8_000]]);
    // Full: a late buyer hears that all shares are sold.
    const late = await join(await funded(), group.code, 1);
    expect(late.statusCode).toBe(400);
    expect(messageOf(late)).toBe(BakasMessages.allSharesSold);
  });

  it('the organiser places it smaller (once, by its rule), the unused money refunded by shares; others may not place or cancel', async () => {
    const { eventId, races } = await raceDay();
    const race = races[0]!;
    const organiser = await funded();
    const friend = await funded();
    const group = await create(organiser, {
      raceId: race.raceId,
      eventId,
      selections: [[1, 2, 3, 4]],
      amount: 1_000,
      shares: 8,
      organiserShares: 2,
    });
    expect(group.sharePrice).toBe(500);
    expect((await join(friend, group.code, 3)).statusCode).toBe(200);
    const stranger = await funded();
    const notTheirs = await bakas('place', friend, { code: group.code, idempotencyKey: randomUUID() });
    expect(notTheirs.statusCode).toBe(403);
    expect(messageOf(notTheirs)).toBe(BakasMessages.onlyOrganiser);
    expect((await bakas('cancel', stranger, { code: group.code, idempotencyKey: randomUUID() })).statusCode).toBe(403);
    expect((await bakas('place', organiser, { code: group.code, idempotencyKey: 42 })).statusCode).toBe(400);
    expect((await join(friend, group.code, '1' as unknown as number)).statusCode).toBe(400);

    const key = randomUUID();
    const placed = await bakas('place', organiser, { code: group.code, idempotencyKey: key });
    expect(placed.statusCode, placed.body).toBe(200);
    const g = placed.json<BakasGroupResponse>().group;
    // ₱25 sold buys 2 of the 4 runners at ₱10: the last-listed runners are dropped; ₱5 comes back by shares.
    expect(g.status).toBe('placed');
    expect(g.ticket).toMatchObject({
      selections: [[1, 2]],
      combinations: 2,
      cost: 2_000,
      cut: true,
      unusedRefunded: 500,
    });
    expect(g.members).toEqual([
      { firstName: 'Maria', shares: 2, paid: 1_000, refunded: 200, stake: 800, payout: null },
      { firstName: 'Maria', shares: 3, paid: 1_500, refunded: 300, stake: 1_200, payout: null },
    ]);
    expect(await credit(organiser)).toBe(1_000_000 - 800);
    expect(await credit(friend)).toBe(1_000_000 - 1_200);
    expect(await groupBalance(group.code)).toBe(0);
    // The same key answers the same; another key, a member joining, or cancelling are refused: it is placed.
    expect((await bakas('place', organiser, { code: group.code, idempotencyKey: key })).statusCode).toBe(200);
    const again = await bakas('place', organiser, { code: group.code, idempotencyKey: randomUUID() });
    expect(again.statusCode).toBe(400);
    expect(messageOf(again)).toBe(BakasMessages.notOpen);
    const lateJoin = await join(stranger, group.code, 1);
    expect(messageOf(lateJoin)).toBe(BakasMessages.notOpen);
    expect(messageOf(await bakas('cancel', organiser, { code: group.code, idempotencyKey: randomUUID() }))).toBe(
      BakasMessages.notOpen,
    );
    expect(await credit(stranger)).toBe(1_000_000);
    expect(
      await t.app.db.selectFrom('bet_tickets').select('id').where('first_race_id', '=', race.raceId).execute(),
    ).toHaveLength(1);
  });

  it('at last call places a group set to smaller and cancels one set to cancel, refunding every share; no join after', async () => {
    const { eventId, races } = await raceDay();
    const race = races[0]!;
    const organiser = await funded();
    const friend = await funded();
    const smaller = await create(organiser, {
      raceId: race.raceId,
      eventId,
      selections: [[1, 2, 3, 4]],
      amount: 1_000,
      shares: 4,
      organiserShares: 1,
    });
    const cancelling = await create(organiser, {
      raceId: race.raceId,
      eventId,
      selections: [[1, 2]],
      amount: 1_000,
      shares: 4,
      organiserShares: 1,
      shortfall: 'cancel',
    });
    await join(friend, smaller.code, 2);
    await join(friend, cancelling.code, 2);
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
    const placed = await view(friend, smaller.code);
    expect(placed.status).toBe('placed');
    expect(placed.ticket).toMatchObject({ selections: [[1, 2, 3]], cost: 3_000, cut: true, unusedRefunded: 0 });
    const cancelled = await view(friend, cancelling.code);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.members.map((m) => m.refunded)).toEqual([500, 1_000]);
    expect(await credit(organiser)).toBe(1_000_000 - 1_000);
    expect(await credit(friend)).toBe(1_000_000 - 2_000);
    expect(await groupBalance(smaller.code)).toBe(0);
    expect(await groupBalance(cancelling.code)).toBe(0);
    const late = await join(await funded(), smaller.code, 1);
    expect(late.statusCode).toBe(400);
    // Last call again (another instance, a restart) changes nothing.
    const { closeGroupsAtLastCall } = await import('./index.ts');
    expect(await closeGroupsAtLastCall(t.app.db)).toBe(0);
    // Back office: the race's group tickets with every member.
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/bakas/races/${race.raceId}`,
      headers: { cookie: admin },
    });
    expect(staff.statusCode, staff.body).toBe(200);
    const groups = staff.json<BakasStaffGroupsResponse>().groups;
    expect(groups.map((g) => [g.code, g.status, g.staffMembers.map((m) => m.playerId)])).toEqual([
      [cancelling.code, 'cancelled', [organiser.playerId, friend.playerId]],
      [smaller.code, 'placed', [organiser.playerId, friend.playerId]],
    ]);
    const forPlayer = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/bakas/players/${friend.playerId}`,
      headers: { cookie: admin },
    });
    expect(forPlayer.json<BakasStaffGroupsResponse>().groups).toHaveLength(2);
    const unsigned = await t.app.inject({ method: 'GET', url: `/api/backoffice/bakas/races/${race.raceId}` });
    expect(unsigned.statusCode).toBe(401);
  });

  it('two last calls at once (two instances) place a group once and cancel another once', async () => {
    const { eventId, races } = await raceDay();
    const race = races[0]!;
    const organiser = await funded();
    const friend = await funded();
    const smaller = await create(organiser, {
      raceId: race.raceId,
      eventId,
      selections: [[1, 2, 3, 4]],
      amount: 1_000,
      shares: 4,
      organiserShares: 2,
    });
    const cancelling = await create(organiser, {
      raceId: race.raceId,
      eventId,
      selections: [[1, 2]],
      amount: 1_000,
      shares: 2,
      organiserShares: 1,
      shortfall: 'cancel',
    });
    await join(friend, smaller.code, 1);
    // Betting closes without this instance hearing it (its move made elsewhere); two closers then run at once.
    await t.app.db.updateTable('races').set({ status: 'C' }).where('id', '=', race.raceId).execute();
    const { closeGroupsAtLastCall } = await import('./index.ts');
    const closed = await Promise.all([
      closeGroupsAtLastCall(t.app.db, undefined, race.raceId),
      closeGroupsAtLastCall(t.app.db, undefined, race.raceId),
    ]);
    expect(closed[0] + closed[1]).toBeGreaterThanOrEqual(2);
    expect((await view(friend, smaller.code)).ticket).toMatchObject({ selections: [[1, 2, 3]], cost: 3_000 });
    expect((await view(friend, cancelling.code)).status).toBe('cancelled');
    const tickets = await t.app.db
      .selectFrom('bet_tickets')
      .select('id')
      .where('first_race_id', '=', race.raceId)
      .execute();
    expect(tickets).toHaveLength(1);
    expect(await credit(organiser)).toBe(1_000_000 - 2_000);
    expect(await credit(friend)).toBe(1_000_000 - 1_000);
    expect(await groupBalance(smaller.code)).toBe(0);
    expect(await groupBalance(cancelling.code)).toBe(0);
  });

  it('when two purchases race for the last share, one fills and the ticket is placed exactly once', async () => {
    const { eventId, races } = await raceDay();
    const race = races[0]!;
    const organiser = await funded();
    const group = await create(organiser, {
      raceId: race.raceId,
      eventId,
      selections: [[1]],
      amount: 2_000,
      shares: 2,
      organiserShares: 1,
    });
    const buyers = await Promise.all([funded(), funded(), funded(), funded(), funded()]);
    const answers = await Promise.all(buyers.map((buyer) => join(buyer, group.code, 1)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(messageOf(answer)).toBe(BakasMessages.allSharesSold);
    }
    const tickets = await t.app.db
      .selectFrom('bet_tickets')
      .select('total')
      .where('first_race_id', '=', race.raceId)
      .execute();
    expect(tickets.map((row) => Number(row.total))).toEqual([2_000]);
    expect(await groupBalance(group.code)).toBe(0);
  });

  it('settles a winning Pick 6 group ticket of 7 members with a 5% fee to the centavo, through the group account to zero', async () => {
    const { eventId, races } = await raceDay(6);
    const organiser = await funded();
    const members = [organiser, ...(await Promise.all([1, 2, 3, 4, 5, 6].map(() => funded())))];
    // ₱1,400: 4 combinations at ₱350, in 14 shares of ₱100; 3/2/2/2/2/2/1 shares.
    const group = await create(organiser, {
      raceId: races[0]!.raceId,
      eventId,
      betType: 'PICK6',
      selections: [[1, 2], [1], [1], [1], [1], [1, 2]],
      amount: 35_000,
      shares: 14,
      organiserShares: 3,
      feePercent: 5,
    });
    const holdings = [3, 2, 2, 2, 2, 2, 1];
    for (const [index, member] of members.entries()) {
      if (index === 0) continue;
      const joined = await join(member, group.code, holdings[index]!);
      expect(joined.statusCode, joined.body).toBe(200);
    }
    expect((await view(organiser, group.code)).status).toBe('placed');
    // Someone else's losing Pick 6 makes the pool worth winning.
    const rival = await funded();
    const rivalBet = await placeBetAs(t.app, rival, {
      raceId: races[0]!.raceId,
      eventId,
      betType: 'PICK6',
      selections: [[3], [3], [3], [3], [3], [3]],
      amount: 500_000,
    });
    expect(rivalBet.statusCode, rivalBet.body).toBe(200);
    const before = await Promise.all(members.map(credit));
    for (const race of races) await result(race, [[1], [2], [3], [4]]);

    const settled = await view(organiser, group.code);
    expect(settled.status).toBe('settled');
    expect(settled.ticket?.status).toBe('won');
    const received = settled.settlement?.received ?? 0;
    expect(received).toBeGreaterThan(140_000);
    expect(settled.settlement?.winningsTax).toBeGreaterThan(0);
    const expected = settleShares({
      payout: received,
      placedCost: 140_000,
      feePercent: 5,
      refunded: false,
      holdings: holdings.map((shares, index) => ({ shares, firstShareSeq: index + 1 })),
      organiserIndex: 0,
    });
    expect(settled.settlement?.fee).toBe(Math.floor(((received - 140_000) * 5) / 100));
    expect(settled.settlement?.fee).toBe(expected.fee);
    const after = await Promise.all(members.map(credit));
    const gained = after.map((amount, index) => amount - (before[index] ?? 0));
    expect(gained).toEqual(expected.parts);
    expect(gained.reduce((sum, part) => sum + part, 0)).toBe(received);
    expect(settled.members.map((m) => m.payout)).toEqual(expected.parts);
    expect(await groupBalance(group.code)).toBe(0);
    // Each member's history shows the group's ticket with their own stake and payout (the still-alive view reads it).
    const seen = (await history(members[1]!)).find((row) => row.bakas?.code === group.code);
    expect(seen?.bakas).toMatchObject({ shares: 2, totalShares: 14, stake: 20_000, payout: expected.parts[1], fee: 0 });
    expect(seen?.status).toBe('won');
    const organisers = (await history(organiser)).find((row) => row.bakas?.code === group.code);
    expect(organisers?.bakas).toMatchObject({ shares: 3, stake: 30_000, payout: expected.parts[0], fee: expected.fee });
    // ...and their wallet history the share bought and their part of the payout.
    const wallet = await t.app.inject({
      method: 'POST',
      url: '/api/payment/getTransactionHistory',
      payload: {},
      headers: { cookie: members[1]!.cookie },
    });
    const rows = wallet
      .json<{ creditHistory: CreditHistoryEntry[] }>()
      .creditHistory.filter((row) => row.paymentType === 'BAKAS');
    expect(rows.map((row) => [row.creditType, row.amount])).toEqual([
      ['DR', expected.parts[1]],
      ['WR', 20_000],
    ]);
    // Each row names the group by its title and says what moved, for the screen to word in the player's language.
    expect(rows.map((row) => [row.groupTicket, row.notes])).toEqual([
      [{ code: group.code, title: group.title, movement: 'winnings' }, null],
      [{ code: group.code, title: group.title, movement: 'shares' }, null],
    ]);
    // Each member's certificate of tax withheld holds their part of the group's tax, never the organiser's whole.
    const certificates = await Promise.all(
      members.map(async (member) => {
        const answer = await t.app.inject({
          method: 'GET',
          url: `/api/tax-certificates/${new Date().getUTCFullYear()}`,
          headers: { cookie: member.cookie },
        });
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json<{ certificate: { totals: { grossWinnings: number; winningsTax: number } } }>().certificate
          .totals;
      }),
    );
    const tax = settled.settlement?.winningsTax ?? 0;
    expect(certificates.reduce((sum, totals) => sum + totals.winningsTax, 0)).toBe(tax);
    expect(certificates[0]!.winningsTax).toBeLessThan(tax);
    expect(certificates.map((totals) => totals.grossWinnings - totals.winningsTax)).toEqual(expected.parts);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it("each member's shares count toward their own stake and loss limits; the group's ticket is not its organiser's loss", async () => {
    const { eventId, races } = await raceDay();
    const race = races[0]!;
    const rg = (who: RegisteredPlayer, kind: string, amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/responsible-gaming/setLimit',
        payload: { kind, amount },
        headers: { cookie: who.cookie },
      });
    const organiser = await funded();
    const member = await funded();
    const careful = await funded();
    expect((await rg(organiser, 'lossDay', 3_000)).statusCode).toBe(200);
    expect((await rg(member, 'lossDay', 5_000)).statusCode).toBe(200);
    expect((await rg(careful, 'stakePerBet', 1_000)).statusCode).toBe(200);
    const group = await create(organiser, {
      raceId: race.raceId,
      eventId,
      selections: [[1, 2]],
      amount: 5_000,
      shares: 10,
      organiserShares: 2,
    });
    expect((await join(member, group.code, 3)).statusCode).toBe(200);
    // ₱30 of shares and a ₱30 bet would lose more than ₱50 in a day: the bet is refused, as are 3 more shares.
    const bet = await placeBetAs(t.app, member, { raceId: race.raceId, eventId, selections: [[3]], amount: 3_000 });
    expect(bet.statusCode, bet.body).toBe(400);
    const more = await join(member, group.code, 3);
    expect(more.statusCode, more.body).toBe(400);
    expect(messageOf(more)).toBe(messageOf(bet));
    expect((await join(member, group.code, 2)).statusCode).toBe(200);
    // A stake per bet of ₱10 refuses a ₱20 purchase, as a ₱20 bet.
    const big = await join(careful, group.code, 2);
    expect(big.statusCode, big.body).toBe(400);
    expect((await join(careful, group.code, 1)).statusCode).toBe(200);
    expect((await join(await funded(), group.code, 2)).statusCode).toBe(200);
    expect((await view(organiser, group.code)).status).toBe('placed');
    // The placed ₱100 ticket names the organiser but is the group's: their ₱20 of shares and a ₱10 bet fit ₱30.
    const own = await placeBetAs(t.app, organiser, { raceId: race.raceId, eventId, selections: [[3]], amount: 1_000 });
    expect(own.statusCode, own.body).toBe(200);
    expect(await credit(member)).toBe(1_000_000 - 5_000);
  });

  it('a refunded group ticket (its race cancelled) splits the refund by shares back to every member', async () => {
    const { eventId, races } = await raceDay();
    const race = races[0]!;
    const organiser = await funded();
    const friend = await funded();
    const group = await create(organiser, {
      raceId: race.raceId,
      eventId,
      selections: [[1, 2, 3]],
      amount: 1_000,
      shares: 3,
      organiserShares: 1,
      feePercent: 10,
    });
    expect((await join(friend, group.code, 2)).statusCode).toBe(200);
    expect(await credit(friend)).toBe(1_000_000 - 2_000);
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'X' });
    const settled = await view(friend, group.code);
    expect(settled.status).toBe('settled');
    expect(settled.ticket?.status).toBe('refunded');
    expect(settled.settlement).toMatchObject({ received: 3_000, fee: 0, refunded: true });
    expect(settled.members.map((m) => m.payout)).toEqual([1_000, 2_000]);
    expect(await credit(organiser)).toBe(1_000_000);
    expect(await credit(friend)).toBe(1_000_000);
    expect(await groupBalance(group.code)).toBe(0);
    // The member's monthly statement: their shares a stake, their part of the refund a refund.
    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    const statement = await t.app.inject({
      method: 'GET',
      url: `/api/statement/${month}`,
      headers: { cookie: friend.cookie },
    });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json<{ statement: { totals: Record<string, number> } }>().statement.totals).toMatchObject({
      stakes: -2_000,
      refunds: 2_000,
      other: 0,
    });
  });
});
