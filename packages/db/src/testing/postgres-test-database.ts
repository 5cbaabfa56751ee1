import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Creates a uniquely named database on the server of `serverUrl`, so test files running in parallel never
 * share tables: empty, or a copy of the database `template` (which nobody may be connected to). Returns
 * its URL and a function that drops it again.
 */
export async function createPostgresTestDatabase(
  serverUrl: string,
  options: { template?: string | undefined } = {},
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `fund_test_${randomUUID().replaceAll('-', '')}`;
  const template = options.template === undefined ? '' : ` TEMPLATE "${options.template}"`;
  await onServer(serverUrl, `CREATE DATABASE "${name}"${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    // FORCE ends connections a failed test left open, which would otherwise block the drop
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** Runs one statement on a connection of its own, to the database of `serverUrl`. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
