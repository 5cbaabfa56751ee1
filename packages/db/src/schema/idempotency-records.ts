import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * Idempotency-Key of creating calls (security.md 25): the first request with a key stores a hash of its
 * body and, once answered, its response; the same key and body replay that response, the same key with
 * another body is refused. Insert the row in the transaction that does the work, so a failed request
 * leaves no key behind.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    key: text('key').notNull(),
    /** e.g. SHA-256 of method, path and canonical body. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still being processed. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.key] }),
    index('idempotency_records_created_at_idx').on(table.createdAt),
    check('idempotency_records_key_length', sql`char_length(${table.key}) BETWEEN 1 AND 255`),
    check(
      'idempotency_records_response_status_range',
      sql`${table.responseStatus} IS NULL OR ${table.responseStatus} BETWEEN 100 AND 599`,
    ),
  ],
);

export type IdempotencyRecord = typeof idempotencyRecords.$inferSelect;
export type NewIdempotencyRecord = typeof idempotencyRecords.$inferInsert;
