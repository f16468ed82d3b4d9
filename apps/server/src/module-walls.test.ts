import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** Which modules each module's code imports (type-only imports too: they tie the modules as much). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of readdirSync(modules, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const uses = new Set<string>();
    const files = readdirSync(path.join(modules, module.name), { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((name) => name.endsWith('.ts') && !name.includes('.test.'))) {
      const source = readFileSync(path.join(modules, module.name, file), 'utf8');
      for (const [, used] of source.matchAll(/from '(?:\.\.\/)+modules\/([\w-]+)\/|from '\.\.\/([\w-]+)\//g)) {
        if (used && used !== module.name) uses.add(used);
      }
      for (const [, , used] of source.matchAll(/from '(\.\.\/)+([\w-]+)\/index\.ts'/g)) {
        if (used && used !== module.name) uses.add(used);
      }
    }
    graph.set(module.name, uses);
  }
  return graph;
}

/** A cycle of modules as a path (first = last), or null. */
function cycleIn(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (module: string): string[] | null => {
    if (state.get(module) === 'done') return null;
    if (state.get(module) === 'open') return [...trail.slice(trail.indexOf(module)), module];
    state.set(module, 'open');
    trail.push(module);
    for (const used of graph.get(module) ?? []) {
      const cycle = visit(used);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(module, 'done');
    return null;
  };
  for (const module of graph.keys()) {
    const cycle = visit(module);
    if (cycle) return cycle;
  }
  return null;
}

describe('server modules', () => {
  it('import each other without a cycle, type-only imports included', () => {
    const graph = moduleGraph();
    expect(graph.get('tote')).toContain('wallet');
    expect(cycleIn(graph)).toBeNull();
    // The check finds a cycle when there is one.
    const planted = new Map(graph);
    planted.set('wallet', new Set([...(graph.get('wallet') ?? []), 'tote']));
    expect(cycleIn(planted)).toEqual(expect.arrayContaining(['tote', 'wallet']));
  });
});
