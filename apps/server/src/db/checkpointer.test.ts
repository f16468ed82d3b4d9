import fs from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useSqliteFile } from '../../test/sqlite-file.ts';

describe('write-ahead log checkpoints on a thread of their own', () => {
  const sqliteFile = useSqliteFile('karera-checkpoint-');

  it('copies committed pages into the database file without the writing connection doing it', async () => {
    const { db, file } = sqliteFile.open();
    await sql`create table filler (id integer primary key, body text not null)`.execute(db);
    const sizeBefore = fs.statSync(file).size;
    // About 2 MB in one commit: far below the 100 MB at which the connection would checkpoint itself.
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 500; i += 1) {
        await sql`insert into filler (body) values (${'x'.repeat(4_000)})`.execute(trx);
      }
    });
    expect(fs.statSync(file).size).toBe(sizeBefore);

    const deadline = Date.now() + 10_000;
    while (fs.statSync(file).size < 1_500_000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(fs.statSync(file).size).toBeGreaterThan(1_500_000);
    const { rows } = await sql<{ total: number }>`select count(*) as total from filler`.execute(db);
    expect(rows[0]?.total).toBe(500);
  });
});
