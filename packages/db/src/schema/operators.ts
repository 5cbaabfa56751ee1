import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * オペレーター: staff who sign in through the admin build and may act for customers (spec §4, §6). A user
 * pool of its own: an operator is never a customer, and the two never share credentials or tokens.
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the operator signs in with, e.g. `operator01`. */
    loginId: varchar('login_id', { length: 64 }).notNull().unique(),
    name: text('name').notNull(),
    /** Where password-reset codes go; null: the operator cannot reset the password alone. */
    email: text('email'),
    /** argon2id PHC string, as for customers. */
    passwordHash: text('password_hash').notNull(),
    /** Issued by an administrator: the operator must choose a new password at the next sign-in. */
    temporaryPassword: boolean('temporary_password').notNull().default(true),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    check('operators_login_id_format', sql`${table.loginId} ~ '^[a-z0-9][a-z0-9._-]{2,63}$'`),
    check('operators_password_hash_argon2id', sql`${table.passwordHash} LIKE '$argon2id$%'`),
  ],
);

export type Operator = typeof operators.$inferSelect;
export type NewOperator = typeof operators.$inferInsert;
