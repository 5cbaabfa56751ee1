import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { operators } from './operators.ts';

/**
 * Password-reset codes of operators (forgot password): mailed to the operator's address, stored as a
 * hash only, single use, short-lived and good for a few tries. Apart from the customers' verification
 * codes, so a code of one user pool can never be redeemed in the other.
 */
export const operatorPasswordResets = pgTable(
  'operator_password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** SHA-256 of the row id and the code (hex). */
    codeHash: text('code_hash').notNull(),
    /** Wrong codes entered so far; at the limit the code is spent. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once: used, replaced by a newer code, or spent by too many wrong tries. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('operator_password_resets_operator_id_idx').on(table.operatorId),
    check('operator_password_resets_failed_attempts_not_negative', sql`${table.failedAttempts} >= 0`),
  ],
);

export type OperatorPasswordReset = typeof operatorPasswordResets.$inferSelect;
