import { TradingErrorCode } from '@fund/contracts';
import {
  balancedLines,
  namedStatement,
  runNamedStatement,
  type JournalEntryInput,
  type Order,
  type DatabaseExecutor,
} from '@fund/db';
import type { IsoDate } from '@fund/domain';
import { sql } from 'drizzle-orm';
import type { AuditEntry } from '../../audit/audit-log.ts';
import { TradingError, tradingMessages } from './trading-errors.ts';

/**
 * Everything an order placement writes, decided beforehand; `writePlacedOrder` writes it in one statement.
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

const value = (name: string) => sql.placeholder(name);

/**
 * One data-modifying statement for every row of a placed order: a buy was nine round trips (decision
 * 010). The rows depend on the order (`FROM placed`), so a refusal by the database (an overdraft caught by
 * the balance trigger, a NISA limit, more units reserved than held, a taken key) leaves nothing; the
 * triggers of journal_lines and points_ledger run at the end of the statement, as they would after
 * separate INSERTs. It answers how many holdings it reserved units on (0 or 1).
 */
const placedOrderWrite = namedStatement<{ reserved: number }>(
  'placed_order_write',
  sql`WITH placed AS (
    INSERT INTO orders (id, customer_id, account_type, fund_id, channel, order_type, status, idempotency_key,
      requested_amount, requested_units, reserved_units, points_used, points_value, payment_method,
      payment_status, application_date, trade_date, settlement_date, cancel_deadline, nisa_bucket, nisa_amount,
      tax_withheld, recurring_purchase_id, recurring_debit_id, scheduled_sell_id, created_at, updated_at)
    VALUES (${value('id')}::uuid, ${value('customerId')}::uuid, ${value('accountType')}::account_type,
      ${value('fundId')}::uuid, ${value('channel')}::order_channel, ${value('orderType')}::order_type, 'ORDERED',
      ${value('orderKey')}::text, ${value('requestedAmount')}::bigint, ${value('requestedUnits')}::bigint,
      ${value('reservedUnits')}::bigint,
      ${value('pointsUsed')}::bigint, ${value('pointsValue')}::bigint, ${value('paymentMethod')}::payment_method,
      ${value('paymentStatus')}::payment_status, ${value('applicationDate')}::date, ${value('tradeDate')}::date,
      ${value('settlementDate')}::date, ${value('cancelDeadline')}::timestamptz,
      ${value('nisaBucket')}::nisa_bucket, ${value('nisaAmount')}::bigint, 0, ${value('planId')}::uuid,
      ${value('debitId')}::uuid, ${value('scheduledSellId')}::uuid, ${value('now')}::timestamptz,
      ${value('now')}::timestamptz)
    RETURNING id, customer_id, account_type, fund_id, reserved_units, points_used),
  entry AS (
    INSERT INTO journal_entries (kind, business_date, customer_id, order_id, description)
    SELECT ${value('entryKind')}::text, ${value('occurredOn')}::date, customer_id, id,
      ${value('entryDescription')}::text
    FROM placed WHERE ${value('entryKind')}::text IS NOT NULL
    RETURNING id),
  entry_lines AS (
    INSERT INTO journal_lines (entry_id, account, customer_id, amount)
    SELECT entry.id, line.account, line.customer_id, line.amount
    FROM entry, jsonb_to_recordset(${value('lines')}::jsonb)
      AS line(account ledger_account, customer_id uuid, amount bigint)),
  points_used AS (
    INSERT INTO points_ledger (customer_id, kind, points, order_id, occurred_on)
    SELECT customer_id, 'USED', -points_used, id, ${value('occurredOn')}::date
    FROM placed WHERE points_used > 0),
  reserved AS (
    UPDATE holdings SET reserved_units = holdings.reserved_units + placed.reserved_units, updated_at = now()
    FROM placed
    WHERE placed.reserved_units > 0 AND holdings.customer_id = placed.customer_id
      AND holdings.account_type = placed.account_type AND holdings.fund_id = placed.fund_id
    RETURNING 1),
  nisa_hold AS (
    INSERT INTO nisa_usage (customer_id, year, bucket, purchased)
    SELECT customer_id, ${value('nisaYear')}::smallint, ${value('nisaBucket')}::nisa_bucket,
      ${value('nisaAmount')}::bigint
    FROM placed WHERE ${value('nisaYear')}::smallint IS NOT NULL
    ON CONFLICT (customer_id, year, bucket)
    DO UPDATE SET purchased = nisa_usage.purchased + excluded.purchased, updated_at = now()),
  audited AS (
    INSERT INTO audit_log (occurred_at, actor_type, actor_id, subject_customer_id, action, outcome, request_id,
      ip, details)
    SELECT ${value('now')}::timestamptz, ${value('actorType')}::audit_actor_type, ${value('actorId')}::text,
      customer_id, ${value('action')}::text, 'allowed', ${value('requestId')}::text, ${value('ip')}::text,
      ${value('details')}::jsonb
    FROM placed WHERE ${value('action')}::text IS NOT NULL),
  answered AS (
    INSERT INTO idempotency_records (customer_id, key, request_hash, response_status, response_body)
    SELECT customer_id, ${value('requestKey')}::text, ${value('requestHash')}::text,
      ${value('responseStatus')}::integer, ${value('responseBody')}::jsonb
    FROM placed WHERE ${value('requestKey')}::text IS NOT NULL)
  SELECT (SELECT count(*) FROM reserved)::int AS reserved`,
);

