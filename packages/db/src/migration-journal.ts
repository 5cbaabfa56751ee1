import { sql, type SQL } from 'drizzle-orm';

/** Anything drizzle can run raw SQL on: a PGlite or node-postgres database, or a transaction. */
interface SqlRunner {
  execute(query: SQL): PromiseLike<unknown>;
}

/** How many migrations drizzle's journal table records as applied; 0 before the first run. */
export async function countAppliedMigrations(db: SqlRunner): Promise<number> {
  // two statements: a reference to a missing table fails at planning time, even in an untaken CASE branch
  const journal = await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') AS name`);
  if (rowsOf<{ name: string | null }>(journal)[0]?.name == null) return 0;
  const applied = await db.execute(sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`);
  return Number(rowsOf<{ count: number }>(applied)[0]?.count ?? 0);
}

// node-postgres and PGlite both answer with `{ rows }`; drizzle's shared pg types leave the shape unknown
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
