import { openDatabase, type DatabaseHandle } from '../database.ts';
import { migrateDatabase } from '../migrate.ts';
import { createPostgresTestDatabase } from './postgres-test-database.ts';

export type TestDatabase = DatabaseHandle & { drop(): Promise<void> };

/**
 * A migrated, empty database of its own for one test file: a fresh database on the PostgreSQL server of
 * DATABASE_URL when that is set (how CI checks real concurrency), else an in-memory PGlite.
 * `drop()` closes it and removes the PostgreSQL database.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl === undefined || serverUrl === '') {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await migrateOrClose(handle, handle.close);
    return { ...handle, drop: handle.close };
  }

  const database = await createPostgresTestDatabase(serverUrl);
  const handle = await openDatabase({ url: database.url, poolSize: 4 });
  const drop = async () => {
    await handle.close();
    await database.drop();
  };
  await migrateOrClose(handle, drop);
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
