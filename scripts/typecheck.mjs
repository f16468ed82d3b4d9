// npm run typecheck: every TypeScript project checked by TypeScript 7's native compiler (decision 059).
import { createRequire } from 'node:module';
import path from 'node:path';
import { run } from './lib.mjs';

/** Each has its own libraries and types: the server's Node, the web app's DOM, the end-to-end tests' both. */
const PROJECTS = ['packages/shared', 'apps/server', 'apps/web', 'e2e'];

// Installed as `typescript-native` beside TypeScript 5.9, which typescript-eslint still needs for its parser:
// both packages name their program `tsc`, so it is run from its own package, never from node_modules/.bin.
const require = createRequire(import.meta.url);
const tsc = path.join(path.dirname(require.resolve('typescript-native/package.json')), 'bin', 'tsc');

for (const project of PROJECTS) {
  // One checker: the suite runs this beside the linter on two cores, where more checkers only add CPU.
  const code = await run(process.execPath, [tsc, '-p', project, '--checkers', '1']);
  if (code !== 0) process.exit(code);
}
