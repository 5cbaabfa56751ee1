import { cashflowTypeValues } from '@fund/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';
import { orders } from './orders.ts';

/**
 * Accounts of the double-entry cash ledger (勘定科目). Amounts are signed: positive = debit (借方), negative
 * = credit (貸方); the lines of one journal entry sum to zero. Normal sides:
 * - customer_cash       お預り金 (liability, credit): the customer's cash balance; never below zero.
 * - customer_unsettled  未受渡金 (liability, credit): cash of the customer committed to a pending buy.
 * - bank_clearing       銀行決済口 (asset, debit): money in and out of the outside world (振込, 口座振替,
 *                       出金, card issuer payments).
 * - fund_settlement     ファンド決済 (debit = the fund owes us sell proceeds; credit = we owe the fund a buy).
 * - tax_withheld        預り源泉税 (liability, credit): tax withheld, payable to the tax office.
 * - points_receivable   ポイント未収金 (asset, debit): the points' yen value the card issuer owes us.
 * The customer_* accounts and points_receivable carry the customer; the others may.
 */
export const ledgerAccountValues = [
  'customer_cash',
  'customer_unsettled',
  'bank_clearing',
  'fund_settlement',
  'tax_withheld',
  'points_receivable',
] as const;
export type LedgerAccount = (typeof ledgerAccountValues)[number];
export const ledgerAccount = pgEnum('ledger_account', ledgerAccountValues);

/** CashflowType (spec §3): 入金 or 出金, as the customer sees them. */
export const cashflowType = pgEnum('cashflow_type', cashflowTypeValues);

/**
 * 仕訳: one business event's cash movement (a deposit, a buy placed, a buy settled, a sell settled, …).
 * Append-only: a mistake is corrected by a reversing entry (triggers of migration 0003 refuse UPDATE and
 * DELETE on entries and lines).
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What happened, e.g. `deposit`, `buy.placed`, `buy.settled`, `sell.settled`, `order.canceled`. */
    kind: text('kind').notNull(),
    /** The business date the movement belongs to (計上日, JST). */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    customerId: uuid('customer_id').references(() => customers.id),
    orderId: uuid('order_id').references(() => orders.id),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('journal_entries_customer_id_business_date_idx').on(table.customerId, table.businessDate),
    index('journal_entries_order_id_idx')
      .on(table.orderId)
      .where(sql`${table.orderId} IS NOT NULL`),
  ],
);

export type JournalEntry = typeof journalEntries.$inferSelect;
export type NewJournalEntry = typeof journalEntries.$inferInsert;

/**
 * 仕訳明細: one debit or credit of an entry. Statement-level triggers (migration 0006) check at the end of
 * each INSERT that the lines it writes for an entry sum to zero — so all lines of an entry go in one
 * INSERT — and move `customer_balances` by the statement's net movement.
 */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    account: ledgerAccount('account').notNull(),
    customerId: uuid('customer_id').references(() => customers.id),
    /** Positive = debit, negative = credit; whole yen. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    index('journal_lines_entry_id_idx').on(table.entryId),
    index('journal_lines_customer_id_account_idx').on(table.customerId, table.account),
    check('journal_lines_amount_not_zero', sql`${table.amount} <> 0`),
    check(
      'journal_lines_customer_accounts_have_customer',
      sql`${table.customerId} IS NOT NULL
        OR ${table.account} NOT IN ('customer_cash', 'customer_unsettled', 'points_receivable')`,
    ),
  ],
);

export type JournalLine = typeof journalLines.$inferSelect;
export type NewJournalLine = typeof journalLines.$inferInsert;

/**
 * Running balances of the customer liability accounts, kept by a statement-level trigger on
 * `journal_lines` (balance = credits − debits). The CHECK makes a cash balance below zero after any
 * statement impossible, and the row lock the trigger's update takes serialises concurrent debits of one
 * customer. Never written by the application.
 */
export const customerBalances = pgTable(
  'customer_balances',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    account: ledgerAccount('account').notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.account] }),
    check(
      'customer_balances_liability_accounts',
      sql`${table.account} IN ('customer_cash', 'customer_unsettled')`,
    ),
    check('customer_balances_not_negative', sql`${table.balance} >= 0`),
  ],
);

export type CustomerBalance = typeof customerBalances.$inferSelect;

/** 入出金履歴: deposits and withdrawals as the customer sees them, each backed by a journal entry. */
export const cashflows = pgTable(
  'cashflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    type: cashflowType('type').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** 入出金日 (JST). */
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    /** What the customer reads, e.g. 振込入金, 定額入金, 出金. */
    description: text('description').notNull(),
    /** Tax withheld from an incoming 分配金 or 償還金 (the amount is after it); 0 for other movements. */
    taxWithheld: bigint('tax_withheld', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    journalEntryId: uuid('journal_entry_id')
      .notNull()
      .unique()
      .references(() => journalEntries.id),
    ...timestamps,
  },
  (table) => [
    index('cashflows_customer_id_occurred_on_idx').on(table.customerId, table.occurredOn),
    check('cashflows_amount_positive', sql`${table.amount} > 0`),
  ],
);

export type Cashflow = typeof cashflows.$inferSelect;
export type NewCashflow = typeof cashflows.$inferInsert;
