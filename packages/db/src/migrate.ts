import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { advisoryLockKeys } from './advisory-locks.ts';
import { connectionOf, type DatabaseHandle } from './database.ts';
import { countAppliedMigrations } from './migration-journal.ts';

/** Resolved from this file, so migrating works whatever the working directory is. */
export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export interface MigrationReport {
  /** Migrations this call applied; 0 when another process got there first or nothing was pending. */
  appliedNow: number;
  /** Migrations the database records as applied after this call. */
  total: number;
}

/** Applies the migrations not yet applied; safe to call on every start and from several processes. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await runMigrations(handle);
}

// drizzle's migrator reads the last applied migration before its transaction begins, so two runs that
// overlap would both apply the same files. PGlite lives in this process only: runs queue per client.
const pgliteRuns = new WeakMap<object, Promise<MigrationReport>>();

/** migrateDatabase, telling what it did (for the CLI). */
export async function runMigrations(handle: DatabaseHandle): Promise<MigrationReport> {
  const connection = connectionOf(handle);
  if (connection.kind === 'postgres') return migratePostgres(connection.pool);

  const { client, db } = connection;
  const previous = pgliteRuns.get(client) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined) // an earlier failed run is its caller's error, not this one's
    .then(() => measured(db, () => migratePglite(db, { migrationsFolder })));
  pgliteRuns.set(client, run);
  return run;
}

/**
 * Processes sharing one PostgreSQL take turns through a session-level advisory lock, held on one dedicated
 * connection for the whole run; the migrator then runs on that same connection.
 */
async function migratePostgres(pool: pg.Pool): Promise<MigrationReport> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [advisoryLockKeys.migrate]);
    const db = drizzle({ client });
    const report = await measured(db, () => migrateNodePg(db, { migrationsFolder }));
    await client.query('SELECT pg_advisory_unlock($1)', [advisoryLockKeys.migrate]);
    return report;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // after a failure the connection is destroyed rather than reused, which also frees the lock
    client.release(failure);
  }
}

async function measured(
  db: Parameters<typeof countAppliedMigrations>[0],
  migrate: () => Promise<void>,
): Promise<MigrationReport> {
  const before = await countAppliedMigrations(db);
  await migrate();
  const total = await countAppliedMigrations(db);
  return { appliedNow: total - before, total };
}
