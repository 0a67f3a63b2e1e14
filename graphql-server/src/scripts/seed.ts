// npm run seed: fills an empty database with the demo data (see README "Demo logins").
import { loadConfig } from '../config';
import { openDatabase } from '../lib/db';
import { createLogger } from '../lib/logger';
import { DEMO_LOGINS, DEMO_PASSWORD, seedIfEmpty } from './seed-data';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 1,
  logger,
});
const seeded = await seedIfEmpty(database.db, config, logger);
console.log(
  seeded
    ? `Seeded. Demo password "${DEMO_PASSWORD}" for ${DEMO_LOGINS.map((l) => l.username).join(', ')}.`
    : 'The database already has users: nothing seeded.',
);
await database.close();
