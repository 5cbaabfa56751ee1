import { orders, type DatabaseExecutor, type Order } from '@fund/db';

/**
 * The typed writer of new order rows: every column of `orders` is named by the `Order` type, so a stored
 * figure added to the table is one the type checker asks each writer for.
 */

/**
 * Rows per statement: a VALUES list carries one parameter a column, and PostgreSQL takes at most 65,535
 * parameters a statement (about 2,000 orders of 31 columns).
 */
const ordersPerStatement = 1_000;

/**
 * Inserts the orders, in the order given, in as few multi-row statements as the parameter limit allows.
 * No ON CONFLICT: a taken idempotency key or debit fails the statement (its speculative insertion would
 * cost on every row), and the caller goes the per-item way.
 */
export async function insertOrders(executor: DatabaseExecutor, rows: readonly Order[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ordersPerStatement) {
    await executor.insert(orders).values(rows.slice(start, start + ordersPerStatement));
  }
}
