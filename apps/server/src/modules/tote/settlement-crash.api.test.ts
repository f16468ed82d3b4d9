import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from '../../db/sqlite-driver.mjs';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { checkLedger } from '../wallet/index.ts';
import { seedClosedRaceWithBets } from '../../../test/seed-bets.ts';
import { testDialect } from '../../../test/test-app.ts';

const TICKETS = 100_000;
const configFor = (dataDir: string) =>
  loadConfig({ NODE_ENV: 'test', DEMO: '0', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ADMIN_PASSWORD: 'crash-admin-pass' });

/**
 * kill -9 in the middle of settling 100,000 bets, start again: every ticket is paid exactly once and the
 * ledger is clean. SQLite: the server's own embedded database file, read by this process meanwhile.
 */
describe.skipIf(testDialect !== 'sqlite')('settlement survives kill -9 (sqlite)', () => {
  it('resumes after a crash and pays every ticket once', { timeout: 240_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-crash-'));
    try {
      const seeding = await buildApp(configFor(dataDir));
      const race = await seedClosedRaceWithBets(seeding.db, {
        players: 5_000,
        winTickets: TICKETS,
        forecastTickets: 0,
        runners: 12,
      });
      // Half the players hold a 5% rebate promo: their tickets, won or lost, earn it with their settlement.
      const now = new Date().toISOString();
      const promo = await seeding.db
        .insertInto('promos')
        .values({
          code: 'CRASHREBATE',
          name: 'Rebate',
          description: 'Rebate',
          credit_to: 'BONUS',
          kind: 'rebate',
          rate_bp: 500,
          reward_amount: 0,
          reward_cap: 0,
          daily_deposit_req: 0,
          account_days_req: 0,
          validity_hours: 0,
          ends_at: null,
          code_only: 0,
          active: 1,
          created_by: null,
          remaining: 999,
          per_player_limit: 999,
          starts_at: '2000-01-01T00:00:00.000Z',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const players = await seeding.db.selectFrom('players').select('id').execute();
      const rebated = new Set(players.filter((p) => p.id % 2 === 0).map((p) => p.id));
      await seeding.db
        .insertInto('promo_claims')
        .values(
          [...rebated].map((playerId) => ({
            promo_id: promo.id,
            player_id: playerId,
            status: 'A' as const,
            reward: 0,
            claimed_at: '2000-01-01T00:00:00.000Z',
            expires_at: null,
            transaction_id: null,
          })),
        )
        .execute();
      await seeding.close();

      const child = fork(
        path.resolve('apps/server/start.mjs'),
        [path.resolve('apps/server/test/settle-child.ts'), dataDir, String(race.raceId)],
        {
          execArgv: [],
          stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        },
      );
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, signal) => resolve(signal)),
      );
      let settledFully = false;
      child.on('message', (message: { type?: string }) => {
        if (message.type === 'settled') settledFully = true;
      });

      // Watch the database from outside and pull the plug once some, but not all, tickets are paid.
      const reader = new SQLite(path.join(dataDir, 'karera.db'), { readonly: true, fileMustExist: true });
      reader.pragma('busy_timeout = 1000');
      const settledCount = reader.prepare("select count(*) as n from bet_tickets where status <> 'open'");
      let atKill = 0;
      for (;;) {
        const { n } = settledCount.get() as { n: number };
        if (n > 0) {
          child.kill('SIGKILL');
          atKill = n;
          break;
        }
        if (child.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      expect(await exited).toBe('SIGKILL');
      expect(settledFully).toBe(false);
      const { n: afterKill } = settledCount.get() as { n: number };
      reader.close();
      expect(atKill).toBeGreaterThan(0);
      expect(afterKill).toBeLessThan(TICKETS);

      // Starting the server again finishes the settlement before it takes requests.
      const restarted = await buildApp(configFor(dataDir));
      try {
        const tickets = await restarted.db
          .selectFrom('bet_tickets')
          .select([
            'id',
            'player_id',
            'total',
            'status',
            'won_amount',
            'winnings_tax',
            'rebate_amount',
            'settlement_transaction_id',
            'selections',
          ])
          .where('first_race_id', '=', race.raceId)
          .execute();
        expect(tickets.filter((t) => t.status === 'open')).toHaveLength(0);
        const winners = tickets.filter((t) => t.status === 'won');
        // A dead heat of 1, 2 and 3 for first: every Win ticket on one of them won, and no other.
        const onWinners = tickets.filter((t) => ['[[1]]', '[[2]]', '[[3]]'].includes(t.selections));
        expect(winners.map((t) => t.id)).toEqual(onWinners.map((t) => t.id));
        expect(winners.length).toBeGreaterThan(TICKETS / 5);
        expect(winners.every((t) => t.settlement_transaction_id !== null && t.won_amount > 0)).toBe(true);

        const settlements = await restarted.db
          .selectFrom('ledger_transactions')
          .select('metadata')
          .where('kind', '=', 'SETTLEMENT')
          .execute();
        const paidTickets = settlements.map((s) => (JSON.parse(s.metadata) as { ticketId: number }).ticketId);
        expect(paidTickets).toHaveLength(winners.length);
        expect(new Set(paidTickets).size).toBe(paidTickets.length);

        const pool = await restarted.db
          .selectFrom('pool_settlements')
          .select(['status', 'payouts', 'winnings_tax'])
          .where('first_race_id', '=', race.raceId)
          .executeTakeFirstOrThrow();
        expect(pool.status).toBe('settled');
        // Each winner got its payout less the tax withheld (EO 194 defaults: 10% of the winnings), once.
        expect(winners.reduce((sum, t) => sum + t.won_amount + t.winnings_tax, 0)).toBe(pool.payouts);
        expect(winners.reduce((sum, t) => sum + t.winnings_tax, 0)).toBe(pool.winnings_tax);
        expect(pool.winnings_tax).toBeGreaterThan(0);

        // Every ticket of a rebate holder earned its 5% once, whether its settlement ran before or after the kill.
        for (const ticket of tickets) {
          expect(ticket.rebate_amount).toBe(
            rebated.has(ticket.player_id) ? Math.floor((ticket.total * 500) / 10_000) : 0,
          );
        }
        const rebates = await restarted.db
          .selectFrom('ledger_transactions')
          .select('metadata')
          .where('kind', '=', 'PROMO_REBATE')
          .execute();
        const rebatedTickets = rebates.map((r) => (JSON.parse(r.metadata) as { ticketId: number }).ticketId);
        expect(rebatedTickets).toHaveLength(tickets.filter((t) => t.rebate_amount > 0).length);
        expect(new Set(rebatedTickets).size).toBe(rebatedTickets.length);
        const claims = await restarted.db.selectFrom('promo_claims').select('rebates').execute();
        expect(claims.reduce((sum, c) => sum + c.rebates, 0)).toBe(
          tickets.reduce((sum, t) => sum + t.rebate_amount, 0),
        );
        expect(await checkLedger(restarted.db)).toEqual([]);
      } finally {
        await restarted.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
