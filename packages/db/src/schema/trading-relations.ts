import { relations } from 'drizzle-orm';
import { cashflows, journalEntries, journalLines } from './cash-ledger.ts';
import { customerAccounts, holdings } from './customer-accounts.ts';
import { customers } from './customers.ts';
import { fundHolidays, fundNavs, fundProspectuses, funds } from './funds.ts';
import { orders } from './orders.ts';
import { recurringDebits, recurringPurchases, scheduledSells } from './plans.ts';
import { trades } from './trades.ts';

// Relations of the trading tables for drizzle's relational query API; they create nothing in the
// database. drizzle merges them with those of relations.ts for the same table (customers).

export const customersTradingRelations = relations(customers, ({ many }) => ({
  accounts: many(customerAccounts),
  holdings: many(holdings),
  orders: many(orders),
  recurringPurchases: many(recurringPurchases),
  scheduledSells: many(scheduledSells),
  cashflows: many(cashflows),
  trades: many(trades),
}));

export const fundsRelations = relations(funds, ({ many }) => ({
  prospectuses: many(fundProspectuses),
  navs: many(fundNavs),
  holidays: many(fundHolidays),
  holdings: many(holdings),
  orders: many(orders),
}));

export const fundProspectusesRelations = relations(fundProspectuses, ({ one }) => ({
  fund: one(funds, { fields: [fundProspectuses.fundId], references: [funds.id] }),
}));

export const fundNavsRelations = relations(fundNavs, ({ one }) => ({
  fund: one(funds, { fields: [fundNavs.fundId], references: [funds.id] }),
}));

export const fundHolidaysRelations = relations(fundHolidays, ({ one }) => ({
  fund: one(funds, { fields: [fundHolidays.fundId], references: [funds.id] }),
}));

export const customerAccountsRelations = relations(customerAccounts, ({ one }) => ({
  customer: one(customers, { fields: [customerAccounts.customerId], references: [customers.id] }),
}));

export const holdingsRelations = relations(holdings, ({ one }) => ({
  customer: one(customers, { fields: [holdings.customerId], references: [customers.id] }),
  fund: one(funds, { fields: [holdings.fundId], references: [funds.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  customer: one(customers, { fields: [orders.customerId], references: [customers.id] }),
  fund: one(funds, { fields: [orders.fundId], references: [funds.id] }),
  recurringPurchase: one(recurringPurchases, {
    fields: [orders.recurringPurchaseId],
    references: [recurringPurchases.id],
  }),
  recurringDebit: one(recurringDebits, {
    fields: [orders.recurringDebitId],
    references: [recurringDebits.id],
  }),
  scheduledSell: one(scheduledSells, { fields: [orders.scheduledSellId], references: [scheduledSells.id] }),
  journalEntries: many(journalEntries),
  trades: many(trades),
}));

export const recurringPurchasesRelations = relations(recurringPurchases, ({ one, many }) => ({
  customer: one(customers, { fields: [recurringPurchases.customerId], references: [customers.id] }),
  fund: one(funds, { fields: [recurringPurchases.fundId], references: [funds.id] }),
  debits: many(recurringDebits),
  orders: many(orders),
}));

export const recurringDebitsRelations = relations(recurringDebits, ({ one }) => ({
  recurringPurchase: one(recurringPurchases, {
    fields: [recurringDebits.recurringPurchaseId],
    references: [recurringPurchases.id],
  }),
}));

export const scheduledSellsRelations = relations(scheduledSells, ({ one, many }) => ({
  customer: one(customers, { fields: [scheduledSells.customerId], references: [customers.id] }),
  fund: one(funds, { fields: [scheduledSells.fundId], references: [funds.id] }),
  orders: many(orders),
}));

export const journalEntriesRelations = relations(journalEntries, ({ one, many }) => ({
  order: one(orders, { fields: [journalEntries.orderId], references: [orders.id] }),
  lines: many(journalLines),
}));

export const journalLinesRelations = relations(journalLines, ({ one }) => ({
  entry: one(journalEntries, { fields: [journalLines.entryId], references: [journalEntries.id] }),
}));

export const cashflowsRelations = relations(cashflows, ({ one }) => ({
  customer: one(customers, { fields: [cashflows.customerId], references: [customers.id] }),
  journalEntry: one(journalEntries, {
    fields: [cashflows.journalEntryId],
    references: [journalEntries.id],
  }),
}));

export const tradesRelations = relations(trades, ({ one }) => ({
  customer: one(customers, { fields: [trades.customerId], references: [customers.id] }),
  fund: one(funds, { fields: [trades.fundId], references: [funds.id] }),
  order: one(orders, { fields: [trades.orderId], references: [orders.id] }),
}));
