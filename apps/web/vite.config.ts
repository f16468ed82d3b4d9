import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// react-router's package exports name only its development build (dev warnings and checks); a production
// bundle takes the production build it ships beside it.
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router')).replace(
  '/development/',
  '/production/',
);

// The app's zod is ./src/lib/zodJitless.ts: zod set jitless before any schema is built (that module says why).
const zodJitless = fileURLToPath(new URL('./src/lib/zodJitless.ts', import.meta.url));

// Three entries, one build: the player site (index.html), the back office (backoffice.html), so neither
// ships the other's code, and the player site's service worker, at /sw.js (a worker's scope is its folder).
export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^zod$/, replacement: zodJitless },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
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
      '/api': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
      '/healthz': 'http://localhost:3000',
    },
  },
}));
