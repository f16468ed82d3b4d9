// Plain JavaScript, so that the server's launcher (start.mjs) loads it without a TypeScript loader.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * A TypeScript entry of the server and the project's modules it imports, built into one plain module (decision
 * 060): the server's process (start.mjs) and the bet placement thread start on it. Loaded through tsx, the
 * server's few hundred modules cost about 3.6 s of CPU at every start of a process, and 1.7 s at every start of
 * the placement thread, which does not inherit its process's loader. Built once per process and entry, a start
 * loads one file: packages stay outside it and load as they would from the source.
 * @type {Map<string, Promise<URL>>}
 */
const built = new Map();

/** @param {URL} entry @returns {Promise<URL>} */
export function builtModule(entry) {
  let module = built.get(entry.href);
  if (!module) {
    module = buildModule(fileURLToPath(entry));
    // A failed build is not kept: the next start tries again.
    module.catch(() => built.delete(entry.href));
    built.set(entry.href, module);
  }
  return module;
}

/**
 * Where built modules are kept: a folder of the temporary one that only this user may write, since what is in it
 * runs as the server. Checked, not assumed: anyone may make a folder of that name in /tmp first.
 * @param {string} [dir]
 * @returns {string}
 */
export function privateFolder(dir = path.join(os.tmpdir(), `karera-modules-${process.getuid?.() ?? 'user'}`)) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o077) !== 0) {
    throw new Error(
      `${dir} must be a folder of this user's alone (mode 700): built modules are not kept where others may write.`,
    );
  }
  return dir;
}

/** @param {string} entryFile @returns {Promise<URL>} */
async function buildModule(entryFile) {
  // Loaded when a module is first built: a process that builds none never loads the builder.
  const { build } = await import('esbuild');
  const name = path.basename(entryFile, path.extname(entryFile));
  const folder = privateFolder();
  const result = await build({
    entryPoints: [entryFile],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    // Stack traces name the source's files and lines, as they did under tsx (start.mjs turns source maps on).
    sourcemap: 'linked',
    sourcesContent: false,
    outfile: path.join(folder, `${name}.mjs`),
    plugins: [packagesByFileUrl, moduleOwnLocation],
  });
  const code = result.outputFiles.find((file) => file.path.endsWith('.mjs'));
  const map = result.outputFiles.find((file) => file.path.endsWith('.mjs.map'));
  if (!code || !map) throw new Error(`Building ${entryFile} produced no module.`);
  const hash = createHash('sha256').update(code.contents).update(map.contents).digest('hex').slice(0, 16);
  const file = path.join(folder, `${name}-${hash}.mjs`);
  const text = Buffer.from(
    code.text.replace(/\/\/# sourceMappingURL=.*\s*$/, `//# sourceMappingURL=${path.basename(file)}.map\n`),
  );
  // Each written whole under a name of its own, then renamed, the map first: a process that finds the module's
  // name never reads half a file. A file already there (another process's build) is used only if it is this one.
  writeUnlessSame(`${file}.map`, Buffer.from(map.contents));
  writeUnlessSame(file, text);
  return pathToFileURL(file);
}

/** @param {string} file @param {Buffer} contents */
function writeUnlessSame(file, contents) {
  if (fs.existsSync(file) && fs.readFileSync(file).equals(contents)) return;
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  fs.writeFileSync(partial, contents, { mode: 0o600 });
  fs.renameSync(partial, file);
}

/** The workspace's own packages are TypeScript source and are built in; every other package stays a package. */
const WORKSPACE_PACKAGE = /^@karera\//;

/**
 * A package import, resolved where the importing file is and kept as an import of that file's URL: the built
 * module lives in a temporary folder, from which no node_modules could be found.
 * @type {import('esbuild').Plugin}
 */
const packagesByFileUrl = {
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
 * The module's own location as the module reads it. A pattern, not the plain words: this file is built into the
 * server's module too, and the words themselves would be replaced in it.
 */
const OWN_LOCATION = /\bimport\.meta\.(url|dirname|filename)\b/g;

/**
 * Each module's `import.meta.url`, `dirname` and `filename` stay those of its source file, not of the built
 * module: the paths they lead to (the checkpoint thread's entry, fonts, the web app's build) are beside the source.
 * @type {import('esbuild').Plugin}
 */
const moduleOwnLocation = {
  name: 'module-own-location',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.(?:ts|tsx|mts|mjs|js)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      const own = {
        url: pathToFileURL(args.path).href,
        dirname: path.dirname(args.path),
        filename: args.path,
      };
      const contents = source.replace(OWN_LOCATION, (_, key) => JSON.stringify(own[key]));
      const loader = /\.tsx$/.test(args.path) ? 'tsx' : /\.m?ts$/.test(args.path) ? 'ts' : 'js';
      return { contents, loader };
    });
  },
};
