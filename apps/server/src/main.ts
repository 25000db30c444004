import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { seedDemo } from './modules/demo-data.js';
import { seedReferenceData } from './modules/index.js';
import { openStorage } from './storage/open-storage.js';

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
await migrate(database);
await seedReferenceData(database.db);
if (config.seedDemo) await seedDemo(database.db, openStorage(config));

const app = await buildApp({ config, database });
// A stray rejection is a bug to log, not a reason to drop every client of the process.
process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled promise rejection'));
await app.listen({ port: config.port, host: config.host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  });
}
