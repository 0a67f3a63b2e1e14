import type { TestProject } from 'vitest/node';
import { createTestDatabase } from './helpers/database';

// One database for the whole run, migrated once: a fresh database on the PostgreSQL named by
// TEST_DATABASE_URL (CI), or an in-memory embedded PGlite when no URL is set. Tests isolate their data
// by creating their own users; a file that runs the job queue takes a database of its own
// (helpers/database.ts), whose name starts with this one's, so dropping this run's drops those too.

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await createTestDatabase(`vetconsult_test_${Date.now()}_${process.pid}`);
  project.provide('databaseUrl', database.url);
  return () => database.drop();
}
