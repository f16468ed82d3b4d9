import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { betMoneyProblems } from '../../test/bet-money.ts';
import { registerPlayer, type RegisteredPlayer } from '../../test/player-flow.ts';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect } from '../../test/test-app.ts';
import { fundPlayer, placeBetAs, winRaceDay } from '../../test/win-race.ts';
import { backupSqlite } from './sqlite-backup.ts';

const PLAYERS = 12;
const FUNDS = 1_000_000;

/**
 * `npm run backup` under a rush of bets: copies taken while the bet placement thread commits batch after
 * batch are each the database as of one commit. Restored (copied into place as a new data folder and
 * opened by the server), each passes the ledger check, every ticket in it has its BET transaction, and
 * every balance is the funds less that copy's own tickets.
 */
describe.skipIf(testDialect !== 'sqlite')('online backup under bet load (sqlite)', () => {
  it('takes consistent copies while bets commit, and a restored copy is whole', { timeout: 120_000 }, async () => {
    const t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-backups-'));
    const restoredDirs: string[] = [];
    try {
      const admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const { bet, raceId, eventId } = await winRaceDay(t.app, admin, 'Backup Day');
      const players: RegisteredPlayer[] = [];
      for (let i = 0; i < PLAYERS; i += 1) {
        const player = await registerPlayer(t.app);
        await fundPlayer(t.app, admin, player, FUNDS);
        players.push(player);
      }
      const [firstPlayer] = players;
      if (!firstPlayer) throw new Error('no players');
      const file = path.join(t.databaseEnv.DATA_DIR ?? '', 'karera.db');

      let betting = true;
      let answered = 0;
      const load = Promise.all(
        players.map(async (player) => {
          while (betting) {
            const response = await bet(player, { amount: 100 });
            expect(response.statusCode).toBe(200);
            answered += 1;
          }
        }),
      );
      const copies: string[] = [];
      try {
        for (let i = 0; i < 3; i += 1) {
          const before = answered;
          while (answered < before + 150) await new Promise((resolve) => setTimeout(resolve, 2));
          copies.push((await backupSqlite(file, path.join(backups, `copy-${i}.db`))).file);
        }
        // Bets went on after the last copy.
        const afterCopies = answered;
        while (answered < afterCopies + 50) await new Promise((resolve) => setTimeout(resolve, 2));
      } finally {
        betting = false;
        await load;
      }

      const funded = new Map(players.map((player) => [player.playerId, FUNDS]));
      const ticketsIn: number[] = [];
      for (const copy of copies) {
        // Restore as the README says: the copy becomes karera.db of a data folder, then the server starts on it.
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-restored-'));
        restoredDirs.push(dataDir);
        fs.copyFileSync(copy, path.join(dataDir, 'karera.db'));
        const restored = await buildApp(
          loadConfig({
            NODE_ENV: 'test',
            DEMO: '0',
            LOG_LEVEL: 'silent',
            ADMIN_USERNAME: TEST_ADMIN.username,
            ADMIN_PASSWORD: TEST_ADMIN.password,
            WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
            DATA_DIR: dataDir,
          }),
        );
        try {
          expect(await betMoneyProblems(restored.db, funded)).toEqual([]);
          const { count } = await restored.db
            .selectFrom('bet_tickets')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow();
          ticketsIn.push(Number(count));
          // The restored server takes bets again, from the sessions the copy holds.
          const again = await placeBetAs(restored, firstPlayer, { raceId, eventId });
          expect(again.statusCode).toBe(200);
        } finally {
          await restored.close();
        }
      }
      // Each copy was taken mid-rush: more tickets than the one before, fewer than in the end.
      expect(ticketsIn[0]).toBeGreaterThan(0);
      expect(ticketsIn).toEqual([...ticketsIn].sort((a, b) => a - b));
      expect(ticketsIn.at(-1)).toBeLessThan(answered);
      expect(await betMoneyProblems(t.app.db, funded)).toEqual([]);
    } finally {
      await t.close();
      fs.rmSync(backups, { recursive: true, force: true });
      for (const dir of restoredDirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
