import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { insertPlayer } from '../../../test/factories.ts';
import { accountIdByCode, HouseAccount, playerAccountCode, playerBalances } from './accounts.ts';
import { InsufficientFundsError, LedgerError, postTransaction, reverseTransaction } from './ledger.ts';
import { checkLedger } from './ledger-check.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../../..');

describe(`ledger core (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function fundedPlayer(amount: number) {
    const player = await insertPlayer(t.app.db);
    const credit = await accountIdByCode(t.app.db, playerAccountCode(player.id, 'credit'));
    const house = await accountIdByCode(t.app.db, HouseAccount.adjustments);
    await t.app.db.transaction().execute((trx) =>
      postTransaction(trx, {
        kind: 'ADJUSTMENT',
        description: 'fund',
        actor: { type: 'system', id: null },
        postings: [
          { accountId: credit, amount },
          { accountId: house, amount: -amount },
        ],
      }),
    );
    return { player, credit, house };
  }

  it('refuses unbalanced, zero and fractional postings and writes nothing', async () => {
    const { credit, house } = await fundedPlayer(1000);
    const before = await t.app.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const attempts = [
      [
        { accountId: credit, amount: 100 },
        { accountId: house, amount: -99 },
      ],
      [
        { accountId: credit, amount: 0 },
        { accountId: house, amount: 0 },
      ],
      [
        { accountId: credit, amount: 10.5 },
        { accountId: house, amount: -10.5 },
      ],
      [{ accountId: credit, amount: 100 }],
    ];
    for (const postings of attempts) {
      await expect(
        t.app.db.transaction().execute((trx) =>
          postTransaction(trx, {
            kind: 'ADJUSTMENT',
            description: 'bad',
            actor: { type: 'system', id: null },
            postings,
          }),
        ),
      ).rejects.toBeInstanceOf(LedgerError);
    }
    const after = await t.app.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('keeps a player balance at or above zero under 50 concurrent debits', async () => {
    const { player, credit, house } = await fundedPlayer(10_000);
    const debit = () =>
      t.app.db.transaction().execute((trx) =>
        postTransaction(trx, {
          kind: 'ADJUSTMENT',
          description: 'debit',
          actor: { type: 'system', id: null },
          postings: [
            { accountId: credit, amount: -300 },
            { accountId: house, amount: 300 },
          ],
        }),
      );
    const results = await Promise.allSettled(Array.from({ length: 50 }, debit));
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(succeeded).toBe(33);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
    expect((await playerBalances(t.app.db, player.id)).creditBalance).toBe(100);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('corrects by reversal, once, and never edits or deletes a posting', async () => {
    const { player, credit, house } = await fundedPlayer(5_000);
    const id = await t.app.db.transaction().execute((trx) =>
      postTransaction(trx, {
        kind: 'ADJUSTMENT',
        description: 'mistake',
        actor: { type: 'system', id: null },
        postings: [
          { accountId: credit, amount: -2_000 },
          { accountId: house, amount: 2_000 },
        ],
      }),
    );
    expect((await playerBalances(t.app.db, player.id)).creditBalance).toBe(3_000);
    await t.app.db
      .transaction()
      .execute((trx) => reverseTransaction(trx, id, 'wrong player', { type: 'system', id: null }));
    expect((await playerBalances(t.app.db, player.id)).creditBalance).toBe(5_000);
    await expect(
      t.app.db.transaction().execute((trx) => reverseTransaction(trx, id, 'again', { type: 'system', id: null })),
    ).rejects.toBeInstanceOf(LedgerError);

    await expect(
      t.app.db.updateTable('ledger_postings').set({ amount: 1 }).where('transaction_id', '=', id).execute(),
    ).rejects.toThrow(/immutable/);
    await expect(t.app.db.deleteFrom('ledger_postings').where('transaction_id', '=', id).execute()).rejects.toThrow(
      /immutable/,
    );
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('the database itself refuses a negative player balance', async () => {
    const { credit } = await fundedPlayer(100);
    await expect(
      t.app.db.updateTable('accounts').set({ balance: -1 }).where('id', '=', credit).execute(),
    ).rejects.toThrow();
  });

  it('ledger:check exits non-zero on a corrupted balance and names it', async () => {
    const { player, credit } = await fundedPlayer(700);
    const env = { ...process.env, ...t.databaseEnv, NODE_ENV: 'test', DEMO: '0' };
    const clean = await run(process.execPath, ['start.mjs', 'src/cli/ledger-check.ts'], { cwd: serverDir, env });
    expect(clean.stdout).toContain('all invariants hold');

    // Corrupt the stored balance behind the ledger's back.
    await sql`update accounts set balance = balance + 1 where id = ${credit}`.execute(t.app.db);
    const breaches = await checkLedger(t.app.db);
    expect(breaches).toEqual([
      {
        rule: 'balance-mismatch',
        detail: `account ${playerAccountCode(player.id, 'credit')} holds 701 but its postings sum to 700`,
      },
    ]);
    const failed = await run(process.execPath, ['start.mjs', 'src/cli/ledger-check.ts'], { cwd: serverDir, env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in failed ? failed.code : 0).toBe(1);
    expect('stderr' in failed ? failed.stderr : '').toContain('[balance-mismatch]');
    await sql`update accounts set balance = balance - 1 where id = ${credit}`.execute(t.app.db);
    expect(await checkLedger(t.app.db)).toEqual([]);
    // A ceiling, not a wait: two cold runs of the command, 20 s of them with both cores busy.
  }, 120_000);
});
