import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '../src/lib/db/embedded';
import { applyMigrations } from '../src/lib/db/migrate';

// One database for the whole run, migrated once: a fresh database on the PostgreSQL named by
// TEST_DATABASE_URL (CI), or an in-memory embedded PGlite when no URL is set. Tests isolate their data
// by creating their own users.

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `vetconsult_test_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await applyMigrations(url.toString());
    project.provide('databaseUrl', url.toString());
    return async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    };
  }
  const embedded = await startEmbeddedDatabase(undefined, 4);
  await applyMigrations(embedded.connectionString);
  project.provide('databaseUrl', embedded.connectionString);
  return () => embedded.stop();
}
