import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { orders } from './orders.ts';
import { recurringDebits } from './plans.ts';

/**
 * EARNED = 付与 for a card 積立 debit; GRANTED = the card issuer's grant (a campaign), with its reason in
 * `note`; USED = spent on a spot purchase; RETURNED = given back when that order is cancelled.
 */
export const pointMovementKind = pgEnum('point_movement_kind', ['EARNED', 'GRANTED', 'USED', 'RETURNED']);
export type PointMovementKind = (typeof pointMovementKind.enumValues)[number];

/**
 * ポイント履歴: points earned and used, signed (earned and returned +, used −). A trigger of migration 0003
 * adds each row to `point_balances`, whose CHECK refuses a balance below zero.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: pointMovementKind('kind').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    /** The card 積立 debit that earned the points (EARNED); unique, so a rerun of the batch earns once. */
    recurringDebitId: uuid('recurring_debit_id').references(() => recurringDebits.id),
    /** Why the points moved, as the customer reads it (e.g. the campaign of a GRANTED row). */
    note: text('note'),
    /** 発生日 (JST). */
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('points_ledger_customer_id_occurred_on_idx').on(table.customerId, table.occurredOn),
    uniqueIndex('points_ledger_recurring_debit_id_unique').on(table.recurringDebitId),
    check(
      'points_ledger_sign_matches_kind',
      sql`CASE ${table.kind} WHEN 'USED' THEN ${table.points} < 0 ELSE ${table.points} > 0 END`,
    ),
    check(
      'points_ledger_used_with_order',
      // text: the enum value GRANTED is new in the same migration, where it may not be used as a value yet
      sql`${table.kind}::text IN ('EARNED', 'GRANTED') OR ${table.orderId} IS NOT NULL`,
    ),
    check(
      'points_ledger_granted_with_note',
      sql`${table.kind}::text <> 'GRANTED' OR ${table.note} IS NOT NULL`,
    ),
  ],
);

export type PointsLedgerEntry = typeof pointsLedger.$inferSelect;
export type NewPointsLedgerEntry = typeof pointsLedger.$inferInsert;

/** A customer's point balance, kept by the trigger on `points_ledger`; never written by the application. */
export const pointBalances = pgTable(
  'point_balances',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id),
    balance: bigint('balance', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('point_balances_not_negative', sql`${table.balance} >= 0`)],
);

export type PointBalance = typeof pointBalances.$inferSelect;
