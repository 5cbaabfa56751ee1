import { serviceInfo } from '@fund/contracts';
import { jstDateOf } from '@fund/domain';
import { hasDemoData, migrateDatabase, openDatabase, seedDemoData, type DatabaseHandle } from '@fund/db';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, developmentDefaultWarnings, loadConfig, type Config } from './config/config.ts';
import { startBatchScheduler } from './jobs/batch-scheduler.ts';
import { closedCustomerDocuments, issueDemoPeriodicDocuments } from './demo/demo-documents.ts';
import { seedDemoHistory } from './demo/demo-history.ts';
import { batchSettingsOf } from './jobs/batch-context.ts';
import { createDemoClock } from './jobs/demo-clock.ts';
import { demoSignInsTable } from './modules/identity/demo-sign-ins-table.ts';
import { systemClock, type Clock } from './plugins/clock.plugin.ts';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * PostgreSQL when DATABASE_URL is set; otherwise PGlite, whose data directory openDatabase creates. PGlite
 * starts in the background: the app is built meanwhile, and its first query waits for it.
 */
async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl !== undefined
    ? openDatabase({ url: config.databaseUrl })
    : openDatabase({ dataDir: config.pgliteDataDir, startInBackground: true });
}

/** The address people type: a wildcard listen address is reached through localhost. */
function localUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** The demo customers and funds, or what a newer version adds to a database that has them (idempotent). */
async function seedDemoDataOf(database: DatabaseHandle, clock: Clock): Promise<{ seeded: boolean }> {
  const { seeded } = await seedDemoData(database);
  // the closed customer's 電子交付書面 need no history: there from the first sign-in (idempotent)
  await database.db.transaction((tx) =>
    issueDemoPeriodicDocuments(tx, jstDateOf(clock.now()), closedCustomerDocuments),
  );
  return { seeded };
}

const config = configOrExit();
const database = await openConfiguredDatabase(config).catch((error: unknown) => {
  // e.g. the PGlite data directory is locked by another running server
  process.stderr.write(
    `Could not open the database: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
// DEMO_CLOCK (development only, refused in production): the business clock follows `npm run batch -- --date`.
// It is read from the database while the database is made ready, which everything that reads the clock
// waits for.
let businessClock: Clock = systemClock;
const clock: Clock = { now: () => businessClock.now() };
// Migrated, and a new database given its demo data: what every request but the web app's files waits for
// (db.plugin.ts). It goes on while the app is built and starts listening, so a restart's first page does
// not wait for the database (decision 033).
const preparing = (async () => {
  await migrateDatabase(database);
  if (config.batch.demoClock) businessClock = await createDemoClock(database, config.batch.time);
  const newDemoDatabase = config.seedDemoData && !(await hasDemoData(database));
  if (newDemoDatabase) await seedDemoDataOf(database, clock);
  return { newDemoDatabase };
})();
// reported where it is awaited, once the server listens (the start-up fails then)
preparing.catch(() => undefined);
const app = await buildApp({
  config,
  database,
  databaseReady: preparing,
  clock,
  prettyLogs: config.nodeEnv === 'development' && process.stdout.isTTY === true,
});

// SIGINT/SIGTERM: stop accepting connections, let in-flight requests finish, close the database (app
// onClose). A close that hangs is cut after 10 s so an orchestrator's restart is never blocked.
let scheduler: { stop(): Promise<void> } | undefined;
closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
  if (err !== undefined) app.log.error({ err }, 'Shutting down after an unhandled error');
  else app.log.info({ signal }, 'Shutting down');
  await scheduler?.stop(); // lets the item in flight commit; an interrupted run resumes at the next start
  await app.close();
  app.log.info('Stopped');
});

try {
  for (const warning of developmentDefaultWarnings(config)) {
    app.log.warn(`DEVELOPMENT DEFAULT — ${warning}`);
  }
  await app.listen({ port: config.port, host: config.host });
  const { newDemoDatabase } = await preparing;
  if (newDemoDatabase) app.log.info('Demo data seeded');
  // A restart's top-ups (what a newer version adds to the demo data) and the demo customers' past
  // (demo/demo-history.ts, once per database, all or nothing) are written after the server is ready, so
  // the first page does not wait for them; a failure leaves the demo without them but does not stop the
  // server. The batch scheduler starts after them, never beside them.
  const demoHistory = config.seedDemoData
    ? (newDemoDatabase
        ? Promise.resolve()
        : seedDemoDataOf(database, clock).then(({ seeded }) =>
            app.log.info(seeded ? 'Demo data topped up' : 'Demo data already present'),
          )
      )
        .then(() =>
          seedDemoHistory(database, {
            today: jstDateOf(clock.now()),
            now: clock.now(),
            purchaseLagBusinessDays: config.batch.purchaseLagDays,
          }),
        )
        .then(
          (history) => {
            if (history.seeded) app.log.info(`Demo history seeded in ${history.elapsedMs} ms`);
          },
          (error: unknown) => app.log.error({ err: error }, 'Demo data or history could not be seeded'),
        )
    : Promise.resolve();
  if (config.batch.scheduler) {
    // after the price time each day, and now for the days missed since the last run (jobs/batch-scheduler.ts)
    void demoHistory.then(() => {
      scheduler = startBatchScheduler({
        handle: database,
        config: config.batch,
        clock,
        log: app.log,
        settings: batchSettingsOf(config),
      });
    });
  }
} catch (error) {
  app.log.fatal({ err: error }, 'Start-up failed');
  await app.close();
  process.exit(1);
}

const url = localUrl(config.host, config.port);
app.log.info(
  { url, publicOrigin: config.publicOrigin, database: database.kind, nodeEnv: config.nodeEnv },
  `${serviceInfo.name} ${serviceInfo.version} ready: ${url}`,
);

// The people running `npm start` need the demo sign-ins; the table goes to the terminal, not the log.
if (config.seedDemoData && config.nodeEnv === 'development') {
  process.stdout.write(`\n${demoSignInsTable(config.publicOrigin)}\n`);
}
