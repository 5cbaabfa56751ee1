import { openDatabase, type DatabaseHandle } from '@fund/db';
import { ConfigError, loadConfig, type Config } from '../config/config.ts';

// What every operations command (`npm run batch | operator | feed:import`) starts with: the settings read
// and checked as the server reads them, and the configured database opened.

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The settings, or the command ends with the configuration's own message. */
export function commandConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** `PGlite <dir>` or `PostgreSQL (DATABASE_URL)`: which database the command works on. */
export function databaseDescription(config: Config): string {
  return config.databaseUrl === undefined ? `PGlite ${config.pgliteDataDir}` : 'PostgreSQL (DATABASE_URL)';
}

/** DATABASE_URL, else the PGlite data directory (which one process holds at a time: stop the server first). */
export async function openCommandDatabase(config: Config, poolSize?: number): Promise<DatabaseHandle> {
  return (
    config.databaseUrl !== undefined
      ? openDatabase({ url: config.databaseUrl, ...(poolSize === undefined ? {} : { poolSize }) })
      : openDatabase({ dataDir: config.pgliteDataDir })
  ).catch((error: unknown) =>
    fail(
      `Could not open ${databaseDescription(config)} (${error instanceof Error ? error.message : String(error)}); on PGlite stop the server first.`,
    ),
  );
}
