import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openSchemaEngine } from './schema-engine';

// Applies the committed SQL migrations under prisma/migrations, recording them in _prisma_migrations
// exactly as `prisma migrate deploy` does, so both stay interchangeable.

const PRISMA_DIR = join(import.meta.dirname, '../../../../prisma');
export const MIGRATIONS_DIR = join(PRISMA_DIR, 'migrations');
export const SCHEMA_PATH = join(PRISMA_DIR, 'schema.prisma');

async function readMigrations(dir = MIGRATIONS_DIR) {
  const entries = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrationDirectories = await Promise.all(
    entries.map(async (name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: await readFile(join(dir, name, 'migration.sql'), 'utf8') },
      },
    })),
  );
  const lockPath = join(dir, 'migration_lock.toml');
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: await readFile(lockPath, 'utf8') },
    migrationDirectories,
    shadowDbInitScript: '',
  };
}

export async function applyMigrations(connectionString: string): Promise<string[]> {
  const { engine, close } = await openSchemaEngine(connectionString, {
    path: SCHEMA_PATH,
    content: await readFile(SCHEMA_PATH, 'utf8'),
  });
  try {
    const result = await engine.applyMigrations({
      migrationsList: await readMigrations(),
      filters: { externalTables: [], externalEnums: [] },
    });
    return result.appliedMigrationNames;
  } finally {
    await close();
  }
}
