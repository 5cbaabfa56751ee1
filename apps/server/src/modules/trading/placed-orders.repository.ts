import { TradingErrorCode } from '@fund/contracts';
import {
  balancedLines,
  namedStatement,
  runNamedStatement,
  statementBatcherPerDatabase,
  type Database,
  type DatabaseExecutor,
  type JournalEntryInput,
  type Order,
  type Transaction,
} from '@fund/db';
import type { IsoDate } from '@fund/domain';
import { sql } from 'drizzle-orm';
import type { AuditEntry } from '../../audit/audit-log.ts';
import { TradingError, tradingMessages } from './trading-errors.ts';
import { orderColumnArrays, ordersInsert } from './orders.repository.ts';

/**
 * Everything an order placement writes, decided beforehand; `writePlacedOrderInTransaction` or `writeSharedPlacedOrder` writes it in one statement.
 * A sell's `order.reservedUnits` are reserved on its holding at once.
 */
export interface PlacedOrderRows {
  /** The order row exactly as stored (its id chosen by the caller). */
  readonly order: Order;
  /** The `buy.placed` entry of a spot buy (the order's id is filled in); null for 積立. */
  readonly entry: Omit<JournalEntryInput, 'orderId'> | null;
  readonly occurredOn: IsoDate;
  /** The 受渡日 year whose NISA limit the order holds (its `nisaBucket` and `nisaAmount`); null outside NISA. */
  readonly nisaYear: number | null;
  /** The customer's `order.created` entry; null for the batch's orders. */
  readonly audit: AuditEntry | null;
  /** The orders API's idempotency record with the answer it stores; null for the batch's orders. */
  readonly request: {
    readonly key: string;
    readonly requestHash: string;
    readonly status: number;
    readonly body: unknown;
  } | null;
}

/**
 * One data-modifying statement for every row of the placed orders it is given (the orders as column
 * arrays, the rest a JSON array, one object per order): a buy was nine round trips (decision 010), and concurrent buys share one statement
 * (`placedOrderWriter`). Every row depends on its order (`FROM placed`), so a refusal by the database (an
 * overdraft caught by the balance trigger, a NISA limit, more units reserved than held, a taken key) leaves
 * nothing of any order of the statement; the triggers of journal_lines and points_ledger run at the end of
 * the statement, as they would after separate INSERTs. It answers the orders whose units it reserved.
 */
const placedOrdersWrite = namedStatement<{ id: string }>(
  'placed_orders_write',
  sql`WITH input AS (
    SELECT * FROM jsonb_to_recordset(${sql.placeholder('placements')}::jsonb) AS i(id uuid, now timestamptz,
      occurred_on date, nisa_year smallint, entry_kind text, entry_description text, lines jsonb,
      actor_type audit_actor_type, actor_id text, action text, request_id text, ip text, details jsonb,
      request_key text, request_hash text, response_status integer, response_body jsonb)),
  placed AS (
    ${ordersInsert()}
    RETURNING id, customer_id, account_type, fund_id, reserved_units, points_used, nisa_bucket, nisa_amount),
  entry AS (
    INSERT INTO journal_entries (kind, business_date, customer_id, order_id, description)
    SELECT i.entry_kind, i.occurred_on, placed.customer_id, placed.id, i.entry_description
    FROM placed JOIN input i ON i.id = placed.id WHERE i.entry_kind IS NOT NULL
    RETURNING id, order_id),
  entry_lines AS (
    INSERT INTO journal_lines (entry_id, account, customer_id, amount)
    SELECT entry.id, line.account, line.customer_id, line.amount
    FROM entry JOIN input i ON i.id = entry.order_id,
      jsonb_to_recordset(i.lines) AS line(account ledger_account, customer_id uuid, amount bigint)),
  points_used AS (
    INSERT INTO points_ledger (customer_id, kind, points, order_id, occurred_on)
    SELECT placed.customer_id, 'USED', -placed.points_used, placed.id, i.occurred_on
    FROM placed JOIN input i ON i.id = placed.id WHERE placed.points_used > 0),
  reserved AS (
    UPDATE holdings SET reserved_units = holdings.reserved_units + placed.reserved_units, updated_at = now()
    FROM placed
    WHERE placed.reserved_units > 0 AND holdings.customer_id = placed.customer_id
      AND holdings.account_type = placed.account_type AND holdings.fund_id = placed.fund_id
    RETURNING placed.id),
  nisa_hold AS (
    INSERT INTO nisa_usage (customer_id, year, bucket, purchased)
    SELECT placed.customer_id, i.nisa_year, placed.nisa_bucket, sum(placed.nisa_amount)
    FROM placed JOIN input i ON i.id = placed.id WHERE i.nisa_year IS NOT NULL
    GROUP BY placed.customer_id, i.nisa_year, placed.nisa_bucket
    ON CONFLICT (customer_id, year, bucket)
    DO UPDATE SET purchased = nisa_usage.purchased + excluded.purchased, updated_at = now()),
  audited AS (
    INSERT INTO audit_log (occurred_at, actor_type, actor_id, subject_customer_id, action, outcome, request_id,
      ip, details)
    SELECT i.now, i.actor_type, i.actor_id, placed.customer_id, i.action, 'allowed', i.request_id, i.ip,
      i.details
    FROM placed JOIN input i ON i.id = placed.id WHERE i.action IS NOT NULL),
  answered AS (
    INSERT INTO idempotency_records (customer_id, key, request_hash, response_status, response_body)
    SELECT placed.customer_id, i.request_key, i.request_hash, i.response_status, i.response_body
    FROM placed JOIN input i ON i.id = placed.id WHERE i.request_key IS NOT NULL)
  SELECT id FROM reserved`,
);