const text = (amount: bigint | null) => (amount === null ? null : amount.toString());

/**
 * Writes a placed order's rows (see `PlacedOrderRows`) in one statement, in the caller's transaction if
 * any; a sell must be written in the transaction that read its holding, and is refused when the holding
 * is gone.
 */
export async function writePlacedOrder(tx: DatabaseExecutor, rows: PlacedOrderRows): Promise<void> {
  const { order, entry, audit, request } = rows;
  const lines =
    entry === null
      ? []
      : balancedLines({ ...entry, orderId: order.id }).map((line) => ({
          account: line.account,
          customer_id: line.customerId ?? null,
          amount: line.amount.toString(),
        }));
  const [written] = await runNamedStatement(tx, placedOrderWrite, {
    id: order.id,
    customerId: order.customerId,
    accountType: order.accountType,
    fundId: order.fundId,
    channel: order.channel,
    orderType: order.orderType,
    orderKey: order.idempotencyKey,
    requestedAmount: text(order.requestedAmount),
    requestedUnits: text(order.requestedUnits),
    reservedUnits: order.reservedUnits.toString(),
    pointsUsed: order.pointsUsed.toString(),
    pointsValue: order.pointsValue.toString(),
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    applicationDate: order.applicationDate,
    tradeDate: order.tradeDate,
    settlementDate: order.settlementDate,
    cancelDeadline: order.cancelDeadline.toISOString(),
    nisaBucket: order.nisaBucket,
    nisaAmount: order.nisaAmount.toString(),
    nisaYear: rows.nisaYear,
    planId: order.recurringPurchaseId,
    debitId: order.recurringDebitId,
    scheduledSellId: order.scheduledSellId,
    now: order.createdAt.toISOString(),
    entryKind: entry?.kind ?? null,
    entryDescription: entry?.description ?? null,
    occurredOn: rows.occurredOn,
    lines: JSON.stringify(lines),
    actorType: audit?.actorType ?? null,
    actorId: audit?.actorId ?? null,
    action: audit?.action ?? null,
    requestId: audit?.requestId ?? null,
    ip: audit?.ip ?? null,
    details: audit === null ? null : JSON.stringify(audit.details ?? {}),
    requestKey: request?.key ?? null,
    requestHash: request?.requestHash ?? null,
    responseStatus: request?.status ?? null,
    responseBody: request === null ? null : JSON.stringify(request.body),
  });
  if (order.reservedUnits > 0n && written?.reserved !== 1) {
    throw new TradingError(TradingErrorCode.insufficientUnits, tradingMessages.noUnits, 'no-units');
  }
}
