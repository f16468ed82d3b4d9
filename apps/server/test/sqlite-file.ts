import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openSqlite, type DatabaseHandle } from '../src/db/connection.ts';

/**
 * A SQLite file database of the test's own, with the production connection settings: `open()` makes it
 * in a fresh folder, and it is closed and removed after each test.
 */
export function useSqliteFile(prefix: string) {
  let handle: DatabaseHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return {
    open(): DatabaseHandle & { file: string } {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      const file = path.join(dir, 'karera.db');
      handle = openSqlite(file);
      return { ...handle, file };
    },
  };
}
