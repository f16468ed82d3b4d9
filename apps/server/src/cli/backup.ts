/*
 * npm run backup [-- <file or folder>]: a consistent copy of the SQLite database, taken while the server
 * runs (SQLite's online backup). Without a path it goes to <DATA_DIR>/backups/karera-<time>.db. Prints
 * where the copy is; exits 1 when it cannot make one. PostgreSQL is backed up with its own tools.
 */
import fs from 'node:fs';
import { loadConfig } from '../config.ts';
import { backupSqlite, backupTarget } from '../db/sqlite-backup.ts';

const USAGE = 'Usage: npm run backup [-- <file or folder>]';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    process.stderr.write(
      'backup: DATABASE_URL is set, so the data is in PostgreSQL: back it up with pg_dump -Fc (or continuous ' +
        'archiving for point-in-time recovery), as the README says under "Backups and restore".\n',
    );
    return 1;
  }
  const target = backupTarget(args, {
    dataDir: config.dataDir,
    baseDir: process.env.INIT_CWD ?? process.cwd(),
    now: new Date(),
    isDirectory: (p) => fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false,
  });
  if (!target.ok) {
    process.stderr.write(`backup: ${target.problem}\n${USAGE}\n`);
    return 1;
  }
  const started = performance.now();
  const copy = await backupSqlite(config.database.file, target.file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const megabytes = (copy.bytes / 1_000_000).toFixed(1);
  process.stdout.write(`backup: ${config.database.file} copied to ${copy.file} (${megabytes} MB, ${seconds} s)\n`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  process.stderr.write(`backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
