import { index, inet, pgEnum, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** How one sign-in attempt ended. */
export const signInOutcome = pgEnum('sign_in_outcome', [
  'succeeded',
  'wrong_password',
  /** No customer has the account number tried (the answer to the browser is the same as for a wrong password). */
  'unknown_account',
  /** The sign-in was already locked: refused whatever the password. */
  'refused_locked',
  /** A wrong password that reached the threshold and locked the sign-in. */
  'locked_now',
]);
export type SignInOutcome = (typeof signInOutcome.enumValues)[number];

/** ログイン履歴: every sign-in attempt, for the customer's history, support and fraud review. */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null when the account number tried belongs to nobody. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** What was typed, so attacks on unknown account numbers are visible too (cut to 32 characters). */
    accountNumberTried: varchar('account_number_tried', { length: 32 }).notNull(),
    outcome: signInOutcome('outcome').notNull(),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sign_in_events_customer_id_occurred_at_idx').on(table.customerId, table.occurredAt),
    index('sign_in_events_account_number_tried_occurred_at_idx').on(
      table.accountNumberTried,
      table.occurredAt,
    ),
  ],
);

export type SignInEvent = typeof signInEvents.$inferSelect;
export type NewSignInEvent = typeof signInEvents.$inferInsert;
