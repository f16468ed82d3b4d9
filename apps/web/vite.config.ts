import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Two entries, one build: the player site (index.html) and the back office (backoffice.html),
// so neither ships the other's code.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rollupOptions: {
      input: {
        main: 'index.html',
        backoffice: 'backoffice.html',
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
});
