import { readFile, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { connectionOf, openDatabase } from '../database.ts';
import { migrateDatabase } from '../migrate.ts';
import { createPostgresTestDatabase, onServer } from './postgres-test-database.ts';

/*
 * A test run migrates one template database (Vitest's globalSetup, test/setup/test-database-template.ts)
 * and every createTestDatabase() copies it: on PGlite initdb and the migrations took most of each test
 * file's start. The template holds nothing but the migrations' result, so a copy equals a freshly
 * migrated database. The environment variables below carry the template from the setup to the workers.
 */

/** Path of a PGlite `dumpDataDir` tarball of a migrated in-memory database. */
export const pgliteTemplateEnv = 'FUND_TEST_PGLITE_TEMPLATE';
/** Name of a migrated database on the PostgreSQL server of DATABASE_URL, used as `CREATE DATABASE … TEMPLATE`. */
export const postgresTemplateEnv = 'FUND_TEST_POSTGRES_TEMPLATE';

/** Migrates a new in-memory PGlite and writes its data directory, uncompressed, to `file`. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateDatabase(handle);
    const connection = connectionOf(handle);
    if (connection.kind !== 'pglite') throw new Error('Expected a PGlite handle.');
    // flushed to the data files, so a copy starts without replaying the migrations' WAL
    await handle.db.execute(sql`CHECKPOINT`);
    const tarball = await connection.client.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

// one read per worker; a Blob is immutable, so every database of the worker can load the same one
const pgliteTemplates = new Map<string, Promise<Blob | undefined>>();

/**
 * The tarball named by FUND_TEST_PGLITE_TEMPLATE, or undefined when there is none (a test file run
 * without the root Vitest config), in which case the caller migrates a fresh database as before.
 */
export function readPgliteTemplate(): Promise<Blob | undefined> {
  const file = process.env[pgliteTemplateEnv];
  if (file === undefined || file === '') return Promise.resolve(undefined);
  let template = pgliteTemplates.get(file);
  if (template === undefined) {
    template = readFile(file).then(
      (bytes) => new Blob([bytes]),
      (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      },
    );
    pgliteTemplates.set(file, template);
  }
  return template;
}

/**
 * Creates and migrates a template database on the server of `serverUrl`, then closes it to connections:
 * CREATE DATABASE … TEMPLATE fails while anyone is connected to the template, and nobody has to be.
 */
export async function createPostgresTemplate(
  serverUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  const database = await createPostgresTestDatabase(serverUrl);
  try {
    const handle = await openDatabase({ url: database.url, poolSize: 1 });
    try {
      await migrateDatabase(handle);
    } finally {
      await handle.close();
    }
    await onServer(serverUrl, `ALTER DATABASE "${database.name}" WITH ALLOW_CONNECTIONS false`);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return { name: database.name, drop: database.drop };
}
