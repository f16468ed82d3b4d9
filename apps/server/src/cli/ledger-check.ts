/* npm run ledger:check: verifies the ledger of the configured database; exits 1 on any breach. */
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/connection.ts';
import { checkLedger } from '../modules/wallet/index.ts';

const config = loadConfig();
const database = createDatabase(config.database);
try {
  const breaches = await checkLedger(database.db);
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
  if (breaches.length === 0) {
    process.stdout.write(`ledger:check ${where}: all invariants hold\n`);
  } else {
    process.stderr.write(`ledger:check ${where}: ${breaches.length} breach(es)\n`);
    for (const breach of breaches) process.stderr.write(`  [${breach.rule}] ${breach.detail}\n`);
    process.exitCode = 1;
  }
} catch (error) {
  process.stderr.write(`ledger:check failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
} finally {
  await database.close();
}
