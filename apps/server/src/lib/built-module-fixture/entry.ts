// A thread entry for built-module.test.ts: a module of the project, a workspace package and an npm package.
import { parentPort } from 'node:worker_threads';
import { z } from 'zod';
import { BET_TYPES } from '@karera/shared';
import { location } from './location.ts';

export const answer = {
  location,
  parsed: z.object({ amount: z.number().int() }).strict().parse({ amount: 100 }),
  betTypes: BET_TYPES.length,
};

parentPort?.postMessage(answer);
