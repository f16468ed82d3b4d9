import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type DatabaseHandle } from './connection.ts';

describe('write-ahead log checkpoints on a thread of their own', () => {
  let handle: DatabaseHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies committed pages into the database file without the writing connection doing it', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-checkpoint-'));
    const file = path.join(dir, 'db.sqlite');
    handle = openSqlite(file);
    const { db } = handle;
    await sql`create table filler (id integer primary key, body text not null)`.execute(db);
    const sizeBefore = fs.statSync(file).size;
    // About 2 MB in one commit: far below the 40 MB at which the connection would checkpoint itself.
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
