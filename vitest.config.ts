import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Tests that replace or reload a module (vi.mock, vi.resetModules) run with modules of their own; every other
 * file of a project shares one module graph per worker, which halved the unit and API suites' time (loading
 * the modules afresh for every file was most of it). The lint allows those calls only in these files.
 */
const MOCKING_TESTS = '**/*.mocking.test.{ts,tsx}';
const MOCKING_API_TESTS = 'apps/server/src/**/*.mocking.api.test.ts';
/** Each API project migrates one database per run; every test app's database starts as a copy of it. */
const MIGRATED_TEMPLATE_SETUP = 'apps/server/test/database-template.setup.ts';

/**
 * Ceilings, not waits: every test waits for the state it needs. With both cores kept busy by other work
 * (npm run test:busy, load 20) set-ups and requests took several times their quiet length.
 */
const API_TEST_CEILINGS = { testTimeout: 120_000, hookTimeout: 180_000 };
/** The unit tests' ceiling: a render of a whole screen or a thousand simulated races takes seconds on a busy machine. */
const UNIT_TEST_CEILING = { testTimeout: 60_000 };

/**
 * Files that spend tens of seconds waiting on processes and clocks of their own (a server killed and started
 * again, a simulated race day, a second instance, a fuzzing run). Left in Vitest's order (on a clean clone,
 * the largest file first) the leader-kill test began last on PostgreSQL and its 74 s were the stage's final
 * minute with the other workers idle; started first, they overlap the short files.
 */
const LONG_WAITING_FILES = [
  'modules/notifications/leader-kill.api.test.ts',
  'modules/simulator/crowd.api.test.ts',
  'api-fuzz.api.test.ts',
  'modules/betting/bet-crash.api.test.ts',
  'modules/tote/settlement-crash.api.test.ts',
  'cluster.api.test.ts',
  'modules/realtime/realtime.api.test.ts',
  'modules/simulator/simulator.api.test.ts',
];

/** Vitest's order, with each project's long-waiting files moved to the front of that project's files. */
class LongWaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONG_WAITING_FILES.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return at < 0 ? LONG_WAITING_FILES.length : at;
    };
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of sorted) {
      const projectFiles = byProject.get(file.project.name) ?? [];
      projectFiles.push(file);
      byProject.set(file.project.name, projectFiles);
    }
    // Array.prototype.sort is stable: files of the same rank keep Vitest's order.
    return [...byProject.values()].flatMap((projectFiles) => projectFiles.sort((a, b) => rank(a) - rank(b)));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongWaitingFirst },
    // A file per core and one more: the API tests wait on their databases much of the time. On PostgreSQL,
    // where the server's own processes and the cluster tests' instances do much of the waiting, two more.
    // Measured on 2 cores: SQLite 140 s with 2 workers, 118 s with 3; PostgreSQL 215 s with 3, 155 s with 4.
    maxWorkers: os.availableParallelism() + (process.env.TEST_PG_ADMIN_URL ? 2 : 1),
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          exclude: [MOCKING_TESTS],
          environment: 'node',
          ...UNIT_TEST_CEILING,
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: [MOCKING_TESTS],
          environment: 'node',
          ...UNIT_TEST_CEILING,
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.api.test.ts', MOCKING_TESTS],
          environment: 'node',
          ...UNIT_TEST_CEILING,
          isolate: false,
        },
      },
      {
        // The unit tests that replace or reload a module (vi.mock, vi.resetModules) need a module graph of their own.
        test: {
          name: 'unit-mocking',
          include: ['{packages/shared,apps/web,apps/server}/src/**/*.mocking.test.{ts,tsx}'],
          exclude: ['apps/server/src/**/*.api.test.ts'],
          environment: 'node',
          ...UNIT_TEST_CEILING,
        },
      },
      {
        // API integration: the real app through app.inject on a real database, SQLite by default,
        // PostgreSQL when TEST_PG_ADMIN_URL points at a server the tests may create databases on.
        test: {
          name: 'server-api',
          include: ['apps/server/src/**/*.api.test.ts'],
          exclude: [MOCKING_API_TESTS],
          environment: 'node',
          ...API_TEST_CEILINGS,
          globalSetup: [MIGRATED_TEMPLATE_SETUP],
          // Each file builds its own app on its own database; the modules are loaded once per worker.
          isolate: false,
        },
      },
      {
        // The API tests that replace a module (vi.mock) need a module graph of their own.
        test: {
          name: 'server-api-mocking',
          include: [MOCKING_API_TESTS],
          environment: 'node',
          ...API_TEST_CEILINGS,
          globalSetup: [MIGRATED_TEMPLATE_SETUP],
        },
      },
    ],
  },
});
