import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The server's module walls are lint rules (eslint.config.js): these plant the imports they forbid in
 * real files of the tree and check that lint refuses them, so a rule that silently stops matching fails here.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const modules = path.join(root, 'apps/server/src/modules');
const planted: string[] = [];

function plant(dir: string, name: string, source: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, source);
  planted.push(file);
  return file;
}

async function ruleIdsOf(file: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: root }).lintFiles([file]);
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

afterAll(() => {
  for (const file of planted) rmSync(file, { force: true, recursive: true });
});

describe('server module walls', () => {
  it("refuses a module reaching into another module's file, and accepts the same import through its index", async () => {
    const stamp = `${process.pid}-${Date.now()}`;
    const intruder = plant(
      path.join(modules, 'betting'),
      `planted-intruder-${stamp}.ts`,
      "import { recordTransaction } from '../wallet/ledger.ts';\nexport const planted = recordTransaction;\n",
    );
    expect(await ruleIdsOf(intruder)).toContain('import-x/no-restricted-paths');

    const polite = plant(
      path.join(modules, 'betting'),
      `planted-polite-${stamp}.ts`,
      "import { recordTransaction } from '../wallet/index.ts';\nexport const planted = recordTransaction;\n",
    );
    expect(await ruleIdsOf(polite)).toEqual([]);
  }, 120_000);

  it('refuses lib/ importing a module', async () => {
    const stamp = `${process.pid}-${Date.now()}`;
    const upward = plant(
      path.join(root, 'apps/server/src/lib'),
      `planted-upward-${stamp}.ts`,
      "import { recordTransaction } from '../modules/wallet/index.ts';\nexport const planted = recordTransaction;\n",
    );
    expect(await ruleIdsOf(upward)).toContain('import-x/no-restricted-paths');
  }, 120_000);

  it('refuses an import cycle between two modules', async () => {
    const stamp = `${process.pid}-${Date.now()}`;
    // Two files in a fresh folder that import each other: the cycle rule sees it whatever the zones say.
    const dir = mkdtempSync(path.join(modules, 'audit', 'planted-cycle-'));
    planted.push(dir);
    plant(dir, `a-${stamp}.ts`, `import { b } from './b-${stamp}.ts';\nexport const a = () => b;\n`);
    const b = plant(dir, `b-${stamp}.ts`, `import { a } from './a-${stamp}.ts';\nexport const b = () => a;\n`);
    expect(await ruleIdsOf(b)).toContain('import-x/no-cycle');
  }, 120_000);
});
