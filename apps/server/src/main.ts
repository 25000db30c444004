import { loadConfig } from './config.js';

const config = loadConfig();
// Tracing patches http, pg and ioredis as they load: its SDK starts before the server's modules
// are imported, and is not even loaded unless OTEL_* settings ask for traces.
const tracing = config.tracing ? (await import('./telemetry.js')).startTracing() : null;

const { buildApp } = await import('./app.js');
const { openDatabase } = await import('./db/client.js');
const { migrate, StartupError } = await import('./db/migrate.js');
const { seedDemo } = await import('./modules/demo-data.js');
const { seedReferenceData } = await import('./modules/index.js');
const { openStorage } = await import('./storage/open-storage.js');

const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
await migrate(database, config.migrationDatabaseUrl).catch(async (err: unknown) => {
  if (!(err instanceof StartupError)) throw err;
  // What the operator must do, on one line; nothing else to read.
  console.error(err.message);
  await database.close();
  process.exit(1);
});
await seedReferenceData(database.db);
if (config.seedDemo) await seedDemo(database.db, openStorage(config));

const app = await buildApp({ config, database });
// A stray rejection is a bug to log, not a reason to drop every client of the process.
process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled promise rejection'));
await app.listen({ port: config.port, host: config.host });

/**
 * Graceful stop (README "Deployment"): no new connections, hub clients told to reconnect elsewhere,
 * requests in flight answered, claimed mail handed back, pools closed; whatever is left when
 * SHUTDOWN_TIMEOUT_SECONDS runs out is cut off.
 */
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took too long: exiting now');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      await app.close();
      await database.close();
      await tracing?.shutdown();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  });
}
