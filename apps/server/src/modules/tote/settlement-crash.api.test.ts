import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { checkLedger } from '../wallet/ledger-check.ts';
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
      await seeding.close();

      const child = fork(path.resolve('apps/server/test/settle-child.ts'), [dataDir, String(race.raceId)], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
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
          .select(['id', 'status', 'won_amount', 'settlement_transaction_id', 'selections'])
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
          .select(['status', 'payouts'])
          .where('first_race_id', '=', race.raceId)
          .executeTakeFirstOrThrow();
        expect(pool.status).toBe('settled');
        expect(winners.reduce((sum, t) => sum + t.won_amount, 0)).toBe(pool.payouts);
        expect(await checkLedger(restarted.db)).toEqual([]);
      } finally {
        await restarted.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
