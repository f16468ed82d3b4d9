import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from './sqlite-driver.mjs';
import { afterEach, describe, expect, it } from 'vitest';
import { backupFileName, backupSqlite, backupTarget } from './sqlite-backup.ts';

const now = new Date('2026-11-26T02:41:07.123Z');
const folders = new Set(['/srv/karera/backups', '/mnt/offsite']);
const options = {
  dataDir: '/srv/karera/data',
  baseDir: '/srv/karera',
  now,
  isDirectory: (p: string) => folders.has(p),
};

describe('backup destination (npm run backup [-- <file or folder>])', () => {
  it('names a copy by the time it was taken, in a form every file system takes', () => {
    expect(backupFileName(now)).toBe('karera-2026-11-26T02-41-07.123Z.db');
  });

  it('goes to the data folder’s backups folder when given no path', () => {
    expect(backupTarget([], options)).toEqual({
      ok: true,
      file: '/srv/karera/data/backups/karera-2026-11-26T02-41-07.123Z.db',
    });
  });

  it('puts a new file in a folder it is given, one that exists or a path ending in a slash', () => {
    expect(backupTarget(['/mnt/offsite'], options)).toEqual({
      ok: true,
      file: '/mnt/offsite/karera-2026-11-26T02-41-07.123Z.db',
    });
    expect(backupTarget(['backups'], options)).toEqual({
      ok: true,
      file: '/srv/karera/backups/karera-2026-11-26T02-41-07.123Z.db',
    });
    expect(backupTarget(['nightly/'], options)).toEqual({
      ok: true,
      file: '/srv/karera/nightly/karera-2026-11-26T02-41-07.123Z.db',
    });
  });

  it('takes any other path as the file itself, relative to where the command was started', () => {
    expect(backupTarget(['/mnt/offsite/before-race-day.db'], options)).toEqual({
      ok: true,
      file: '/mnt/offsite/before-race-day.db',
    });
    expect(backupTarget(['copy.db'], options)).toEqual({ ok: true, file: '/srv/karera/copy.db' });
  });

  it('refuses two destinations, an empty one, and an option it does not know', () => {
    expect(backupTarget(['a.db', 'b.db'], options)).toEqual({
      ok: false,
      problem: 'Give at most one destination: a file or a folder.',
    });
    expect(backupTarget([''], options).ok).toBe(false);
    expect(backupTarget(['--force'], options)).toEqual({
      ok: false,
      problem: 'Not a destination: "--force". Give a file or a folder.',
    });
  });
});

describe('backupSqlite', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  function folder(): string {
    dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'karera-backup-'));
    return dir;
  }
  function databaseWith(rows: number): string {
    const file = path.join(folder(), 'karera.db');
    const database = new SQLite(file);
    database.pragma('journal_mode = WAL');
    database.exec('create table kept (id integer primary key, note text not null)');
    const insert = database.prepare('insert into kept (note) values (?)');
    for (let i = 0; i < rows; i += 1) insert.run(`row ${i}`);
    database.close();
    return file;
  }

  it('copies the database whole, into folders it makes, and never over an existing file', async () => {
    const source = databaseWith(500);
    const destination = path.join(folder(), 'backups', 'nested', 'copy.db');
    const copy = await backupSqlite(source, destination);
    expect(copy.file).toBe(destination);
    expect(copy.bytes).toBe(fs.statSync(destination).size);
    // One whole file: no partial copy or log left beside it.
    expect(fs.readdirSync(path.dirname(destination))).toEqual(['copy.db']);
    const restored = new SQLite(destination, { readonly: true });
    expect(restored.prepare('select count(*) as n from kept').get()).toEqual({ n: 500 });
    restored.close();

    await expect(backupSqlite(source, destination)).rejects.toThrow('exists already');
  });

  it('says so when there is no database to copy', async () => {
    await expect(backupSqlite(path.join(folder(), 'none.db'), path.join(folder(), 'copy.db'))).rejects.toThrow(
      'No database at',
    );
    expect(fs.existsSync(path.join(folder(), 'copy.db'))).toBe(false);
  });
});
