import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { readClusterTemplate } from './pglite-cluster-template.ts';
import { lockPgliteDataDir } from './pglite-data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type DatabaseKind = 'pglite' | 'postgres';

/** The query builder the application uses; the same type whether PGlite or PostgreSQL is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction(async (tx) => ...)` hands to its callback; repositories accept either. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseExecutor = Database | Transaction;

export interface DatabaseOptions {
  /** PostgreSQL connection string. When set, PostgreSQL is used and `dataDir` is ignored. */
  url?: string | undefined;
  /** PGlite data directory (created if missing), or 'memory://' for a throw-away in-memory database. */
  dataDir?: string | undefined;
  /**
   * A PGlite `dumpDataDir` tarball an in-memory database starts from instead of running initdb; tests
   * use a migrated one (see testing/test-database-template.ts). Ignored for PostgreSQL and on-disk
   * PGlite. Without it, a new PGlite database starts from the cluster `npm install` keeps
   * (pglite-cluster-template.ts) when there is one.
   */
  pgliteDataDirTarball?: Blob | undefined;
  /**
   * PGlite: return while the database is still starting (about half a second on a restart, more for a new
   * one) instead of after it; queries wait for it, and an error starting it comes from the first query.
   * For a server that has its own start-up to do meanwhile (main.ts). A PostgreSQL pool connects on demand
   * either way.
   */
  startInBackground?: boolean | undefined;
  /** Largest number of PostgreSQL connections this process opens (pg pool `max`); default 10. */
  poolSize?: number | undefined;
  /**
   * Called when an idle PostgreSQL connection fails (e.g. the server restarted); the pool has already
   * dropped it and opens a new one on demand. Without a listener pg would crash the process; the default
   * reports it as a process warning.
   */
  onError?: ((error: Error) => void) | undefined;
}

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  close(): Promise<void>;
}

/** The driver-level connection, which migrating needs; kept off the public type of the handle. */
export type Connection =
  | { kind: 'pglite'; client: PGlite; db: PgliteDatabase<Schema> }
  | { kind: 'postgres'; pool: pg.Pool; db: NodePgDatabase<Schema> };

// A symbol-keyed property survives `{ ...handle }`, which test helpers and callers use to extend a handle.
const connectionKey = Symbol('fund-db-connection');
type HandleWithConnection = DatabaseHandle & { [connectionKey]: Connection };

export function connectionOf(handle: DatabaseHandle): Connection {
  const connection = (handle as Partial<HandleWithConnection>)[connectionKey];
  if (connection === undefined) throw new Error('Not a handle returned by openDatabase().');
  return connection;
}

/** PostgreSQL when `url` is set (a pg pool), otherwise PGlite in `dataDir`. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url !== undefined && options.url !== '') return openPostgres(options.url, options);
  if (options.dataDir !== undefined && options.dataDir !== '') {
    return openPglite(options.dataDir, options.pgliteDataDirTarball, options.startInBackground === true);
  }
  // refusing beats silently falling back to memory, where every write would be lost on exit
  throw new Error("openDatabase needs a PostgreSQL url or a PGlite dataDir ('memory://' for in-memory).");
}

export async function pingDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`SELECT 1`);
}

/** What a new database starts from: the tarball given, else the kept cluster, else initdb (none). */
const startingData = (tarball: Blob | undefined) => {
  const data = tarball ?? readClusterTemplate();
  return data === undefined ? {} : { loadDataDir: data };
};

async function openPglite(
  dataDir: string,
  tarball: Blob | undefined,
  inBackground: boolean,
): Promise<DatabaseHandle> {
  const starting = async (client: PGlite) => {
    // in the background, the first query reports an error starting it
    if (inBackground) client.waitReady.catch(() => undefined);
    else await client.waitReady;
    return client;
  };
  if (dataDir.startsWith('memory://')) {
    return pgliteHandle(await starting(new PGlite(dataDir, startingData(tarball))), () => {});
  }
  const directory = resolve(dataDir);
  mkdirSync(dirname(directory), { recursive: true }); // PGlite creates the directory itself, not its parents
  const unlock = lockPgliteDataDir(directory);
  try {
    const isNew = !existsSync(directory);
    return pgliteHandle(await starting(new PGlite(directory, isNew ? startingData(undefined) : {})), unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

function pgliteHandle(client: PGlite, unlock: () => void): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  const handle: HandleWithConnection = {
    kind: 'pglite',
    db,
    close: once(async () => {
      try {
        // one still starting (startInBackground) is closed once it has started, or not at all if it failed
        const started = await client.waitReady.then(
          () => true,
          () => false,
        );
        if (started) await client.close();
      } finally {
        unlock();
      }
    }),
    [connectionKey]: { kind: 'pglite', client, db },
  };
  return handle;
}

function openPostgres(url: string, options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  const onError =
    options.onError ??
    ((error: Error) => process.emitWarning(`Idle PostgreSQL connection failed: ${error.message}`));
  pool.on('error', onError);
  const db = drizzleNodePg({ client: pool, schema });
  const handle: HandleWithConnection = {
    kind: 'postgres',
    db,
    close: once(() => pool.end()),
    [connectionKey]: { kind: 'postgres', pool, db },
  };
  return handle;
}

/** Closing twice (e.g. from a test's finally and its afterAll) must not fail. */
function once(action: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => (result ??= action());
}
