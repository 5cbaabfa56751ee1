import { index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Who did it: a customer with their own token, an operator (acting for a customer or not), or the batch. */
export const auditActorType = pgEnum('audit_actor_type', ['customer', 'operator', 'system']);
export type AuditActorType = (typeof auditActorType.enumValues)[number];

/** Whether the audited action went ahead or was refused (refusals are audited too: security.md 21, 22). */
export const auditOutcome = pgEnum('audit_outcome', ['allowed', 'refused']);
export type AuditOutcome = (typeof auditOutcome.enumValues)[number];

/**
 * 監査ログ: an append-only record of who did what to whose data. A trigger (migration 0002) refuses UPDATE,
 * DELETE and TRUNCATE for every role, so not even a bug in the application can rewrite history
 * (security.md 28).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorType: auditActorType('actor_type').notNull(),
    /** Customer id, operator id or the batch step; text because the three live in different tables. */
    actorId: text('actor_id').notNull(),
    /** The customer whose data the action touched, when there is one (not a foreign key: history outlives rows). */
    subjectCustomerId: uuid('subject_customer_id'),
    /** What was done, e.g. `act_as.refused`, `order.created`. */
    action: text('action').notNull(),
    outcome: auditOutcome('outcome').notNull(),
    requestId: text('request_id'),
    ip: text('ip'),
    /** Facts of the action that a reviewer needs (never secrets or tokens). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('audit_log_subject_customer_id_occurred_at_idx').on(table.subjectCustomerId, table.occurredAt),
    index('audit_log_actor_occurred_at_idx').on(table.actorType, table.actorId, table.occurredAt),
  ],
);

export type AuditLogEntry = typeof auditLog.$inferSelect;
export type NewAuditLogEntry = typeof auditLog.$inferInsert;
