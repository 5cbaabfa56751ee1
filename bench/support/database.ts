// Throw-away PostgreSQL databases for the benchmarks: created on the server of DATABASE_URL, migrated with
// the project's migrations, dropped at the end (also when the benchmark fails).
import { randomUUID } from 'node:crypto';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '@fund/db';
import pg from 'pg';

export interface BenchDatabase {
  readonly handle: DatabaseHandle;
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database `fund_bench_<random>` with a pg pool of `poolSize` (the server's default 10). */
export async function createBenchDatabase(serverUrl: string, poolSize = 10): Promise<BenchDatabase> {
  const name = `fund_bench_${randomUUID().replaceAll('-', '')}`;
  await onServer(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize });
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await handle.close();
    await onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await drop();
    throw error;
  }
  return { handle, url: url.toString(), name, drop };
}

/** Rows of a raw statement, whichever driver is underneath (node-postgres and PGlite both answer `rows`). */
export async function rowsOf<Row>(
  handle: DatabaseHandle,
  query: Parameters<DatabaseHandle['db']['execute']>[0],
) {
  const result = await handle.db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}
