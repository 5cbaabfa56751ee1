import {
  paymentMethodValues,
  paymentStatusTypeValues,
  scheduledBuyBatchFlagTypeValues,
  scheduledSellFrequencyTypeValues,
  scheduledSellStatusTypeValues,
  scheduledSellTypeValues,
} from '@fund/domain';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { accountType, customerAccounts } from './customer-accounts.ts';
import { customers } from './customers.ts';
import { funds } from './funds.ts';

/** PaymentMethod (spec §3): 口座振替 or credit card. */
export const paymentMethod = pgEnum('payment_method', paymentMethodValues);
/** PaymentStatusType (spec §3); the allowed moves are `paymentStatusMachine` of @fund/domain. */
export const paymentStatus = pgEnum('payment_status', paymentStatusTypeValues);
/** ScheduledBuyBatchFlagType (spec §3): what the monthly batch does with a pending plan change. */
export const scheduledBuyBatchFlag = pgEnum('scheduled_buy_batch_flag', scheduledBuyBatchFlagTypeValues);
/**
 * ACTIVE / SUSPENDED / CANCELED of a standing instruction: recurring purchase, scheduled sell and monthly
 * deposit share the values of ScheduledSellStatusType (spec §3).
 */
export const planStatus = pgEnum('plan_status', scheduledSellStatusTypeValues);
export const scheduledSellType = pgEnum('scheduled_sell_type', scheduledSellTypeValues);
export const scheduledSellFrequency = pgEnum('scheduled_sell_frequency', scheduledSellFrequencyTypeValues);

/** ≥ 5,000 yen in 1,000-yen steps (recurringPlanRules of @fund/domain). */
function validPlanAmount(amount: AnyPgColumn): SQL {
  return sql`(${amount} >= 5000 AND ${amount} % 1000 = 0)`;
}

/** Up to two distinct months 1-12. */
function validBonusMonths(months: AnyPgColumn): SQL {
  return sql`(cardinality(${months}) <= 2
    AND ${months} <@ ARRAY[1,2,3,4,5,6,7,8,9,10,11,12]
    AND (cardinality(${months}) < 2 OR ${months}[1] <> ${months}[2]))`;
}

/**
 * 積立 (recurring purchase plan): a monthly amount, optional bonus months, paid by 口座振替 (debited on the
 * 27th) or credit card. Changes made after the month's cut-over wait in the pending_* columns with a
 * batch flag and the month they apply from; the monthly batch applies them.
 */
export const recurringPurchases = pgTable(
  'recurring_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    /** The account the plan buys into; nisa2_tsumitate / nisa2_growth are the NISA 枠. */
    accountType: accountType('account_type').notNull(),
    /** 毎月の積立金額 */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** ボーナス月 (1-12), at most two. */
    bonusMonths: integer('bonus_months')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** ボーナス月の増額分; set exactly when there are bonus months. */
    bonusAmount: bigint('bonus_amount', { mode: 'bigint' }),
    paymentMethod: paymentMethod('payment_method').notNull(),
    status: planStatus('status').notNull().default('ACTIVE'),
    /** 口座振替 failures in a row; the third suspends the plan (domain.md §3). */
    consecutiveDebitFailures: smallint('consecutive_debit_failures').notNull().default(0),
    /** First month (first day of it) the plan buys in. */
    startMonth: date('start_month', { mode: 'string' }).notNull(),
    /** A change waiting for the monthly batch, and the month (its first day) it applies from. */
    batchFlag: scheduledBuyBatchFlag('batch_flag'),
    batchAppliesFrom: date('batch_applies_from', { mode: 'string' }),
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    pendingBonusMonths: integer('pending_bonus_months').array(),
    pendingBonusAmount: bigint('pending_bonus_amount', { mode: 'bigint' }),
    pendingPaymentMethod: paymentMethod('pending_payment_method'),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      name: 'recurring_purchases_customer_account_fk',
      columns: [table.customerId, table.accountType],
      foreignColumns: [customerAccounts.customerId, customerAccounts.accountType],
    }),
    index('recurring_purchases_customer_id_idx').on(table.customerId),
    index('recurring_purchases_status_idx').on(table.status),
    // one live plan per fund and account; a cancelled plan may be followed by a new one
    uniqueIndex('recurring_purchases_one_live_plan_idx')
      .on(table.customerId, table.fundId, table.accountType)
      .where(sql`${table.status} <> 'CANCELED'`),
    check('recurring_purchases_amount_valid', validPlanAmount(table.amount)),
    check('recurring_purchases_bonus_months_valid', validBonusMonths(table.bonusMonths)),
    check(
      'recurring_purchases_bonus_amount_with_months',
      sql`(cardinality(${table.bonusMonths}) = 0) = (${table.bonusAmount} IS NULL)`,
    ),
    check(
      'recurring_purchases_bonus_amount_valid',
      sql`${table.bonusAmount} IS NULL OR ${validPlanAmount(table.bonusAmount)}`,
    ),
    check(
      'recurring_purchases_no_old_nisa',
      sql`${table.accountType} IN ('specific', 'general', 'nisa2_tsumitate', 'nisa2_growth')`,
    ),
    check('recurring_purchases_failures_range', sql`${table.consecutiveDebitFailures} BETWEEN 0 AND 3`),
    check('recurring_purchases_start_month_first_day', sql`extract(day from ${table.startMonth}) = 1`),
    check(
      'recurring_purchases_batch_flag_with_month',
      sql`(${table.batchFlag} IS NULL) = (${table.batchAppliesFrom} IS NULL)
        AND (${table.batchAppliesFrom} IS NULL OR extract(day from ${table.batchAppliesFrom}) = 1)`,
    ),
    check(
      'recurring_purchases_pending_only_for_update',
      sql`${table.batchFlag} IS NOT DISTINCT FROM 'update' OR (${table.pendingAmount} IS NULL
        AND ${table.pendingBonusMonths} IS NULL AND ${table.pendingBonusAmount} IS NULL
        AND ${table.pendingPaymentMethod} IS NULL)`,
    ),
    check(
      'recurring_purchases_pending_valid',
      sql`(${table.pendingAmount} IS NULL OR ${validPlanAmount(table.pendingAmount)})
        AND (${table.pendingBonusAmount} IS NULL OR ${validPlanAmount(table.pendingBonusAmount)})
        AND (${table.pendingBonusMonths} IS NULL OR ${validBonusMonths(table.pendingBonusMonths)})`,
    ),
  ],
);

