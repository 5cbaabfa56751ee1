import type { Transaction } from '@fund/db';
import { sql } from 'drizzle-orm';

/**
 * Deletes up to `limit` rows of `table` whose `column` is older than `keep` (a PostgreSQL interval) by the
 * database's clock; answers how many went. Rows are picked by their physical address (ctid), so one
 * statement needs no key of the table and holds at most `limit` rows.
 */
export async function deleteRowsOlderThan(
  tx: Transaction,
  rows: { table: string; column: string; keep: string },
  limit: number,
): Promise<number> {
  const table = sql.identifier(rows.table);
  const result = await tx.execute(sql`WITH gone AS (
      DELETE FROM ${table} WHERE ctid IN (
        SELECT ctid FROM ${table}
        WHERE ${sql.identifier(rows.column)} < now() - ${rows.keep}::interval LIMIT ${limit}
      ) RETURNING 1
    ) SELECT count(*)::int AS deleted FROM gone`);
  return (result as unknown as { rows: { deleted: number }[] }).rows[0]?.deleted ?? 0;
}

/**
 * Deletes up to `limit` sign-in events older than `keep`, except each customer's last successful sign-in:
 * 前回ログイン stays right for a customer who has not come back for longer than that.
 */
export async function deleteSignInEventsOlderThan(
  tx: Transaction,
  keep: string,
  limit: number,
): Promise<number> {
  const result = await tx.execute(sql`WITH gone AS (
      DELETE FROM sign_in_events WHERE ctid IN (
        SELECT ctid FROM sign_in_events AS event
        WHERE event.occurred_at < now() - ${keep}::interval
          AND (event.customer_id IS NULL OR event.outcome <> 'succeeded' OR event.occurred_at < (
            SELECT max(last.occurred_at) FROM sign_in_events AS last
            WHERE last.customer_id = event.customer_id AND last.outcome = 'succeeded'))
        LIMIT ${limit}
      ) RETURNING 1
    ) SELECT count(*)::int AS deleted FROM gone`);
  return (result as unknown as { rows: { deleted: number }[] }).rows[0]?.deleted ?? 0;
}
