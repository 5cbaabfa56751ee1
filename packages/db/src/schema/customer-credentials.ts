import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';

/**
 * パスワード: the customer's sign-in secret and its lock state. Kept apart from `customers` so that the
 * business tables and their queries never carry a password hash around.
 */
export const customerCredentials = pgTable(
  'customer_credentials',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** argon2id PHC string, e.g. `$argon2id$v=19$m=19456,t=2,p=1$…` (security.md 17). */
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Wrong passwords since the last successful sign-in; reaching the threshold locks the sign-in. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** Set when the sign-in was locked after repeated failures; only support clears it. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check('customer_credentials_failures_not_negative', sql`${table.consecutiveFailures} >= 0`),
    check('customer_credentials_password_hash_argon2id', sql`${table.passwordHash} LIKE '$argon2id$%'`),
  ],
);

export type CustomerCredential = typeof customerCredentials.$inferSelect;
export type NewCustomerCredential = typeof customerCredentials.$inferInsert;
