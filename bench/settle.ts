/*
 * `npm run bench:settle [-- --lines 1000000] [-- --rounds 1]`: settles one closed race holding a million bet
 * lines on a fresh SQLite database with durable commits, through the same service the back office calls,
 * then runs the ledger check. The bets are written in bulk (apps/server/test/seed-bets.ts): placing them one
 * request at a time is what bench:bets measures.
 *
 * Each round settles the race twice, on two fresh databases, in turn: once under the single takeout every
 * pool had before the EO 194 split (no stamp tax, no tax on winnings: the work settlement did before), and
 * once under the legal defaults (three shares, a stamp tax per ticket, a tax withheld from every winner), so
 * both figures come from the same run on the same machine (decision 049).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { confirmResult } from '../apps/server/src/modules/tote/settlement.service.ts';
import { settlementReport } from '../apps/server/src/modules/tote/results.service.ts';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger-check.ts';
import { seedClosedRaceWithBets } from '../apps/server/test/seed-bets.ts';
import { useLegacyTakeouts } from '../apps/server/test/tote-policies.ts';

const linesArg = process.argv.indexOf('--lines');
const lines = linesArg > 0 ? Number(process.argv[linesArg + 1]) : 1_000_000;
// Half the lines are single-line Win tickets, half are Forecast tickets of four lines each.
const winTickets = Math.round(lines / 2);
const forecastTickets = Math.round(lines / 8);

const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 1;

type Variant = 'single takeout' | 'EO 194 split and taxes';

async function settleOnce(variant: Variant): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-bench-settle-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DEMO: '0',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-admin-pass',
    // SMS stay in the database (codes read back from the outbox); no gateway on a benchmark machine.
    SMS_OUTBOX_IN_PRODUCTION: '1',
    WEB_DIST_DIR: path.join(dataDir, 'none'),
  });
  const app = await buildApp(config);
  try {
    if (variant === 'single takeout') await useLegacyTakeouts(app.db);
    let t0 = performance.now();
    const race = await seedClosedRaceWithBets(app.db, { players: 20_000, winTickets, forecastTickets, runners: 12 });
    console.log(
      `seeded ${race.tickets.toLocaleString()} tickets, ${race.betLines.toLocaleString()} bet lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    t0 = performance.now();
    await confirmResult(app, { type: 'system', id: null }, race.raceId, {
      finish: [[1], [6], [9], [12]],
    });
    const seconds = (performance.now() - t0) / 1000;
    const report = await settlementReport(app.db, race.raceId);
    const winners = report.pools.reduce((s, p) => s + p.winningTickets, 0);
    console.log(
      `[${variant}] settled ${race.betLines.toLocaleString()} bet lines (${race.tickets.toLocaleString()} tickets, ${winners.toLocaleString()} winning) in ${seconds.toFixed(2)} s`,
    );
    console.log(
      `report balanced: ${report.balanced}; stakes ${report.totals.stakes}, payouts ${report.totals.payouts}, takeout ${report.totals.takeout} (stamp tax ${report.totals.stampTax}), winnings tax ${report.totals.winningsTax}, breakage ${report.totals.breakage}`,
    );
    // The notices the settlement raised in its transactions (decision 055): one per ticket whose player wants it.
    const notices = await app.db
      .selectFrom('notifications')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('kind')
      .execute();
    const deliveries = await app.db
      .selectFrom('notification_deliveries')
      .select(['channel', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('channel')
      .execute();
    console.log(
      `notices raised: ${notices.map((n) => `${n.kind} ${Number(n.count).toLocaleString()}`).join(', ') || 'none'}; ` +
        `deliveries: ${deliveries.map((d) => `${d.channel} ${Number(d.count).toLocaleString()}`).join(', ') || 'none'}`,
    );
    t0 = performance.now();
    const breaches = await checkLedger(app.db);
    console.log(
      `ledger check: ${breaches.length === 0 ? 'clean' : JSON.stringify(breaches.slice(0, 5))} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    if (breaches.length > 0 || !report.balanced) process.exitCode = 1;
    return seconds;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const times: Record<Variant, number[]> = { 'single takeout': [], 'EO 194 split and taxes': [] };
for (let round = 0; round < rounds; round += 1) {
  // Alternate which goes first, so a machine warming up or slowing down weighs on both alike.
  const order: Variant[] =
    round % 2 === 0 ? ['single takeout', 'EO 194 split and taxes'] : ['EO 194 split and taxes', 'single takeout'];
  for (const variant of order) times[variant].push(await settleOnce(variant));
}
const best = (variant: Variant) => Math.min(...times[variant]);
console.log(
  `settle time, best of ${rounds}: single takeout ${best('single takeout').toFixed(2)} s, EO 194 split and taxes ${best('EO 194 split and taxes').toFixed(2)} s (${((best('EO 194 split and taxes') / best('single takeout') - 1) * 100).toFixed(1)}%)`,
);
