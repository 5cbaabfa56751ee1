import {
  namedStatement,
  orders,
  pointsLedger,
  runNamedStatement,
  type DatabaseExecutor,
  type Order,
  type Transaction,
} from '@fund/db';
import type { IsoDate } from '@fund/domain';
import { eq, getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * The writes of order rows. New orders have one writer (`ordersInsert`), for the orders API
 * (`placed-orders.repository.ts`) and the batch alike: an order is written whole, as the `Order` type
 * has it, and its columns are the table's, so a stored figure added to `orders` is asked of each row's
 * maker by the type checker and needs no column list here.
 */

const columnsByKey = Object.entries(getTableColumns(orders));
const columns = columnsByKey.map(([, column]) => column);

const columnNames = sql.join(
  columns.map((column) => sql.identifier(column.name)),
  sql`, `,
);

/** The record type of `jsonb_to_recordset`, each column with its type in the table. */
const recordType = sql.join(
  columns.map((column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
  sql`, `,
);

/**
 * `INSERT INTO orders` of the rows of a JSON array (`orderRecords`), to end a statement or open a CTE
 * (add its RETURNING). No ON CONFLICT: a taken idempotency key fails the statement (its speculative
 * insertion would cost on every row), and the caller answers or goes the per-item way.
 */
export function ordersInsert(records: SQL | Placeholder): SQL {
  return sql`INSERT INTO orders (${columnNames})
    SELECT ${columnNames} FROM jsonb_to_recordset(${records}::jsonb) AS o(${recordType})`;
}

/** The orders as `ordersInsert` reads them: one object per row, by column name, bigints and instants as text. */
export function orderRecords(rows: readonly Order[]): string {
  return JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        columnsByKey.map(([key, column]) => {
          const value: unknown = row[key as keyof Order];
          return [
            column.name,
            typeof value === 'bigint'
              ? value.toString()
              : value instanceof Date
                ? value.toISOString()
                : value,
          ];
        }),
      ),
    ),
  );
}

const ordersWrite = namedStatement('orders_write', ordersInsert(sql.placeholder('orders')));

/** Inserts the orders, in the order given, in one statement (set-based: the batch's chunk writes thousands). */
export async function insertOrders(executor: DatabaseExecutor, rows: readonly Order[]): Promise<void> {
  if (rows.length === 0) return;
  await runNamedStatement(executor, ordersWrite, { orders: orderRecords(rows) });
}

/** The points a canceled buy used, RETURNED to the customer on the business date. */
export async function returnPoints(
  tx: Transaction,
  order: Pick<Order, 'id' | 'customerId' | 'pointsUsed'>,
  businessDate: IsoDate,
): Promise<void> {
  await tx.insert(pointsLedger).values({
    customerId: order.customerId,
    kind: 'RETURNED',
    points: order.pointsUsed,
    orderId: order.id,
    occurredOn: businessDate,
  });
}

/** The order CANCELED at `now`, its units no longer reserved; the updated row. */
export async function markOrderCanceled(tx: Transaction, orderId: string, now: Date): Promise<Order> {
  const [updated] = await tx
    .update(orders)
    .set({ status: 'CANCELED', canceledAt: now, reservedUnits: 0n, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  return updated!;
}
