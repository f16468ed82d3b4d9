// An entry for built-module.test.ts run by start.mjs: a built process building a thread's module, as the server
// builds the bet placement thread's. Prints what the thread answers.
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { builtModule } from '../built-module.mjs';

const worker = new Worker(await builtModule(new URL('./entry.ts', import.meta.url)), { execArgv: [] });
const [answer] = (await once(worker, 'message')) as [unknown];
await worker.terminate();
process.stdout.write(`${JSON.stringify(answer)}\n`);
