import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';

/** What a NISA application (NISA口座の申込) asks for. */
export const nisaRequestKind = pgEnum('nisa_request_kind', [
  'OPEN', // NISA口座開設
  'CHANGE_INSTITUTION', // 金融機関変更
  'CLOSE', // NISA口座廃止
]);
export type NisaRequestKind = (typeof nisaRequestKind.enumValues)[number];

/** PENDING = 税務署確認中 or 受付中; COMPLETED = 完了; REJECTED = 不備・却下. */
export const nisaRequestStatus = pgEnum('nisa_request_status', ['PENDING', 'COMPLETED', 'REJECTED']);
export type NisaRequestStatus = (typeof nisaRequestStatus.enumValues)[number];

/** NISA申込: applications under review by us and the tax office (/v6/nisaRequests lists the pending ones). */
export const nisaRequests = pgTable(
  'nisa_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: nisaRequestKind('kind').notNull(),
    status: nisaRequestStatus('status').notNull().default('PENDING'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('nisa_requests_pending_idx')
      .on(table.customerId)
      .where(sql`${table.status} = 'PENDING'`),
    check(
      'nisa_requests_resolved_when_not_pending',
      sql`(${table.status} = 'PENDING') = (${table.resolvedAt} IS NULL)`,
    ),
  ],
);

export type NisaRequest = typeof nisaRequests.$inferSelect;
export type NewNisaRequest = typeof nisaRequests.$inferInsert;
