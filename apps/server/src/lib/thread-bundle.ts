import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

/**
 * A worker thread's TypeScript entry and the project's modules it imports, built into one plain module
 * (decision 060). A worker does not inherit the TypeScript loader its process runs under: loaded through tsx,
 * registered again in the thread, the placement thread's few hundred modules cost about 1.7 s of CPU at every
 * start, and the API suites start it for about fifty of their test apps. Built once per process and entry, the
 * thread then loads one file: packages stay outside it and load as they would from the source.
 */
const built = new Map<string, Promise<URL>>();

export function threadModule(entry: URL): Promise<URL> {
  let module = built.get(entry.href);
  if (!module) {
    module = buildThreadModule(fileURLToPath(entry));
    // A failed build is not kept: the next thread start tries again.
    module.catch(() => built.delete(entry.href));
    built.set(entry.href, module);
  }
  return module;
}

/** Where built thread modules are kept, named by their content, so processes sharing the folder share them. */
const OUTPUT_DIR = path.join(os.tmpdir(), 'karera-threads');

async function buildThreadModule(entryFile: string): Promise<URL> {
  // Loaded when a thread first starts: a process that starts none (on PostgreSQL) never loads the builder.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entryFile],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    plugins: [packagesByFileUrl, moduleOwnLocation],
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`Building the thread module ${entryFile} produced no file.`);
  const hash = createHash('sha256').update(output.contents).digest('hex').slice(0, 16);
  const file = path.join(OUTPUT_DIR, `${path.basename(entryFile, path.extname(entryFile))}-${hash}.mjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    // Written whole under a name of its own, then renamed: a process reading the name never sees half a file.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    fs.writeFileSync(partial, output.contents);
    fs.renameSync(partial, file);
  }
  return pathToFileURL(file);
}

/** The workspace's own packages are TypeScript source and are built in; every other package stays a package. */
const WORKSPACE_PACKAGE = /^@karera\//;

/**
 * A package import, resolved where the importing file is and kept as an import of that file's URL: the built
 * module lives in a temporary folder, from which no node_modules could be found.
 */
const packagesByFileUrl: Plugin = {
  name: 'packages-by-file-url',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving' || WORKSPACE_PACKAGE.test(args.path)) return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const resolved = await pluginBuild.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      // Node's own modules imported without their prefix.
      if (resolved.external) return { path: args.path, external: true };
      return { path: pathToFileURL(resolved.path).href, external: true };
    });
  },
};

/**
 * Each module's `import.meta.url`, `dirname` and `filename` stay those of its source file, not of the built
 * module: the paths they lead to (the checkpoint thread's entry, fonts, the web app's build) are beside the source.
 */
const moduleOwnLocation: Plugin = {
  name: 'module-own-location',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.(?:ts|tsx|mts|mjs|js)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      const loader = /\.tsx$/.test(args.path) ? 'tsx' : /\.m?ts$/.test(args.path) ? 'ts' : 'js';
      return { contents, loader };
    });
  },
};
