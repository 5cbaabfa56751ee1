import { accountTypeValues, nisaBucketValues } from '@fund/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';
import { funds } from './funds.ts';

/** 口座区分 (spec §3 AccountType); the values come from @fund/domain, the one source of truth. */
export const accountType = pgEnum('account_type', accountTypeValues);

/** The two 2024 NISA buckets (つみたて投資枠, 成長投資枠), from @fund/domain. */
export const nisaBucket = pgEnum('nisa_bucket', nisaBucketValues);

/**
 * 取引口座: the customer's account of each AccountType (特定口座, 一般口座, NISA …), at most one per type.
 * Holdings, orders and plans point at it by (customer_id, account_type), so an order can never name an
 * account type the customer does not have.
 */
export const customerAccounts = pgTable(
  'customer_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    accountType: accountType('account_type').notNull(),
    /** 開設日 */
    openedOn: date('opened_on', { mode: 'string' }).notNull(),
    /** 廃止日; null while open. */
    closedOn: date('closed_on', { mode: 'string' }),
    ...timestamps,
  },
  (table) => [
    unique('customer_accounts_customer_id_account_type_unique').on(table.customerId, table.accountType),
    check(
      'customer_accounts_closed_after_opened',
      sql`${table.closedOn} IS NULL OR ${table.closedOn} >= ${table.openedOn}`,
    ),
  ],
);

export type CustomerAccount = typeof customerAccounts.$inferSelect;
export type NewCustomerAccount = typeof customerAccounts.$inferInsert;

/**
 * 保有残高: units of one fund in one of the customer's accounts. Units change on 受渡日 (settled trades);
 * `reserved_units` are held by sell orders not yet settled, so two concurrent sells can never sell the
 * same units: units ≥ reserved ≥ 0.
 */
export const holdings = pgTable(
  'holdings',
  {
    customerId: uuid('customer_id').notNull(),
    accountType: accountType('account_type').notNull(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    /** 保有口数 */
    units: bigint('units', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Units held by pending sell orders (売却注文中). */
    reservedUnits: bigint('reserved_units', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** 簿価 (取得価額の合計), whole yen. */
    bookValue: bigint('book_value', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** 個別元本 per 10,000 units, moving average of purchases (domain.md §6); 0 with no units. */
    costBasisPer10k: bigint('cost_basis_per_10k', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.accountType, table.fundId] }),
    foreignKey({
      name: 'holdings_customer_account_fk',
      columns: [table.customerId, table.accountType],
      foreignColumns: [customerAccounts.customerId, customerAccounts.accountType],
    }),
    index('holdings_fund_id_idx').on(table.fundId),
    check('holdings_units_not_negative', sql`${table.units} >= 0`),
    check('holdings_reserved_units_not_negative', sql`${table.reservedUnits} >= 0`),
    check('holdings_reserved_within_units', sql`${table.units} - ${table.reservedUnits} >= 0`),
    check('holdings_book_value_not_negative', sql`${table.bookValue} >= 0`),
    check('holdings_cost_basis_not_negative', sql`${table.costBasisPer10k} >= 0`),
    check('holdings_no_book_value_without_units', sql`${table.units} > 0 OR ${table.bookValue} = 0`),
  ],
);

export type Holding = typeof holdings.$inferSelect;
export type NewHolding = typeof holdings.$inferInsert;
