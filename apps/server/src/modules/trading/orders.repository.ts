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
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { arrayLiteral } from '../../shared/sql-arrays.ts';

/**
 * The writes of order rows. New orders have one writer (`ordersInsert`), for the orders API
 * (`placed-orders.repository.ts`) and the batch alike: an order is written whole, as the `Order` type
 * has it, and its columns are the table's, so a stored figure added to `orders` is asked of each row's
 * maker by the type checker and needs no column list here.
 */

const columnsByKey = Object.entries(getTableColumns(orders));

const columnNames = sql.join(
  columnsByKey.map(([, column]) => sql.identifier(column.name)),
  sql`, `,
);

/** The statement's parameter of one column: the column's values of every row, as one array. */
const arrayParameter = (columnName: string) => `orders_${columnName}`;

/**
 * `INSERT INTO orders` of the rows passed as one array per column (`orderColumnArrays`, each cast to its
 * column's type and unnested together), to end a statement or open a CTE (add its RETURNING). Arrays, not
 * a JSON document of objects: the batch writes tens of thousands of rows, and the server reads arrays far
 * faster than it parses the same rows as JSON. No ON CONFLICT: a taken idempotency key fails the statement
 * (its speculative insertion would cost on every row), and the caller answers or goes the per-item way.
 */
export function ordersInsert(): SQL {
  const arrays = sql.join(
    columnsByKey.map(
      ([, column]) => sql`${sql.placeholder(arrayParameter(column.name))}::${sql.raw(column.getSQLType())}[]`,
    ),
    sql`, `,
  );
  return sql`INSERT INTO orders (${columnNames}) SELECT * FROM unnest(${arrays})`;
}

/** The orders as `ordersInsert` reads them: per column, an array literal of every row's value. */
export function orderColumnArrays(rows: readonly Order[]): Record<string, string> {
  return Object.fromEntries(
    columnsByKey.map(([key, column]) => [
      arrayParameter(column.name),
      arrayLiteral(
        rows.map((row) => {
          const value = row[key as keyof Order];
          return value instanceof Date ? value.toISOString() : value;
        }),
      ),
    ]),
  );
}

const ordersWrite = namedStatement('orders_write', ordersInsert());

/** Inserts the orders, in the order given, in one statement (set-based: the batch's chunk writes thousands). */
export async function insertOrders(executor: DatabaseExecutor, rows: readonly Order[]): Promise<void> {
  if (rows.length === 0) return;
  await runNamedStatement(executor, ordersWrite, orderColumnArrays(rows));
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