/** What `placedOrdersWrite` writes beside an order's row, its fields named as the statement reads them. */
function inputOf(rows: PlacedOrderRows) {
  const { order, entry, audit, request } = rows;
  return {
    id: order.id,
    nisa_year: rows.nisaYear,
    now: order.createdAt.toISOString(),
    occurred_on: rows.occurredOn,
    entry_kind: entry?.kind ?? null,
    entry_description: entry?.description ?? null,
    lines:
      entry === null
        ? []
        : balancedLines({ ...entry, orderId: order.id }).map((line) => ({
            account: line.account,
            customer_id: line.customerId ?? null,
            amount: line.amount.toString(),
          })),
    actor_type: audit?.actorType ?? null,
    actor_id: audit?.actorId ?? null,
    action: audit?.action ?? null,
    request_id: audit?.requestId ?? null,
    ip: audit?.ip ?? null,
    details: audit === null ? null : (audit.details ?? {}),
    request_key: request?.key ?? null,
    request_hash: request?.requestHash ?? null,
    response_status: request?.status ?? null,
    response_body: request?.body ?? null,
  };
}

/** Writes the orders in one statement; a sell whose holding could not take its units is refused. */
async function writeTogether(executor: DatabaseExecutor, placed: readonly PlacedOrderRows[]): Promise<void> {
  const reserved = new Set(
    (
      await runNamedStatement(executor, placedOrdersWrite, {
        ...orderColumnArrays(placed.map((rows) => rows.order)),
        placements: JSON.stringify(placed.map((rows) => inputOf(rows))),
      })
    ).map((row) => row.id),
  );
  if (placed.some((rows) => rows.order.reservedUnits > 0n && !reserved.has(rows.order.id))) {
    throw new TradingError(TradingErrorCode.insufficientUnits, tradingMessages.noUnits, 'no-units');
  }
}

/**
 * Placements outside a transaction share statements, one statement at a time: the orders that arrive
 * while one is written go together in the next (up to 100; decision 010, addendum 2). A refused statement
 * is written again order by order (`statementBatcher`), so each caller gets its own order's answer.
 */
const placedOrderWriter = statementBatcherPerDatabase((db: Database) => ({
  maxInFlight: 1,
  maxBatch: 100,
  run: async (batch: readonly PlacedOrderRows[]) => {
    await writeTogether(db, batch);
    return batch.map(() => undefined);
  },
}));

/** Writes a placed order's rows (see `PlacedOrderRows`) in one statement, in the caller's transaction. */
export function writePlacedOrderInTransaction(tx: Transaction, rows: PlacedOrderRows): Promise<void> {
  return writeTogether(tx, [rows]);
}

/**
 * Writes a placed buy's rows outside a transaction, in a statement it may share with concurrent
 * placements. A sell must be written in the transaction that read its holding (and is refused when the
 * holding could not take its units).
 */
export function writeSharedPlacedOrder(db: Database, rows: PlacedOrderRows): Promise<void> {
  if (rows.order.reservedUnits > 0n) throw new Error('A sell must be written in a transaction.');
  return placedOrderWriter(db).submit(rows);
}
