import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate } from './database-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each test app's database is copied from (database-template.ts). */
    migratedDatabaseTemplate: string;
  }
}

/** Vitest's global setup of the API projects: one migrated database for the run, dropped at its end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await createDatabaseTemplate(process.env.TEST_PG_ADMIN_URL);
  project.provide('migratedDatabaseTemplate', template.reference);
  return template.drop;
}
