import type { DatabaseExecutor } from '@fund/db';
import type { SQL } from 'drizzle-orm';

/** A row of a plain SQL statement, its columns by name as PostgreSQL names them. */
export type Row = Record<string, unknown>;

/** The rows of a plain SQL statement (set-based reads: `= ANY(array)`, grouped sums, only the columns needed). */
export async function rowsOf(executor: DatabaseExecutor, query: SQL): Promise<Row[]> {
  return ((await executor.execute(query)) as unknown as { rows: Row[] }).rows;
}
