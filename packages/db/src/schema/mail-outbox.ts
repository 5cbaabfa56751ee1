import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * 送信メール: every mail the service sends is written here first, in the transaction of the change that
 * causes it, so a rolled-back change sends nothing and a committed one is never lost. A delivery worker
 * sends unsent rows over SMTP and marks them sent only after the server accepted them; without SMTP the
 * rows stay here and the development mailbox (/dev/mailbox) shows them.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: mail written within one instant still lists in the order it was written. */
    sequence: bigint('sequence', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Which template made it (e.g. `sign-in-code`), for the mailbox page and for operations. */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once the SMTP server accepted the message; null while it waits or is retried. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Delivery attempts started so far (a claim counts, so a worker that died mid-send is counted). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * Not before this instant: a claimed row is leased until it (so no other worker sends it meanwhile),
     * a failed one waits for its back-off.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('mail_outbox_attempts_non_negative', sql`${table.attempts} >= 0`),
    // the worker's claim query only ever looks at unsent rows
    index('mail_outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} IS NULL`),
    index('mail_outbox_sequence_idx').on(table.sequence),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type NewMailOutboxRow = typeof mailOutbox.$inferInsert;
