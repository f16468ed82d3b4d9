import { describe, expect, it } from 'vitest';
import { manilaMonthOf } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect } from '../../../test/test-app.ts';
import { registerPlayer } from '../../../test/player-flow.ts';
import { fundPlayer } from '../../../test/win-race.ts';
import { accountIdByCode, HouseAccount, playerAccountCode } from '../wallet/index.ts';

/**
 * The statement of a very busy month, timed (bench/README.md, decision 036): only with
 * STATEMENT_BENCH_LINES=N, e.g. `STATEMENT_BENCH_LINES=20000 npx vitest run <this file>`. Bets are written
 * straight into the ledger (balanced postings, the wallet row untouched): the statement reads only postings.
 */
const lines = Number(process.env.STATEMENT_BENCH_LINES ?? 0);

describe.skipIf(!lines)(`statement of ${lines} transactions (${testDialect})`, () => {
  it('answers JSON, CSV and PDF, and says how long the event loop was held', { timeout: 600_000 }, async () => {
    const t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    const admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, 100_000_000);
    const credit = await accountIdByCode(t.app.db, playerAccountCode(player.playerId, 'credit'));
    const house = await accountIdByCode(t.app.db, HouseAccount.payouts);
    const createdAt = new Date().toISOString();
    for (let start = 0; start < lines; start += 500) {
      const count = Math.min(500, lines - start);
      const rows = await t.app.db
        .insertInto('ledger_transactions')
        .values(
          Array.from({ length: count }, (_, i) => ({
            kind: 'BET',
            description: `Win race ${start + i}`,
            reverses_transaction_id: null,
            actor_type: 'player' as const,
            actor_id: player.playerId,
            metadata: '{}',
            created_at: createdAt,
          })),
        )
        .returning('id')
        .execute();
      await t.app.db
        .insertInto('ledger_postings')
        .values(
          rows.flatMap((row) => [
            { transaction_id: row.id, account_id: credit, amount: -100 },
            { transaction_id: row.id, account_id: house, amount: 100 },
          ]),
        )
        .execute();
    }
    const month = manilaMonthOf(new Date());
    for (const file of ['', '/csv', '/pdf']) {
      let longest = 0;
      let last = performance.now();
      const timer = setInterval(() => {
        const at = performance.now();
        longest = Math.max(longest, at - last);
        last = at;
      }, 1);
      const started = performance.now();
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/statement/${month}${file}`,
        headers: { cookie: player.cookie },
      });
      const took = performance.now() - started;
      longest = Math.max(longest, performance.now() - last);
      clearInterval(timer);
      expect(response.statusCode).toBe(200);
      console.log(
        `statement ${testDialect} ${lines} lines ${file || '/json'}: ${took.toFixed(0)} ms, ` +
          `${response.rawPayload.length} bytes, longest event-loop pause ${longest.toFixed(0)} ms`,
      );
    }
    await t.close();
  });
});
