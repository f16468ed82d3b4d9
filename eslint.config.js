import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = import.meta.dirname;

/** The sub-folders of a folder, read when the linter starts, so that a new feature is covered at once. */
function foldersOf(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * Module boundaries (docs/product/README.md#code-layout). A feature of the player site or of the back office never
 * imports another feature nor its app shell, and the shared code below them never imports them: shared pieces
 * move down into components/, lib/ or packages/shared. packages/shared never imports an app.
 */
function featureZones(base) {
  const features = `${base}/features`;
  return [
    ...foldersOf(features).map((feature) => ({
      target: `${features}/${feature}`,
      from: features,
      except: [`./${feature}`],
      message: 'A feature never imports another feature: move the shared piece down into components/ or lib/.',
    })),
    {
      target: features,
      from: `${base}/app`,
      message: 'The app shell imports features, never the reverse: move the shared piece down into lib/.',
    },
    {
      target: [`${base}/components`, `${base}/lib`],
      from: [features, `${base}/app`],
      message: 'Shared code sits below the features and the app shell: it never imports them.',
    },
  ];
}

/**
 * The server's modules (apps/server/src/modules/<name>) have walls: another module, the app that composes
 * them and the server's own tests reach a module only through its index.ts. db/, lib/ and plugins/ sit
 * below every module and never import one.
 */
function serverModuleZones(src) {
  const modules = foldersOf(`${src}/modules`);
  return [
    ...modules.map((module) => ({
      target: [
        ...modules.filter((other) => other !== module).map((other) => `${src}/modules/${other}`),
        `${src}/*.ts`,
        `${src}/cli`,
      ],
      from: `${src}/modules/${module}`,
      except: ['./index.ts'],
      message: `Another module reaches ${module} only through modules/${module}/index.ts: export what is needed there.`,
    })),
    {
      target: [`${src}/db`, `${src}/lib`, `${src}/plugins`],
      from: `${src}/modules`,
      message:
        'db/, lib/ and plugins/ sit below the modules and never import one: move the piece down, or into a module.',
    },
  ];
}

const boundaryZones = [
  ...serverModuleZones('apps/server/src'),
  ...featureZones('apps/web/src'),
  ...featureZones('apps/web/src/backoffice'),
  {
    target: 'apps/web/src/features',
    from: 'apps/web/src/backoffice',
    message: 'The player site never imports the back office.',
  },
  {
    target: 'apps/web/src/backoffice/features',
    from: 'apps/web/src/features',
    message: 'The back office never imports a player-site feature.',
  },
  {
    target: 'packages/shared',
    from: 'apps',
    message: 'packages/shared is pure shared code: it never imports an app.',
  },
  {
    target: 'apps/web',
    from: 'apps/server',
    message: 'The web app never imports the server: what both need lives in packages/shared.',
  },
  {
    target: 'apps/server',
    from: 'apps/web',
    message: 'The server never imports the web app: what both need lives in packages/shared.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin reads only .js files when it follows imports, and no-cycle sees nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Node's own resolution: every relative import names its file, extension included, and @karera/shared
      // resolves through its package.json exports. A TypeScript-aware resolver found the same files in a
      // third more of the two rules' time. no-unresolved below keeps it so: an import Node cannot resolve
      // (a file named without its extension) would be invisible to the boundary and cycle rules.
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      // No import cycle anywhere. The rule skips type-only imports by itself: they are erased at build time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The rules above see only the imports the resolver finds: none may escape it.
      'import-x/no-unresolved': 'error',
    },
  },
  {
    // The test suites share one module graph per worker (vitest.config.ts): a module replaced or reloaded
    // there would stay so for the files after it, or not be replaced at all. Files that do it are named for it.
    files: ['**/*.test.{ts,tsx}'],
    ignores: ['**/*.mocking.test.{ts,tsx}', '**/*.mocking.api.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock|resetModules)$/]",
          message:
            'A test that replaces or reloads a module is named *.mocking.test.ts (*.mocking.api.test.ts), to run with modules of its own.',
        },
      ],
    },
  },
  {
    // A failed end-to-end test prints what its page said (e2e/test.ts); a spec taking Playwright's own test
    // would fail silent.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@playwright/test', message: "Import from './test.ts': its page logs what a failed test needs." },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
