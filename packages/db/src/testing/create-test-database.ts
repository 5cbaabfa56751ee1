import { openDatabase, type DatabaseHandle } from '../database.ts';
import { migrateDatabase } from '../migrate.ts';
import { createPostgresTestDatabase } from './postgres-test-database.ts';
import { postgresTemplateEnv, readPgliteTemplate } from './test-database-template.ts';

export type TestDatabase = DatabaseHandle & { drop(): Promise<void> };

export interface TestDatabaseOptions {
  /**
   * Run the migrations on an empty database instead of copying the migrated template of the test run;
   * for tests of migrating itself.
   */
  freshMigration?: boolean;
}

/**
 * A migrated, empty database of its own for one test file: a fresh database on the PostgreSQL server of
 * DATABASE_URL when that is set (how CI checks real concurrency), else an in-memory PGlite. Both start
 * as a copy of the run's migrated template when the root Vitest setup made one, else are migrated here.
 * `drop()` closes it and removes the PostgreSQL database.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const fresh = options.freshMigration === true;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl === undefined || serverUrl === '') {
    const template = fresh ? undefined : await readPgliteTemplate();
    const handle = await openDatabase({ dataDir: 'memory://', pgliteDataDirTarball: template });
    if (template === undefined) await migrateOrClose(handle, handle.close);
    return { ...handle, drop: handle.close };
  }

  const templateName = fresh ? undefined : process.env[postgresTemplateEnv] || undefined;
  const database = await createPostgresTestDatabase(serverUrl, { template: templateName });
  const handle = await openDatabase({ url: database.url, poolSize: 4 });
  const drop = async () => {
    await handle.close();
    await database.drop();
  };
  if (templateName === undefined) await migrateOrClose(handle, drop);
  return { ...handle, drop };
}

async function migrateOrClose(handle: DatabaseHandle, cleanUp: () => Promise<void>): Promise<void> {
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
