import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { once } from 'node:events';
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BET_TYPES } from '@karera/shared';
import os from 'node:os';
import { builtModule, privateFolder } from './built-module.mjs';

const ENTRY = new URL('./built-module-fixture/entry.ts', import.meta.url);
const LOCATION_FILE = fileURLToPath(new URL('./built-module-fixture/location.ts', import.meta.url));
/** What the fixture entry answers. Its import.meta is the source file's own, not the built module's. */
const FIXTURE_ANSWER = {
  location: { url: pathToFileURL(LOCATION_FILE).href, dirname: path.dirname(LOCATION_FILE), filename: LOCATION_FILE },
  parsed: { amount: 100 },
  betTypes: BET_TYPES.length,
};

describe('built modules', () => {
  it('builds a TypeScript entry into one plain module a thread loads without a TypeScript loader', async () => {
    const module = await builtModule(ENTRY);
    expect(module.protocol).toBe('file:');
    expect(path.basename(module.pathname)).toMatch(/^entry-[0-9a-f]{16}\.mjs$/);

    // No --import tsx or any other loader in the thread: the module is plain JavaScript.
    const worker = new Worker(module, { execArgv: [] });
    const [answer] = (await once(worker, 'message')) as [Record<string, unknown>];
    await worker.terminate();
    expect(fs.existsSync(`${fileURLToPath(module)}.map`)).toBe(true);
    expect(answer).toEqual(FIXTURE_ANSWER);
  });

  it('keeps packages as imports of their installed files and builds the workspace packages in', async () => {
    const source = fs.readFileSync(await builtModule(ENTRY), 'utf8');
    const imports = [...source.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imports).toContain('node:worker_threads');
    const zod = imports.find((specifier) => specifier?.includes('/node_modules/zod/'));
    expect(zod).toMatch(/^file:\/\//);
    expect(imports.some((specifier) => specifier?.includes('@karera') || specifier?.includes('packages/shared'))).toBe(
      false,
    );
  });

  it('builds an entry once per process and names the file by its content', async () => {
    const [first, second] = await Promise.all([builtModule(ENTRY), builtModule(ENTRY)]);
    expect(second.href).toBe(first.href);
    const again = await builtModule(ENTRY);
    expect(again.href).toBe(first.href);
  });

  it('fails for an entry that does not build, and tries again at the next call', async () => {
    const missing = new URL('./built-module-fixture/missing-entry.ts', import.meta.url);
    await expect(builtModule(missing)).rejects.toThrow();
    await expect(builtModule(missing)).rejects.toThrow();
  });

  it('starts an entry through start.mjs as the process’s own script, its failures told at the source’s lines', async () => {
    const launcher = fileURLToPath(new URL('../../start.mjs', import.meta.url));
    const entry = fileURLToPath(new URL('./built-module-fixture/fails.ts', import.meta.url));
    const ended = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, [launcher, entry, 'one', 'two'], (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
      child.stdin?.end();
    });
    expect(ended.code).not.toBe(0);
    expect(JSON.parse(ended.stdout.trim())).toEqual({ argv: [entry, 'one', 'two'] });
    expect(ended.stderr).toContain('failed on purpose');
    // The throw is on line 5 of the source.
    expect(ended.stderr).toContain(`${entry}:5:`);
  });

  it('builds a thread’s module from inside a built process just as from the source', async () => {
    const launcher = fileURLToPath(new URL('../../start.mjs', import.meta.url));
    const entry = fileURLToPath(new URL('./built-module-fixture/builds-a-thread.ts', import.meta.url));
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [launcher, entry], (error, out) => (error ? reject(error) : resolve(out))),
    );
    expect(JSON.parse(stdout.trim())).toEqual(FIXTURE_ANSWER);
  });

  it('keeps built modules only in a folder of this user’s alone, and uses a file found there only if it is the build', async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'built-module-test-'));
    try {
      // Made where it is missing, for this user alone.
      const made = privateFolder(path.join(base, 'mine'));
      expect(fs.statSync(made).mode & 0o777).toBe(0o700);
      // A folder others may write, as anyone could make in /tmp before the server: refused.
      const open = path.join(base, 'open');
      fs.mkdirSync(open, { mode: 0o777 });
      fs.chmodSync(open, 0o777);
      expect(() => privateFolder(open)).toThrow(/mode 700/);
      // A link to a folder, however private the folder: refused.
      fs.symlinkSync(made, path.join(base, 'link'));
      expect(() => privateFolder(path.join(base, 'link'))).toThrow(/mode 700/);
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }

    // A file planted under the build's name is replaced by the build before it runs.
    const module = fileURLToPath(await builtModule(ENTRY));
    fs.writeFileSync(module, 'throw new Error("planted");');
    // The same entry under another address: built again, as a new process would.
    const again = fileURLToPath(await builtModule(new URL(`${ENTRY.href}?again`)));
    expect(again).toBe(module);
    expect(fs.readFileSync(again, 'utf8')).not.toContain('planted');
  });
});
