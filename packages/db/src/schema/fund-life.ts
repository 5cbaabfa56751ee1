import { distributionCourseValues } from '@fund/domain';
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
import { accountType, customerAccounts } from './customer-accounts.ts';
import { journalEntries } from './cash-ledger.ts';
import { funds } from './funds.ts';

// A fund's life (domain.md §9): the distributions it declares on its 決算日, each holding's course, and
// what each holder was paid.

/** 分配金の受取方法: 受取 (cash) or 再投資 (units of the same fund), from @fund/domain. */
export const distributionCourse = pgEnum('distribution_course', distributionCourseValues);

/**
 * 収益分配: a distribution declared through the fund feed for a 決算日, per 10,000 units (0 is common and
 * is not stored). The ex-distribution NAV is the fund's NAV of that date (fund_navs).
 */
export const fundDistributions = pgTable(
  'fund_distributions',
  {
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    /** 決算日 */
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    /** 分配金 per 10,000 units, whole yen. */
    per10k: bigint('per_10k', { mode: 'bigint' }).notNull(),
    /** 支払開始日: when 受取 is paid and 再投資 units are delivered. */
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.fundId, table.settlementDate] }),
    index('fund_distributions_payment_date_idx').on(table.paymentDate),
    check('fund_distributions_per_10k_positive', sql`${table.per10k} > 0`),
    check('fund_distributions_paid_after_settlement', sql`${table.paymentDate} > ${table.settlementDate}`),
  ],
);

export type FundDistribution = typeof fundDistributions.$inferSelect;

/**
 * The course of a holding (one fund in one of the customer's accounts): chosen at the buy or the 積立 and
 * changeable later; it applies to the 決算 whose payment comes after the change. No row: 再投資 where the
 * fund offers it, else 受取.
 */
export const distributionCourses = pgTable(
  'distribution_courses',
  {
    customerId: uuid('customer_id').notNull(),
    accountType: accountType('account_type').notNull(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    course: distributionCourse('course').notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.accountType, table.fundId] }),
    foreignKey({
      name: 'distribution_courses_customer_account_fk',
      columns: [table.customerId, table.accountType],
      foreignColumns: [customerAccounts.customerId, customerAccounts.accountType],
    }),
  ],
);

export type DistributionCourseRow = typeof distributionCourses.$inferSelect;

/**
 * 分配金のお支払い: one holder's distribution of one 決算, written once (the unique key is what makes a
 * rerun pay nothing twice), with every figure its 収益分配金のお知らせ and the year's reports show.
 */
