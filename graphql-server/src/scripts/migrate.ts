// npm run migrate: applies the committed migrations to DATABASE_URL (or the embedded database).
import { loadConfig } from '../config';
import { openDatabase } from '../lib/db';
import { createLogger } from '../lib/logger';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 1,
  logger: createLogger(config.logLevel),
});
await database.close();
console.log('Migrations are up to date.');
