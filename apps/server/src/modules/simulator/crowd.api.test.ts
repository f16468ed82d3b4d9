import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { manilaDayOf, poolAccountCode, runnerBaseNumber, stampTaxOfTickets, winOdds, type Race } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer } from '../../../test/player-flow.ts';
import { fundPlayer, placeBetAs } from '../../../test/win-race.ts';
import { racesOfEvent, oddsText } from '../racing/index.ts';
import { parseSelections, winStakesOf, winTicketTotalsOf, poolPolicyOf } from '../tote/index.ts';
import { checkLedger } from '../wallet/index.ts';
import { gamingReport } from '../reports/index.ts';
import { CROWD_SIZE, DEMO_CROWD_FUNDING, DEMO_CROWD_FUNDING_KIND, FUNDING_SCOPE } from './crowd.ts';
import { crowdOpinion } from './crowd-model.ts';
import { startSimulator, type Simulator } from './simulator.ts';

const PESO = 100;

/**
 * The demo race day with its crowd (decision 047): simulated bettors place real tickets through the
 * players' placement, so the pools hold real money, the odds shown are the tote's from them, the ledger
 * reconciles, and the reports keep the crowd's play money apart from a real player's.
 */
describe(`demo crowd (${testDialect})`, () => {
  let t: TestApp;
  let simulator: Simulator | undefined;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await simulator?.stop();
    await t.close();
  });

  const crowdTickets = () =>
    t.app.db
      .selectFrom('bet_tickets as b')
      .innerJoin('players as p', 'p.id', 'b.player_id')
      .select(['b.first_race_id', 'b.bet_type', 'b.total', 'b.selections', 'b.status'])
      .where('p.demo_crowd', '=', 1)
      .execute();

  it('bets real money in every race, reconciled in the ledger, the odds the pool’s and the crowd kept out of the reports', async () => {
    const admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, 1_000 * PESO);
    // As the server does when it starts (server.ts).
    await t.app.betPlacement.warmUp();

    simulator = startSimulator(
      { db: t.app.db, pubsub: t.app.pubsub, hooks: t.app.hooks },
      {
        speed: 30,
        log: t.app.log,
        scratchChance: 0,
        cancelChance: 0,
        racesPerCard: 4,
        holder: 'crowd-test',
        crowd: { placement: t.app.betPlacement },
      },
    );
    // The second card the simulator makes. The first card's post times are set before it is made, and making
    // it (fields, ratings, weights) takes a while on a busy machine: its races open late, with less of their
    // betting time left than the crowd needs, or none. The second card is made while the first runs, a whole
    // card ahead, so its races open on their own clock, with the crowd already betting.
    const card = async () => {
      const row = await t.app.db
        .selectFrom('demo_cards')
        .select('event_id')
        .orderBy('event_id')
        .offset(1)
        .limit(1)
        .executeTakeFirst();
      return row ? racesOfEvent(t.app.db, row.event_id) : [];
    };
    // A newcomer's bet in the card's last race while it is open, with the crowd's money already in.
    let playerRace: Race | undefined;
    await expect
      .poll(
        async () => {
          const races = await card();
          const last = races.at(-1);
          if (!last || last.status !== 'O') return false;
          playerRace = last;
          return (await winStakesOf(t.app.db, last.raceId)).size === last.runners.length;
        },
        // The simulator's first step makes the crowd and the population before the first card: on a busy
        // machine the second card's last race opens a minute or more after the start.
        { timeout: 150_000, interval: 50 },
      )
      .toBe(true);
    if (!playerRace) throw new Error('no open race');
    const bet = await placeBetAs(t.app, player, {
      raceId: playerRace.raceId,
      eventId: playerRace.eventId,
      selections: [[1]],
      amount: 100 * PESO,
    });
    expect(bet.statusCode, bet.body).toBe(200);

    await expect
      .poll(async () => (await card()).every((race) => race.status === 'D'), { timeout: 90_000, interval: 200 })
      .toBe(true);
    await simulator.stop();
    simulator = undefined;
    const races = await card();

    // The crowd: flagged players of no agent, funded from their own house account.
    const members = await t.app.db
      .selectFrom('players')
      .select(['id', 'agent_id', 'mobile_no'])
      .where('demo_crowd', '=', 1)
      .execute();
    expect(members).toHaveLength(CROWD_SIZE);
    expect(members.every((m) => m.agent_id === null)).toBe(true);
    const fundings = await t.app.db
      .selectFrom('ledger_transactions as t')
      .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .select(['t.id', 'a.code', 'p.amount'])
      .where('t.kind', '=', DEMO_CROWD_FUNDING_KIND)
      .execute();
    const fundingIds = new Set(fundings.map((f) => f.id));
    expect(fundingIds.size).toBeGreaterThanOrEqual(1);
    const funded = new Set(fundings.filter((f) => Number(f.amount) > 0).map((f) => f.code));
    expect(funded.size).toBe(CROWD_SIZE);
    for (const id of fundingIds) {
      const postings = fundings.filter((f) => f.id === id);
      expect(postings.reduce((sum, p) => sum + Number(p.amount), 0)).toBe(0);
      expect(postings.find((p) => Number(p.amount) < 0)?.code).toBe(DEMO_CROWD_FUNDING);
    }
    const keys = await t.app.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('scope', '=', FUNDING_SCOPE)
      .execute();
    expect(keys).toHaveLength(fundingIds.size);

    // Real tickets in every race's Win pool and in other pools, each pool's account holding exactly its tickets.
    const tickets = await crowdTickets();
    // Every race of the (second) card: each opened on its own clock, with the crowd betting all along.
    for (const race of races) {
      const win = tickets.filter((x) => x.first_race_id === race.raceId && x.bet_type === 'W');
      expect(
        win.reduce((sum, x) => sum + Number(x.total), 0),
        `race ${race.raceNo}`,
      ).toBeGreaterThanOrEqual(1_000 * PESO);
    }
    expect(new Set(tickets.map((x) => x.bet_type)).size).toBeGreaterThan(2);
    const allTickets = await t.app.db
      .selectFrom('bet_tickets')
      .select(['first_race_id', 'bet_type', 'total'])
      .execute();
    const pools = new Set(
      allTickets.map((x) => poolAccountCode({ firstRaceId: x.first_race_id, betType: x.bet_type })),
    );
    for (const code of pools) {
      const staked = await sql<{ total: number | string | null }>`
        select sum(p.amount) as total from ledger_postings p
        join accounts a on a.id = p.account_id
        join ledger_transactions t on t.id = p.transaction_id
        where a.code = ${code} and t.kind = 'BET'`.execute(t.app.db);
      const ofTickets = allTickets
        .filter((x) => poolAccountCode({ firstRaceId: x.first_race_id, betType: x.bet_type }) === code)
        .reduce((sum, x) => sum + Number(x.total), 0);
      expect(Number(staked.rows[0]?.total ?? 0), code).toBe(ofTickets);
    }
    expect(await checkLedger(t.app.db)).toEqual([]);

    for (const race of races) {
      // The odds shown (stored and broadcast) are the tote's odds from the Win pool at close.
      const stakes = await winStakesOf(t.app.db, race.raceId);
      const policy = await poolPolicyOf(t.app.db, { firstRaceId: race.raceId, betType: 'W' });
      let stampTax = 0;
      for (const [total, count] of await winTicketTotalsOf(t.app.db, race.raceId)) {
        stampTax += stampTaxOfTickets(policy, total, count);
      }
      const odds = winOdds(stakes, policy, stampTax);
      for (const runner of race.runners) {
        expect(runner.odds, `race ${race.raceNo} runner ${runner.runnerNo}`).toBe(
          oddsText(odds.get(runnerBaseNumber(runner.runnerNo)) ?? null),
        );
      }
      // The crowd backs its favourites most: the best rated of the card, with hunches of its own.
      const ratings = new Map<number, number>();
      for (const runner of await t.app.db
        .selectFrom('runners')
        .select(['runner_no', 'rating'])
        .where('race_id', '=', race.raceId)
        .execute()) {
        if (runner.rating === null) continue;
        const no = runnerBaseNumber(runner.runner_no);
        ratings.set(no, Math.max(ratings.get(no) ?? runner.rating, runner.rating));
      }
      const opinion = crowdOpinion(
        race.raceId,
        race.runners.filter((r) => r.status === 'A').map((r) => runnerBaseNumber(r.runnerNo)),
        ratings,
      );
      // Its tickets keep each runner's share of its money near the runner's share of its opinion, within
      // about a ticket: the runner it backed most is its favourite, or one it rates within two of its
      // largest tickets of the favourite (a field of first starters, all rated alike, has no clear favourite).
      const crowdWin = tickets
        .filter((x) => x.first_race_id === race.raceId && x.bet_type === 'W')
        .map((x) => ({ runnerNo: parseSelections(x.selections)[0]?.[0] ?? 0, total: Number(x.total) }));
      const crowdTotal = crowdWin.reduce((sum, x) => sum + x.total, 0);
      const largestTicket = Math.max(...crowdWin.map((x) => x.total));
      const crowdStakes = new Map<number, number>();
      for (const x of crowdWin) crowdStakes.set(x.runnerNo, (crowdStakes.get(x.runnerNo) ?? 0) + x.total);
      const [favourite] = [...opinion.entries()].sort(([, a], [, b]) => b - a);
      const mostBacked = [...crowdStakes.entries()].sort(([, a], [, b]) => b - a)[0]?.[0];
      if (!favourite || mostBacked === undefined) throw new Error(`race ${race.raceNo}: no crowd opinion or money`);
      expect(favourite[1] - (opinion.get(mostBacked) ?? 0), `race ${race.raceNo}`).toBeLessThanOrEqual(
        (2 * largestTicket) / crowdTotal,
      );
      expect(race.runners.some((r) => r.finishPosition === 1)).toBe(true);
    }

    // No staff queue hears of the crowd: no AML flag, no agent commission on its tickets.
    expect(await t.app.db.selectFrom('aml_flags').select('id').execute()).toEqual([]);
    const commissioned = await sql<{ id: number }>`
      select c.id from agent_commissions c
      join bet_tickets b on b.id = c.ticket_id
      join players p on p.id = b.player_id
      where p.demo_crowd = 1`.execute(t.app.db);
    expect(commissioned.rows).toEqual([]);

    // The gaming report is the real player's money only: the crowd's stakes, winnings and losses are left out.
    const day = manilaDayOf(new Date().toISOString());
    const mine = await t.app.db
      .selectFrom('bet_tickets')
      .select(['total', 'won_amount', 'winnings_tax', 'refund_amount', 'status'])
      .where('player_id', '=', player.playerId)
      .executeTakeFirstOrThrow();
    expect(mine.status).not.toBe('open');
    const report = await gamingReport(t.app.db, { from: day, to: day, by: 'day' });
    expect(report.totals.turnover).toBe(100 * PESO);
    // Payouts are counted gross of the tax withheld from them (decision 049).
    const won = Number(mine.won_amount) + Number(mine.winnings_tax);
    expect(report.totals.payouts).toBe(won);
    expect(report.totals.refunds).toBe(Number(mine.refund_amount));
    // Every pool the real player was not in settled with the crowd alone: its GGR is nil.
    expect(report.totals.ggr).toBe(100 * PESO - won - Number(mine.refund_amount));
    const byPool = await gamingReport(t.app.db, { from: day, to: day, by: 'pool' });
    const playerPool = byPool.rows.find((row) => row.raceId === playerRace?.raceId && row.betType === 'W');
    expect(playerPool?.turnover).toBe(100 * PESO);
    // The pool's own movements stay as the ledger made them: takeout on all the money in it.
    expect(playerPool?.takeout).toBeGreaterThan(100 * PESO);

    // Staff's player list is of real players only: the crowd is nobody's to look after.
    const list = await t.app.inject({ method: 'GET', url: '/api/backoffice/players', headers: { cookie: admin } });
    expect(list.statusCode).toBe(200);
    const listed = list.json() as { players: { playerId: number }[]; total: number };
    expect(listed.players.map((row) => row.playerId)).toContain(player.playerId);
    expect(listed.total).toBe(1);
  }, 300_000);
});
