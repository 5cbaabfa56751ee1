import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempt limits (sign-in, codes, sign-up, reset …; decision 027): one fixed window per limiter and key
 * (`sign-in:ip:203.0.113.7`), counted by an atomic upsert so every server process on the database shares
 * the limit. A window ends at `expires_at`; the next attempt after it starts a new one in the same row, and
 * the batch deletes rows that ended more than a day ago (expired-sign-in-data).
 */
export const attemptWindows = pgTable(
  'attempt_windows',
  {
    /** The limiter's name and the counted key; keys longer than 200 characters are stored as a hash. */
    key: text('key').primaryKey(),
    /** Attempts in the current window, the refused ones included. */
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('attempt_windows_key_length', sql`char_length(${table.key}) BETWEEN 1 AND 256`),
    check('attempt_windows_count_positive', sql`${table.count} > 0`),
  ],
);

export type AttemptWindow = typeof attemptWindows.$inferSelect;
