import { serviceInfo } from '@fund/contracts';
import { migrateDatabase, openDatabase, seedDemoData, type DatabaseHandle } from '@fund/db';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, developmentDefaultWarnings, loadConfig, type Config } from './config/config.ts';
import { demoSignInsTable } from './modules/identity/demo-sign-ins-table.ts';

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

/** PostgreSQL when DATABASE_URL is set; otherwise PGlite, whose data directory openDatabase creates. */
async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl !== undefined
    ? openDatabase({ url: config.databaseUrl })
    : openDatabase({ dataDir: config.pgliteDataDir });
}

/** The address people type: a wildcard listen address is reached through localhost. */
function localUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

const config = configOrExit();
const database = await openConfiguredDatabase(config).catch((error: unknown) => {
  // e.g. the PGlite data directory is locked by another running server
  process.stderr.write(
    `Could not open the database: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
const app = await buildApp({
  config,
  database,
  prettyLogs: config.nodeEnv === 'development' && process.stdout.isTTY === true,
});

// SIGINT/SIGTERM: stop accepting connections, let in-flight requests finish, close the database (app
// onClose). A close that hangs is cut after 10 s so an orchestrator's restart is never blocked.
closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
  if (err !== undefined) app.log.error({ err }, 'Shutting down after an unhandled error');
  else app.log.info({ signal }, 'Shutting down');
  await app.close();
  app.log.info('Stopped');
});

try {
  await migrateDatabase(database);
  if (config.seedDemoData) {
    const { seeded } = await seedDemoData(database);
    app.log.info(seeded ? 'Demo data seeded' : 'Demo data already present');
  }
  for (const warning of developmentDefaultWarnings(config)) {
    app.log.warn(`DEVELOPMENT DEFAULT — ${warning}`);
  }
  await app.listen({ port: config.port, host: config.host });
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
