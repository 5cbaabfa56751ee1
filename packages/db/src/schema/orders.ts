import { orderChannelTypeValues, orderStatusValues, orderTypeSellValues } from '@fund/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { accountType, customerAccounts, nisaBucket } from './customer-accounts.ts';
import { funds } from './funds.ts';
import {
  paymentMethod,
  paymentStatus,
  recurringDebits,
  recurringPurchases,
  scheduledSells,
} from './plans.ts';

/** OrderChannelType (spec §3): spot buy, spot sell, 積立, 定期売却. */
export const orderChannel = pgEnum('order_channel', orderChannelTypeValues);
/** OrderStatus (spec §3); the allowed moves are `orderStatusMachine` of @fund/domain. */
export const orderStatus = pgEnum('order_status', orderStatusValues);
/**
 * OrderTypeBuy (AMOUNT, QUANTITY) and OrderTypeSell (AMOUNT, QUANTITY, ALL) in one column: the sell values
 * include the buy ones, and a CHECK keeps ALL to sells.
 */
export const orderType = pgEnum('order_type', orderTypeSellValues);

const isBuy = (channel: unknown) => sql`${channel} IN ('BUY', 'TSUMITATE')`;

/**
 * 注文: one buy or sell of one fund in one of the customer's accounts. The three dates are fixed when the
 * order is placed (`orderDatesFor` of @fund/domain); the executed figures are set on the 約定日; units and
 * cash move on the 受渡日. Creating calls carry an Idempotency-Key (security.md 25), unique per customer;
 * the batch uses deterministic keys (e.g. `tsumitate:<plan>:<month>`) so a rerun finds its own order.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    accountType: accountType('account_type').notNull(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    channel: orderChannel('channel').notNull(),
    orderType: orderType('order_type').notNull(),
    status: orderStatus('status').notNull().default('ORDERED'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** 注文金額 (AMOUNT orders), including the part paid with points. */
    requestedAmount: bigint('requested_amount', { mode: 'bigint' }),
    /** 注文口数 (QUANTITY orders). */
    requestedUnits: bigint('requested_units', { mode: 'bigint' }),
    /** Units this sell holds in `holdings.reserved_units` until it settles or is cancelled; 0 for buys. */
    reservedUnits: bigint('reserved_units', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** 約定口数, 約定金額 (buy: the amount invested; sell: gross proceeds before tax), 約定日の基準価額. */
    executedUnits: bigint('executed_units', { mode: 'bigint' }),
    executedAmount: bigint('executed_amount', { mode: 'bigint' }),
    executedNav: bigint('executed_nav', { mode: 'bigint' }),
    /** 約定単価 per 10,000 units: the NAV for a buy, the 解約価額 (NAV − 信託財産留保額) for a sell. */
    executedPrice: bigint('executed_price', { mode: 'bigint' }),
    /** Points used (spot buys only) and their yen value (100 points = 450 yen). */
    pointsUsed: bigint('points_used', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    pointsValue: bigint('points_value', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** How a 積立 order is paid; null = from the cash balance (お預り金). */
    paymentMethod: paymentMethod('payment_method'),
    paymentStatus: paymentStatus('payment_status').notNull().default('NONE'),
    /** 申込日, 約定日, 受渡日 (JST dates). */
    applicationDate: date('application_date', { mode: 'string' }).notNull(),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    /** 取消期限: the cut-off of the 申込日; cancellable strictly before it. */
    cancelDeadline: timestamp('cancel_deadline', { withTimezone: true }).notNull(),
    /** NISA 枠 a NISA buy uses, and the amount held against its limit from placing (released on cancel). */
    nisaBucket: nisaBucket('nisa_bucket'),
    nisaAmount: bigint('nisa_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** 源泉徴収税額 of a sell (negative = refund, 還付). */
    taxWithheld: bigint('tax_withheld', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The plan that created a TSUMITATE order and the debit that paid for it; the SCHEDULEDSELL's plan. */
    recurringPurchaseId: uuid('recurring_purchase_id').references(() => recurringPurchases.id),
    recurringDebitId: uuid('recurring_debit_id').references(() => recurringDebits.id),
    scheduledSellId: uuid('scheduled_sell_id').references(() => scheduledSells.id),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      name: 'orders_customer_account_fk',
      columns: [table.customerId, table.accountType],
      foreignColumns: [customerAccounts.customerId, customerAccounts.accountType],
    }),
    unique('orders_customer_id_idempotency_key_unique').on(table.customerId, table.idempotencyKey),
    index('orders_customer_id_status_idx').on(table.customerId, table.status, table.applicationDate),
    index('orders_status_trade_date_idx').on(table.status, table.tradeDate),
    index('orders_status_settlement_date_idx').on(table.status, table.settlementDate),
    index('orders_fund_id_trade_date_idx').on(table.fundId, table.tradeDate),
    index('orders_recurring_purchase_id_idx')
      .on(table.recurringPurchaseId)
      .where(sql`${table.recurringPurchaseId} IS NOT NULL`),
    // the recurring steps find a debit's order (and the debits of a day without one)
    index('orders_recurring_debit_id_idx')
      .on(table.recurringDebitId)
      .where(sql`${table.recurringDebitId} IS NOT NULL`),
    index('orders_scheduled_sell_id_idx')
      .on(table.scheduledSellId)
      .where(sql`${table.scheduledSellId} IS NOT NULL`),
    check('orders_idempotency_key_length', sql`char_length(${table.idempotencyKey}) BETWEEN 1 AND 255`),
    check('orders_all_only_for_sells', sql`${table.orderType} <> 'ALL' OR NOT ${isBuy(table.channel)}`),
    check(
      'orders_requested_quantity',
      // a CHECK passes on NULL, so each CASE is wrapped in coalesce(…, false)
      sql`coalesce(CASE ${table.orderType}
        WHEN 'AMOUNT' THEN ${table.requestedAmount} > 0 AND ${table.requestedUnits} IS NULL
        WHEN 'QUANTITY' THEN ${table.requestedUnits} > 0 AND ${table.requestedAmount} IS NULL
        ELSE ${table.requestedAmount} IS NULL AND ${table.requestedUnits} IS NULL END, false)`,
    ),
    check(
      'orders_reserved_units_only_for_sells',
      sql`${table.reservedUnits} >= 0 AND (${table.reservedUnits} = 0 OR NOT ${isBuy(table.channel)})`,
    ),
    check(
      'orders_executed_figures_when_priced',
      sql`coalesce(CASE WHEN ${table.status} IN ('ORDERED', 'CANCELED')
        THEN ${table.executedUnits} IS NULL AND ${table.executedAmount} IS NULL
          AND ${table.executedNav} IS NULL AND ${table.executedPrice} IS NULL
        ELSE ${table.executedUnits} >= 0 AND ${table.executedAmount} >= 0
          AND ${table.executedNav} > 0 AND ${table.executedPrice} > 0 END, false)`,
    ),
    check(
      'orders_points_only_for_spot_buys',
      sql`${table.pointsUsed} = 0 OR (${table.channel} = 'BUY' AND ${table.pointsUsed} >= 200
        AND ${table.pointsUsed} % 100 = 0)`,
    ),
    check('orders_points_value', sql`${table.pointsValue} = ${table.pointsUsed} / 100 * 450`),
    check(
      'orders_points_within_amount',
      sql`${table.pointsValue} = 0
        OR coalesce(${table.orderType} = 'AMOUNT' AND ${table.pointsValue} <= ${table.requestedAmount}, false)`,
    ),
    check(
      'orders_payment_method_only_for_tsumitate',
      sql`${table.paymentMethod} IS NULL OR ${table.channel} = 'TSUMITATE'`,
    ),
    check(
      'orders_dates_in_order',
      sql`${table.applicationDate} <= ${table.tradeDate} AND ${table.tradeDate} <= ${table.settlementDate}`,
    ),
    check(
      'orders_nisa_bucket_matches_account',
      sql`${table.nisaBucket} IS NOT DISTINCT FROM (CASE ${table.accountType}
        WHEN 'nisa2_tsumitate' THEN 'tsumitate'::nisa_bucket
        WHEN 'nisa2_growth' THEN 'growth'::nisa_bucket END)`,
    ),
    check(
      'orders_nisa_amount',
      sql`${table.nisaAmount} >= 0 AND (${table.nisaAmount} = 0 OR
        (${table.nisaBucket} IS NOT NULL AND ${isBuy(table.channel)}))`,
    ),
    check(
      'orders_tsumitate_bucket_only_for_recurring',
      sql`${table.accountType} <> 'nisa2_tsumitate' OR ${table.channel} <> 'BUY'`,
    ),
    check('orders_tax_only_for_sells', sql`${table.taxWithheld} = 0 OR NOT ${isBuy(table.channel)}`),
    check(
      'orders_plan_matches_channel',
      sql`(${table.recurringPurchaseId} IS NOT NULL) = (${table.channel} = 'TSUMITATE')
        AND (${table.scheduledSellId} IS NOT NULL) = (${table.channel} = 'SCHEDULEDSELL')
        AND (${table.recurringDebitId} IS NULL OR ${table.channel} = 'TSUMITATE')`,
    ),
    check(
      'orders_canceled_at_when_canceled',
      sql`(${table.status} = 'CANCELED') = (${table.canceledAt} IS NOT NULL)`,
    ),
  ],
);

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
