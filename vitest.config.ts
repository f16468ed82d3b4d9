import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves a core to itself: one file at a time on a 2-core machine. The API tests
    // wait on their databases much of the time, so a file per core runs them in about 40% less time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        // Render tests draw whole screens (every tour's mocks): seconds on a busy machine.
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000 },
      },
      {
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.api.test.ts'],
          environment: 'node',
        },
      },
      {
        // API integration: the real app through app.inject on a real database, SQLite by default,
        // PostgreSQL when TEST_PG_ADMIN_URL points at a server the tests may create databases on.
        test: {
          name: 'server-api',
          include: ['apps/server/src/**/*.api.test.ts'],
          environment: 'node',
          // Ceilings, not waits: every test waits for the state it needs. With both cores kept busy by other
          // work (npm run test:busy, load 20) set-ups and requests took several times their quiet length.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
