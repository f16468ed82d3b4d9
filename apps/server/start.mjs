// Starts a TypeScript entry of the server built into one module (decision 060):
//   node apps/server/start.mjs apps/server/src/server.ts [arguments...]
// The entry sees itself as the process's script: process.argv is [node, entry, arguments...].
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtModule } from './src/lib/built-module.mjs';

const [entry, ...rest] = process.argv.slice(2);
if (!entry) {
  process.stderr.write('usage: node start.mjs <entry.ts> [arguments...]\n');
  process.exit(2);
}
const entryFile = path.resolve(entry);
process.argv = [process.argv[0] ?? process.execPath, entryFile, ...rest];
// Stack traces name the TypeScript sources' lines, as they did under tsx.
process.setSourceMapsEnabled(true);
await import((await builtModule(pathToFileURL(entryFile))).href);
