import type { TradeType } from '@fund/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, pgEnum, pgTable, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { accountType, customerAccounts } from './customer-accounts.ts';
import { journalEntries } from './cash-ledger.ts';
import { customers } from './customers.ts';
import { funds } from './funds.ts';
import { orders } from './orders.ts';

/** TradeType of spec §3 without ALL, which only filters the history. */
export const storedTradeTypeValues = [
  'FUND',
  'EQUITY',
  'CASH_TRANSFER',
  'CAPITAL_GAIN',
  'SHIP_RECEIPT',
] as const satisfies readonly Exclude<TradeType, 'ALL'>[];
export const tradeType = pgEnum('trade_type', storedTradeTypeValues);

/**
 * Direction of a trade for the customer: BUY / SELL for FUND and EQUITY; IN / OUT for the others (入金 /
 * 出金, 入庫 / 出庫, tax refunded / withheld).
 */
export const tradeSide = pgEnum('trade_side', ['BUY', 'SELL', 'IN', 'OUT']);
export type TradeSide = (typeof tradeSide.enumValues)[number];

/**
 * 取引履歴: settled movements, written on the 受渡日. A holding's units always equal the sum of its FUND
 * trades (BUY +, SELL −) and SHIP_RECEIPT trades (IN +, OUT −); the ledger verifier checks it.
 */
export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Set for trades of units (FUND, SHIP_RECEIPT). */
    accountType: accountType('account_type'),
    fundId: uuid('fund_id').references(() => funds.id),
    orderId: uuid('order_id').references(() => orders.id),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    type: tradeType('type').notNull(),
    side: tradeSide('side').notNull(),
    /** 口数 (FUND, SHIP_RECEIPT). */
    units: bigint('units', { mode: 'bigint' }),
    /** 約定単価 per 10,000 units (FUND). */
    pricePer10k: bigint('price_per_10k', { mode: 'bigint' }),
    /** 受渡金額, whole yen: paid for a buy, received for a sell (after tax), moved, or the tax. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Tax withheld on this trade (negative = refunded). */
    taxWithheld: bigint('tax_withheld', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** 約定日 and 受渡日 (JST). */
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      name: 'trades_customer_account_fk',
      columns: [table.customerId, table.accountType],
      foreignColumns: [customerAccounts.customerId, customerAccounts.accountType],
    }),
    index('trades_customer_id_settlement_date_idx').on(table.customerId, table.settlementDate),
    index('trades_holding_idx').on(table.customerId, table.accountType, table.fundId),
    // the holders of record of a fund's 決算 (distributions step)
    index('trades_fund_id_trade_date_idx').on(table.fundId, table.tradeDate),
    index('trades_order_id_idx')
      .on(table.orderId)
      .where(sql`${table.orderId} IS NOT NULL`),
    check('trades_amount_not_negative', sql`${table.amount} >= 0`),
    check('trades_dates_in_order', sql`${table.tradeDate} <= ${table.settlementDate}`),
    check(
      'trades_side_matches_type',
      sql`(${table.type} IN ('FUND', 'EQUITY')) = (${table.side} IN ('BUY', 'SELL'))`,
    ),
    check(
      'trades_units_for_unit_trades',
      sql`coalesce(CASE WHEN ${table.type} IN ('FUND', 'SHIP_RECEIPT')
        THEN ${table.units} > 0 AND ${table.fundId} IS NOT NULL AND ${table.accountType} IS NOT NULL
        ELSE ${table.type} = 'EQUITY' OR ${table.units} IS NULL END, false)`,
    ),
    check(
      'trades_price_for_fund_trades',
      sql`${table.type} <> 'FUND' OR coalesce(${table.pricePer10k} > 0, false)`,
    ),
  ],
);

export type Trade = typeof trades.$inferSelect;
export type NewTrade = typeof trades.$inferInsert;
