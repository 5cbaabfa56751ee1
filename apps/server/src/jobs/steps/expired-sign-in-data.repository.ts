import type { Transaction } from '@fund/db';
import { sql } from 'drizzle-orm';

/**
 * Deletes the rows of `table` that expired more than a day ago, by the database's clock (the step says
 * why); answers how many went.
 */
export async function deleteExpiredRows(tx: Transaction, table: string): Promise<number> {
  const result = await tx.execute(sql`WITH gone AS (
      DELETE FROM ${sql.identifier(table)} WHERE expires_at < now() - interval '1 day' RETURNING 1
    ) SELECT count(*)::int AS deleted FROM gone`);
  return (result as unknown as { rows: { deleted: number }[] }).rows[0]?.deleted ?? 0;
}
