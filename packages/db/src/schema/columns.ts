import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Row bookkeeping shared by the business tables. Timestamps are `timestamptz` so that an instant means the
 * same thing whatever the session time zone of PGlite, PostgreSQL or the Node process is.
 */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
