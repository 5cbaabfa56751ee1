import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Creates an empty, uniquely named database on the server of `serverUrl`, so test files running in
 * parallel never share tables. Returns its URL and a function that drops it again.
 */
export async function createPostgresTestDatabase(
  serverUrl: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `fund_test_${randomUUID().replaceAll('-', '')}`;
  await onServer(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    // FORCE ends connections a failed test left open, which would otherwise block the drop
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
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