export const distributionPayments = pgTable(
  'distribution_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    accountType: accountType('account_type').notNull(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    course: distributionCourse('course').notNull(),
    /** Units of record on the 決算日. */
    units: bigint('units', { mode: 'bigint' }).notNull(),
    per10k: bigint('per_10k', { mode: 'bigint' }).notNull(),
    exNav: bigint('ex_nav', { mode: 'bigint' }).notNull(),
    basisBeforePer10k: bigint('basis_before_per_10k', { mode: 'bigint' }).notNull(),
    basisAfterPer10k: bigint('basis_after_per_10k', { mode: 'bigint' }).notNull(),
    /** 普通分配金 and 元本払戻金 (特別分配金) for the units. */
    ordinary: bigint('ordinary', { mode: 'bigint' }).notNull(),
    principalRepayment: bigint('principal_repayment', { mode: 'bigint' }).notNull(),
    incomeTax: bigint('income_tax', { mode: 'bigint' }).notNull(),
    residentTax: bigint('resident_tax', { mode: 'bigint' }).notNull(),
    /** After tax: what was paid in cash plus what was reinvested. */
    net: bigint('net', { mode: 'bigint' }).notNull(),
    reinvestedAmount: bigint('reinvested_amount', { mode: 'bigint' }).notNull(),
    reinvestedUnits: bigint('reinvested_units', { mode: 'bigint' }).notNull(),
    /** Where the reinvestment went: the holding's own account, or the specific / general account when the
     * holding's NISA bucket had no room. Null when nothing was reinvested. */
    reinvestedAccountType: accountType('reinvested_account_type'),
    cashPaid: bigint('cash_paid', { mode: 'bigint' }).notNull(),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    ...timestamps,
  },
  (table) => [
    unique('distribution_payments_once_per_settlement').on(
      table.customerId,
      table.accountType,
      table.fundId,
      table.settlementDate,
    ),
    index('distribution_payments_customer_idx').on(table.customerId, table.paymentDate),
    foreignKey({
      name: 'distribution_payments_customer_account_fk',
      columns: [table.customerId, table.accountType],
      foreignColumns: [customerAccounts.customerId, customerAccounts.accountType],
    }),
    check(
      'distribution_payments_figures_add_up',
      sql`${table.net} = ${table.ordinary} + ${table.principalRepayment} - ${table.incomeTax} - ${table.residentTax}
        AND ${table.net} = ${table.cashPaid} + ${table.reinvestedAmount}`,
    ),
    check(
      'distribution_payments_not_negative',
      sql`${table.units} > 0 AND ${table.ordinary} >= 0 AND ${table.principalRepayment} >= 0
        AND ${table.incomeTax} >= 0 AND ${table.residentTax} >= 0 AND ${table.cashPaid} >= 0
        AND ${table.reinvestedAmount} >= 0 AND ${table.reinvestedUnits} >= 0`,
    ),
  ],
);

export type DistributionPayment = typeof distributionPayments.$inferSelect;
export type NewDistributionPayment = typeof distributionPayments.$inferInsert;

/**
 * 償還金のお支払い: one holding redeemed when its fund ended, written once (the unique key: a rerun pays
 * nothing twice), with the figures of its 償還金のお知らせ and of the year's 特定口座年間取引報告書.
 */
export const redemptionPayments = pgTable(
  'redemption_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    accountType: accountType('account_type').notNull(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    /** 償還日 (the 約定日 of the redemption) and 支払日 (its 受渡日). */
    redemptionDate: date('redemption_date', { mode: 'string' }).notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    units: bigint('units', { mode: 'bigint' }).notNull(),
    /** 償還価額 per 10,000 units: the fund's final NAV, no retention fee. */
    pricePer10k: bigint('price_per_10k', { mode: 'bigint' }).notNull(),
    /** 償還金 before tax, the cost of the units by 個別元本, and the gain (negative: a loss). */
    proceeds: bigint('proceeds', { mode: 'bigint' }).notNull(),
    acquisitionCost: bigint('acquisition_cost', { mode: 'bigint' }).notNull(),
    gain: bigint('gain', { mode: 'bigint' }).notNull(),
    /** Withheld (negative: refunded by the year's netting), by part. */
    incomeTax: bigint('income_tax', { mode: 'bigint' }).notNull(),
    residentTax: bigint('resident_tax', { mode: 'bigint' }).notNull(),
    net: bigint('net', { mode: 'bigint' }).notNull(),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    ...timestamps,
  },
  (table) => [
    unique('redemption_payments_once_per_holding').on(table.customerId, table.accountType, table.fundId),
    index('redemption_payments_customer_idx').on(table.customerId, table.paymentDate),
    foreignKey({
      name: 'redemption_payments_customer_account_fk',
      columns: [table.customerId, table.accountType],
      foreignColumns: [customerAccounts.customerId, customerAccounts.accountType],
    }),
    check(
      'redemption_payments_figures_add_up',
      sql`${table.net} = ${table.proceeds} - ${table.incomeTax} - ${table.residentTax} AND ${table.units} > 0
        AND ${table.gain} = ${table.proceeds} - ${table.acquisitionCost}`,
    ),
  ],
);

export type RedemptionPayment = typeof redemptionPayments.$inferSelect;
export type NewRedemptionPayment = typeof redemptionPayments.$inferInsert;
