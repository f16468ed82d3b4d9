import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useSqliteFile } from '../../test/sqlite-file.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { nowIso } from './time.ts';
import { createTxHooks, type HookPoint } from './tx-hooks.ts';

type Specs = {
  'thing.done': HookPoint<string[], { id: number }>;
  'other.done': HookPoint<string[], { name: string }>;
};

describe('transaction hooks', () => {
  it('runs the subscribers in the declared order, whatever order they subscribed in, each with the handle', async () => {
    const hooks = createTxHooks<Specs>({ 'thing.done': ['first', 'second', 'third'], 'other.done': [] });
    hooks.on('thing.done', 'third', async (log, { id }) => void log.push(`third ${id}`));
    hooks.on('thing.done', 'first', async (log, { id }) => void log.push(`first ${id}`));
    hooks.on('thing.done', 'second', async (log, { id }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`second ${id}`);
    });
    const log: string[] = [];
    await hooks.run('thing.done', log, { id: 7 });
    expect(log).toEqual(['first 7', 'second 7', 'third 7']);
    expect(hooks.subscribers('thing.done')).toEqual(['first', 'second', 'third']);
    // A hook without subscribers runs nothing.
    await hooks.run('other.done', log, { name: 'x' });
    expect(log).toHaveLength(3);
  });

  it('stops at a subscriber that throws and hands its error to the publisher', async () => {
    const hooks = createTxHooks<Specs>({ 'thing.done': ['first', 'second', 'third'], 'other.done': [] });
    const refusal = new Error('refused');
    hooks.on('thing.done', 'first', async (log) => void log.push('first'));
    hooks.on('thing.done', 'second', () => Promise.reject(refusal));
    hooks.on('thing.done', 'third', async (log) => void log.push('third'));
    const log: string[] = [];
    await expect(hooks.run('thing.done', log, { id: 1 })).rejects.toBe(refusal);
    expect(log).toEqual(['first']);
  });

  it('refuses a subscriber the order does not declare, one subscribed twice, and a run with one missing', async () => {
    expect(() => createTxHooks<Specs>({ 'thing.done': ['a', 'a'], 'other.done': [] })).toThrow(/declared twice/);
    const hooks = createTxHooks<Specs>({ 'thing.done': ['a', 'b'], 'other.done': [] });
    expect(() => hooks.on('thing.done', 'c', async () => undefined)).toThrow(/not in the declared order/);
    expect(() => hooks.on('other.done', 'a', async () => undefined)).toThrow(/not in the declared order/);
    hooks.on('thing.done', 'a', async () => undefined);
    expect(() => hooks.on('thing.done', 'a', async () => undefined)).toThrow(/subscribed twice/);
    await expect(hooks.run('thing.done', [], { id: 1 })).rejects.toThrow(/b is declared but never subscribed/);
  });

  describe('on a real database', () => {
    const sqliteFile = useSqliteFile('karera-tx-hooks-');

    type LedgerSpecs = { 'money.moved': HookPoint<Transaction<Database>, { transactionId: number }> };

    /** A balanced two-line ledger transaction, written as a publisher would, then its hook. */
    async function moveMoney(
      trx: Transaction<Database>,
      hooks: ReturnType<typeof createTxHooks<LedgerSpecs>>,
      accounts: [number, number],
    ): Promise<void> {
      const { id } = await trx
        .insertInto('ledger_transactions')
        .values({
          kind: 'ADJUSTMENT',
          description: 'test movement',
          reverses_transaction_id: null,
          actor_type: 'system',
          actor_id: null,
          metadata: '{}',
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('ledger_postings')
        .values([
          { transaction_id: id, account_id: accounts[0], amount: -500 },
          { transaction_id: id, account_id: accounts[1], amount: 500 },
        ])
        .execute();
      await hooks.run('money.moved', trx, { transactionId: id });
    }

    it('a subscriber that throws leaves no ledger rows of the caller, nor of the subscribers before it', async () => {
      const { db, dialect } = sqliteFile.open();
      await migrateToLatest(db, dialect);
      const accounts = await Promise.all(
        ['test:from', 'test:to'].map(async (code) => {
          const { id } = await db
            .insertInto('accounts')
            .values({ code, kind: 'house', player_id: null, may_go_negative: 1, created_at: nowIso() })
            .returning('id')
            .executeTakeFirstOrThrow();
          return id;
        }),
      );
      const pair: [number, number] = [accounts[0] ?? 0, accounts[1] ?? 0];
      const ledgerRows = async () => ({
        transactions: (await db.selectFrom('ledger_transactions').select('id').execute()).length,
        postings: (await db.selectFrom('ledger_postings').select('id').execute()).length,
        audit: (await db.selectFrom('audit_log').select('id').where('action', '=', 'test.noted').execute()).length,
      });
      const before = await ledgerRows();

      let failing = true;
      const hooks = createTxHooks<LedgerSpecs>({ 'money.moved': ['noter', 'checker'] });
      // The first subscriber writes in the caller's transaction...
      hooks.on('money.moved', 'noter', async (trx, { transactionId }) => {
        await trx
          .insertInto('audit_log')
          .values({
            actor_type: 'system',
            actor_id: null,
            action: 'test.noted',
            target_type: 'ledger_transaction',
            target_id: String(transactionId),
            details: '{}',
            ip: null,
            created_at: nowIso(),
          })
          .execute();
      });
      // ...and the second refuses: everything of that transaction goes.
      hooks.on('money.moved', 'checker', async () => {
        if (failing) throw new Error('refused by a subscriber');
      });

      await expect(db.transaction().execute((trx) => moveMoney(trx, hooks, pair))).rejects.toThrow(
        'refused by a subscriber',
      );
      expect(await ledgerRows()).toEqual(before);

      failing = false;
      await db.transaction().execute((trx) => moveMoney(trx, hooks, pair));
      expect(await ledgerRows()).toEqual({
        transactions: before.transactions + 1,
        postings: before.postings + 2,
        audit: before.audit + 1,
      });
    });
  });
});
