import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { installProcessGuard } from './lib/process-guard.ts';
import { lowerPasswordHashCost } from './lib/passwords.ts';

const config = loadConfig();
if (config.weakPasswordHashing) lowerPasswordHashCost();
const app = await buildApp(config);
// From here on no request can end the process: a stray rejection or throw is logged and serving goes on.
installProcessGuard(app.log);
if (config.weakPasswordHashing)
  app.log.warn('TEST_SERVER_WEAK_PASSWORD_HASHING: new passwords are hashed at a low cost; a test server only');

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let the ones in flight finish, close the database.
  const forced = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000);
  forced.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
// The first bet of the day should not wait for the placement thread to start. If it cannot start now,
// the server still serves everything else and the next bet tries again.
await app.betPlacement
  .warmUp()
  .catch((error: unknown) => app.log.error({ err: error }, 'bet placement thread did not start'));

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
// The port bound (PORT=0 asks the system for a free one).
const bound = app.server.address();
const port = typeof bound === 'object' && bound !== null ? bound.port : config.port;
// The end of start-up: the addresses and the first-start accounts come last, below every start-up log line.
const lines = [
  `Karera is running on http://${shownHost}:${port}`,
  `  Back office: http://${shownHost}:${port}/backoffice   API docs: http://${shownHost}:${port}/api/docs`,
  `  Database: ${config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)'}${config.demo ? '   Demo mode: on' : ''}`,
  ...app.startupNotes.map((note) => `  ${note}`),
];
process.stdout.write(`\n${lines.join('\n')}\n\n`);
