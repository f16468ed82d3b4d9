import fs from 'node:fs';
import path from 'node:path';
import SQLite from './sqlite-driver.mjs';

/** Where `npm run backup` puts a copy when it is given no path: beside the database, one file per run. */
export const BACKUP_FOLDER = 'backups';

/** karera-2026-11-26T02-41-07.123Z.db: sorts by time, no characters a file system refuses. */
export function backupFileName(now: Date): string {
  return `karera-${now.toISOString().replaceAll(':', '-')}.db`;
}

export type BackupTarget = { ok: true; file: string } | { ok: false; problem: string };

/**
 * The file a backup goes to. No argument: a new file under `<data dir>/backups`. A folder (one that exists,
 * or a path ending in a separator): a new file in it. Anything else is the file itself, which must not
 * exist yet: a backup never overwrites an earlier one. Relative paths are taken from `baseDir`, the
 * directory the command was started in (npm runs workspace scripts elsewhere).
 */
export function backupTarget(
  args: readonly string[],
  {
    dataDir,
    baseDir,
    now,
    isDirectory,
  }: { dataDir: string; baseDir: string; now: Date; isDirectory(p: string): boolean },
): BackupTarget {
  if (args.length > 1) return { ok: false, problem: 'Give at most one destination: a file or a folder.' };
  const [argument] = args;
  if (argument === undefined) return { ok: true, file: path.join(dataDir, BACKUP_FOLDER, backupFileName(now)) };
  if (argument.trim() === '' || argument.startsWith('-')) {
    return { ok: false, problem: `Not a destination: "${argument}". Give a file or a folder.` };
  }
  const resolved = path.resolve(baseDir, argument);
  if (/[\\/]$/.test(argument) || isDirectory(resolved)) {
    return { ok: true, file: path.join(resolved, backupFileName(now)) };
  }
  return { ok: true, file: resolved };
}

export interface BackupResult {
  file: string;
  pages: number;
  bytes: number;
}

/** Pages for SQLite's backup step to copy in one go: all of them (better-sqlite3 takes no negative count). */
const EVERY_PAGE = 0x7fffffff;

/**
 * Copies a live SQLite database to `destination` with SQLite's online backup, while the server keeps
 * writing. The pages are copied in one step, inside one read transaction of the source: the copy is the
 * database as of one commit (in WAL mode the readers never block the writers, so bets go on meanwhile).
 * Copied in small steps, any commit by another connection between two steps starts the copy over, and
 * under a steady rush of bets it might never finish. The copy is written under a temporary name,
 * checked (`quick_check`) and only then renamed, so a file under the final name is always whole.
 */
export async function backupSqlite(source: string, destination: string): Promise<BackupResult> {
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}.`);
  if (fs.existsSync(destination)) throw new Error(`${destination} exists already; a backup never overwrites a file.`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.partial`;
  fs.rmSync(partial, { force: true });
  // Not read-only: a read-only connection cannot open a WAL database whose server is stopped (no -shm file).
  const database = new SQLite(source, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    const { totalPages } = await database.backup(partial, { progress: () => EVERY_PAGE });
    const copy = new SQLite(partial);
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`The copy failed its check: ${String(check)}`);
    } finally {
      copy.close();
    }
    fs.renameSync(partial, destination);
    syncDirectory(path.dirname(destination));
    return { file: destination, pages: totalPages, bytes: fs.statSync(destination).size };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    database.close();
  }
}

/** The rename is on the disk only once its folder is: a power cut right after could otherwise lose the name. */
function syncDirectory(directory: string): void {
  const handle = fs.openSync(directory, 'r');
  try {
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
}
