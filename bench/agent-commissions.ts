/*
 * `npm run bench:agent-commissions [-- --lines 200000]` (or `node --experimental-strip-types`): what the agents'
 * commission accrual (decision 040) adds to the settlement of one large race. The bets are written in bulk
 * (apps/server/test/seed-bets.ts) on a fresh SQLite database with durable commits; every player belongs to a
 * three-level line (master agent 5 %, agent 3 %, sub-agent 2 % of turnover, players spread over the three),
 * so every settled ticket earns one to three shares. Then the back office's confirm, timed, and the ledger check.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { agentDb } from '../apps/server/src/modules/agents/agents.tables.ts';
import { confirmResult } from '../apps/server/src/modules/tote/settlement.service.ts';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger-check.ts';
import { nowIso } from '../apps/server/src/lib/time.ts';
import { seedClosedRaceWithBets } from '../apps/server/test/seed-bets.ts';

const linesArg = process.argv.indexOf('--lines');
const lines = linesArg > 0 ? Number(process.argv[linesArg + 1]) : 200_000;
const withRates = !process.argv.includes('--no-rates');
const winTickets = Math.round(lines / 2);
const forecastTickets = Math.round(lines / 8);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-bench-agents-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DEMO: '0',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-admin-pass',
  SMS_OUTBOX_IN_PRODUCTION: '1',
  WEB_DIST_DIR: path.join(dataDir, 'none'),
});
const app = await buildApp(config);
try {
  const race = await seedClosedRaceWithBets(app.db, { players: 20_000, winTickets, forecastTickets, runners: 12 });
  const admin = await app.db
    .selectFrom('staff_users')
    .select('id')
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  const line: number[] = [];
  for (const [role, name] of [
    ['master_agent', 'bench-master'],
    ['agent', 'bench-agent'],
    ['agent', 'bench-sub'],
  ] as const) {
    const row = await app.db
      .insertInto('staff_users')
      .values({
        username: name,
        display_name: name,
        password_hash: 'x',
        role,
        parent_id: line.at(-1) ?? null,
        referral_code: null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    line.push(row.id);
  }
  const players = await app.db.selectFrom('players').select('id').execute();
  for (let i = 0; i < line.length; i++) {
    const ids = players.filter((_, index) => index % line.length === i).map((p) => p.id);
    for (let j = 0; j < ids.length; j += 500) {
      await app.db
        .updateTable('players')
        .set({ agent_id: line[i] ?? null })
        .where('id', 'in', ids.slice(j, j + 500))
        .execute();
    }
  }
  if (withRates) {
    await agentDb(app.db)
      .insertInto('agent_commission_rates')
      .values(
        [500, 300, 200].map((rate, i) => ({
          staff_id: line[i] ?? 0,
          basis: 'turnover' as const,
          rate_bps: rate,
          updated_by: admin.id,
          updated_at: nowIso(),
        })),
      )
      .execute();
  }
  const t0 = performance.now();
  await confirmResult(app, { type: 'system', id: null }, race.raceId, {
    finish: [[1], [6], [9], [12]],
  });
  const seconds = (performance.now() - t0) / 1000;
  const accrued = await agentDb(app.db)
    .selectFrom('agent_commissions')
    .select((eb) => [eb.fn.countAll<number>().as('shares'), eb.fn.sum<number>('amount').as('amount')])
    .executeTakeFirstOrThrow();
  console.log(
    `settled ${race.betLines.toLocaleString()} bet lines (${race.tickets.toLocaleString()} tickets) ${withRates ? 'with' : 'without'} agent rates in ${seconds.toFixed(2)} s; ${Number(accrued.shares).toLocaleString()} commission shares, ${Number(accrued.amount ?? 0).toLocaleString()} centavos`,
  );
  const breaches = await checkLedger(app.db);
  console.log(`ledger check: ${breaches.length === 0 ? 'clean' : JSON.stringify(breaches.slice(0, 5))}`);
  if (breaches.length > 0) process.exitCode = 1;
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
