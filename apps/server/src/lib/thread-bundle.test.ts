import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { BET_TYPES } from '@karera/shared';
import { threadModule } from './thread-bundle.ts';

const ENTRY = new URL('./thread-bundle-fixture/entry.ts', import.meta.url);
const LOCATION_FILE = fileURLToPath(new URL('./thread-bundle-fixture/location.ts', import.meta.url));

describe('thread modules', () => {
  it('builds a TypeScript entry into one plain module a worker loads without a TypeScript loader', async () => {
    const module = await threadModule(ENTRY);
    expect(module.protocol).toBe('file:');
    expect(path.basename(module.pathname)).toMatch(/^entry-[0-9a-f]{16}\.mjs$/);

    // No --import tsx or any other loader in the thread: the module is plain JavaScript.
    const worker = new Worker(module, { execArgv: [] });
    const [answer] = (await once(worker, 'message')) as [Record<string, unknown>];
    await worker.terminate();
    expect(answer).toEqual({
      // import.meta is the source file's own, not the built module's: paths beside the source still resolve.
      location: {
        url: pathToFileURL(LOCATION_FILE).href,
        dirname: path.dirname(LOCATION_FILE),
        filename: LOCATION_FILE,
      },
      parsed: { amount: 100 },
      betTypes: BET_TYPES.length,
    });
  });

  it('keeps packages as imports of their installed files and builds the workspace packages in', async () => {
    const source = fs.readFileSync(await threadModule(ENTRY), 'utf8');
    const imports = [...source.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imports).toContain('node:worker_threads');
    const zod = imports.find((specifier) => specifier?.includes('/node_modules/zod/'));
    expect(zod).toMatch(/^file:\/\//);
    expect(imports.some((specifier) => specifier?.includes('@karera') || specifier?.includes('packages/shared'))).toBe(
      false,
    );
  });

  it('builds an entry once per process and names the file by its content', async () => {
    const [first, second] = await Promise.all([threadModule(ENTRY), threadModule(ENTRY)]);
    expect(second.href).toBe(first.href);
    const again = await threadModule(ENTRY);
    expect(again.href).toBe(first.href);
  });

  it('fails the start of a thread whose entry does not build, and tries again at the next', async () => {
    const missing = new URL('./thread-bundle-fixture/missing-entry.ts', import.meta.url);
    await expect(threadModule(missing)).rejects.toThrow();
    await expect(threadModule(missing)).rejects.toThrow();
  });
});
