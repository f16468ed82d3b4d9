/*
 * The real server as a process of its own on a test's SQLite database, for tests that kill it with
 * SIGKILL: it listens on a free loopback port and tells the parent which (IPC), then serves until killed
 * or asked to stop. argv: <data dir>
 */
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { TEST_ADMIN } from './test-app.ts';

const [dataDir] = process.argv.slice(2);
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    DEMO: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir ?? '',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    WEB_DIST_DIR: `${dataDir ?? ''}/no-web-build`,
  }),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', (message: { type?: string }) => {
  if (message.type !== 'stop') return;
  void app.close().finally(() => process.exit(0));
});
