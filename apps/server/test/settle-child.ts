/*
 * A server process that confirms a race's result and settles it, for the crash test to kill -9 part way.
 * argv: <data dir> <race id>
 */
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { confirmResult } from '../src/modules/tote/settlement.service.ts';

const [dataDir, raceId] = process.argv.slice(2);
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    DEMO: '0',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir ?? '',
    ADMIN_PASSWORD: 'crash-admin-pass',
  }),
);
process.send?.({ type: 'ready' });
await confirmResult(app, { type: 'system', id: null }, Number(raceId), {
  finish: [[1, 2, 3], [4], [5]],
});
process.send?.({ type: 'settled' });
await app.close();
