import { startEmbeddedDatabase } from '../../src/lib/db/embedded';
import { applyMigrations } from '../../src/lib/db/migrate';

// A process that holds one in-memory embedded PGlite for the tests, migrated (helpers/database.ts forks
// it). It sends the database's URL once ready and ends with its parent's IPC channel.

const database = await startEmbeddedDatabase(undefined, 4);
await applyMigrations(database.connectionString);
process.send?.({ url: database.connectionString });
process.once('disconnect', () => {
  void database.stop().finally(() => process.exit(0));
});
