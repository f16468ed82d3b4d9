import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openSqlite, type DatabaseHandle } from '../src/db/connection.ts';

/**
 * A SQLite file database of the test's own, with the production connection settings: `open()` makes it
 * in a fresh folder (or opens the one a test made at `path()` first), and it is closed and removed
 * after each test.
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
  function filePath(): string {
    dir ??= fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    return path.join(dir, 'karera.db');
  }
  return {
    /** Where the database file is (its folder made now), for a test that makes the file itself. */
    path: filePath,
    open(): DatabaseHandle & { file: string } {
      const file = filePath();
      handle = openSqlite(file);
      return { ...handle, file };
    },
  };
}