export type RecurringPurchase = typeof recurringPurchases.$inferSelect;
export type NewRecurringPurchase = typeof recurringPurchases.$inferInsert;

/** 口座振替 (or card charge) of one plan for one month: at most one per plan and month. */
export const recurringDebits = pgTable(
  'recurring_debits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recurringPurchaseId: uuid('recurring_purchase_id')
      .notNull()
      .references(() => recurringPurchases.id),
    /** The month (its first day) the debit pays for. */
    month: date('month', { mode: 'string' }).notNull(),
    /** 引落日: the 27th, or the next business day. */
    debitDate: date('debit_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    paymentStatus: paymentStatus('payment_status').notNull().default('NONE'),
    /** 振替不能事由 (e.g. 残高不足), set only on FAILURE. */
    failureReason: text('failure_reason'),
    ...timestamps,
  },
  (table) => [
    unique('recurring_debits_plan_month_unique').on(table.recurringPurchaseId, table.month),
    index('recurring_debits_debit_date_status_idx').on(table.debitDate, table.paymentStatus),
    check('recurring_debits_amount_positive', sql`${table.amount} > 0`),
    check('recurring_debits_month_first_day', sql`extract(day from ${table.month}) = 1`),
    check(
      'recurring_debits_failure_reason_only_on_failure',
      sql`${table.paymentStatus} = 'FAILURE' OR ${table.failureReason} IS NULL`,
    ),
  ],
);

export type RecurringDebit = typeof recurringDebits.$inferSelect;
export type NewRecurringDebit = typeof recurringDebits.$inferInsert;

/**
 * 定期売却: a standing sell of a fixed amount (yen), fixed units or a fixed rate (whole percent of the units
 * held), every month or in odd months; ordered on the 16th. Specific (taxable) accounts only.
 */
export const scheduledSells = pgTable(
  'scheduled_sells',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    accountType: accountType('account_type').notNull().default('specific'),
    type: scheduledSellType('type').notNull(),
    /** Yen for AMOUNT, units for QUANTITY, percent (1-100) for RATE. */
    value: bigint('value', { mode: 'bigint' }).notNull(),
    frequency: scheduledSellFrequency('frequency').notNull(),
    status: planStatus('status').notNull().default('ACTIVE'),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      name: 'scheduled_sells_customer_account_fk',
      columns: [table.customerId, table.accountType],
      foreignColumns: [customerAccounts.customerId, customerAccounts.accountType],
    }),
    index('scheduled_sells_customer_id_idx').on(table.customerId),
    uniqueIndex('scheduled_sells_one_live_plan_idx')
      .on(table.customerId, table.fundId)
      .where(sql`${table.status} <> 'CANCELED'`),
    check('scheduled_sells_specific_account_only', sql`${table.accountType} = 'specific'`),
    check('scheduled_sells_value_positive', sql`${table.value} > 0`),
    check('scheduled_sells_rate_percent', sql`${table.type} <> 'RATE' OR ${table.value} <= 100`),
  ],
);

export type ScheduledSell = typeof scheduledSells.$inferSelect;
export type NewScheduledSell = typeof scheduledSells.$inferInsert;

/** 毎月の入金 (定額入金): a fixed monthly 口座振替 into the customer's cash balance. */
export const monthlyDeposits = pgTable(
  'monthly_deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** 引落日 (day of the month; the next business day when it is not one). */
    debitDay: smallint('debit_day').notNull(),
    status: planStatus('status').notNull().default('ACTIVE'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('monthly_deposits_one_live_plan_idx')
      .on(table.customerId)
      .where(sql`${table.status} <> 'CANCELED'`),
    check('monthly_deposits_amount_positive', sql`${table.amount} > 0`),
    check('monthly_deposits_debit_day_range', sql`${table.debitDay} BETWEEN 1 AND 28`),
  ],
);

export type MonthlyDeposit = typeof monthlyDeposits.$inferSelect;
export type NewMonthlyDeposit = typeof monthlyDeposits.$inferInsert;
