import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type * as StaticLandingModule from './src/features/landing/staticLanding.tsx';

// react-router's package exports name only its development build (dev warnings and checks); a production
// bundle takes the production build it ships beside it.
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router')).replace(
  '/development/',
  '/production/',
);

// The app's zod is ./src/lib/zodJitless.ts: zod set jitless before any schema is built (that module says why).
const zodJitless = fileURLToPath(new URL('./src/lib/zodJitless.ts', import.meta.url));
// React 19 has useSyncExternalStore: react-i18next's shim for older React is not shipped (that module says so).
const syncExternalStoreShim = fileURLToPath(new URL('./src/lib/useSyncExternalStoreShim.ts', import.meta.url));

/**
 * The landing's first screen in index.html, before any script (src/features/landing/staticLanding.tsx):
 * the prerendered header logo and hero in the root element, their inline CSS, and the script that marks
 * the document when they may show. That script blocks the first paint, so it is small, and a file of its
 * own (the site's Content-Security-Policy runs no inline script), hashed so browsers keep it for good.
 */
function staticLanding(): Plugin {
  let built: Promise<{ markup: string; css: string; script: string; scriptFile: string }> | undefined;
  // Loaded through Vite's module runner: the module and the texts it renders import TypeScript packages.
  const build = async () => {
    const { module } = await runnerImport<typeof StaticLandingModule>(
      fileURLToPath(new URL('./src/features/landing/staticLanding.tsx', import.meta.url)),
      { configFile: false, logLevel: 'warn' },
    );
    const script = `(${module.markStaticLanding.toString()})(window);\n`;
    const hash = createHash('sha256').update(script).digest('hex').slice(0, 8);
    return {
      markup: module.staticLandingMarkup(),
      css: module.STATIC_LANDING_CSS,
      script,
      scriptFile: `assets/static-landing-${hash}.js`,
    };
  };
  return {
    name: 'karera:static-landing',
    // Built only: the dev server brings its CSS with the script, so a static first screen would show
    // unstyled there.
    apply: 'build',
    async transformIndexHtml(html, context) {
      if (path.basename(context.filename) !== 'index.html') return html;
      const { markup, css, scriptFile } = await (built ??= build());
      const root = '<div id="root"></div>';
      if (!html.includes(root)) throw new Error(`index.html has no empty ${root} for the static landing`);
      return {
        html: html.replace(root, `<div id="root">${markup}</div>`),
        tags: [
          { tag: 'style', children: css, injectTo: 'head' },
          { tag: 'script', attrs: { src: `/${scriptFile}` }, injectTo: 'head' },
        ],
      };
    },
    async generateBundle() {
      const { script, scriptFile } = await (built ??= build());
      this.emitFile({ type: 'asset', fileName: scriptFile, source: script });
    },
  };
}

// Three entries, one build: the player site (index.html), the back office (backoffice.html), so neither
// ships the other's code, and the player site's service worker, at /sw.js (a worker's scope is its folder).
export default defineConfig(({ command }) => ({
  plugins: [react(), staticLanding()],
  resolve: {
    alias: [
      { find: /^zod$/, replacement: zodJitless },
      { find: /^use-sync-external-store\/shim$/, replacement: syncExternalStoreShim },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    // A screen loaded on demand brings its CSS before it shows, but its script chunks as its imports ask
    // for them: a <link rel=modulepreload> for each of them, added at the moment React first renders the
    // screen, cost a phone hundreds of milliseconds in one task before the screen could draw.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rollupOptions: {
      input: {
        main: 'index.html',
        backoffice: 'backoffice.html',
        sw: 'src/sw/sw.ts',
      },
      output: {
        // The worker keeps one name (browsers check that address for updates); the rest carry their hash.
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // The back office's live socket (decision 038), before the plain /api proxy that does not upgrade.
      '/api/backoffice/live': { target: 'ws://localhost:3000', ws: true },
      '/api': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
      '/healthz': 'http://localhost:3000',
    },
  },
}));
