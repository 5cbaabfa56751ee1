import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * 外部システムからの通知: each event an outside system sent us (account opened, updated, closed; trading
 * status), by the sender's own event id, stored in the transaction that applied it. A resent event (a
 * retry after a timeout) is answered as already applied and changes nothing; the same id with another body
 * is refused. Kept 90 days (docs/retention.md): a sender retries for minutes, not months.
 */
export const inboundEvents = pgTable(
  'inbound_events',
  {
    /** The sender's id of the event, unique across our senders (e.g. `ao-20261127-000123`). */
    eventId: text('event_id').primaryKey(),
    /** e.g. `account.opened`, `trading.status`. */
    type: text('type').notNull(),
    /** SHA-256 (hex) of the raw body: the same id with another body is not the same event. */
    bodyHash: text('body_hash').notNull(),
    customerId: uuid('customer_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('inbound_events_received_at_idx').on(table.receivedAt),
    check('inbound_events_event_id_length', sql`char_length(${table.eventId}) BETWEEN 1 AND 100`),
  ],
);

export type InboundEvent = typeof inboundEvents.$inferSelect;
