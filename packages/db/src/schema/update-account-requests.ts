import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';

/** What the customer asked to change on the account-update site (お客さま情報の変更). */
export const updateAccountRequestKind = pgEnum('update_account_request_kind', [
  'ADDRESS', // 住所変更
  'NAME', // 氏名変更
  'CONTACT', // 電話番号・メールアドレス変更
  'SUITABILITY', // 投資目的・投資経験・資産状況の変更 (what the yearly re-confirmation leads to)
]);
export type UpdateAccountRequestKind = (typeof updateAccountRequestKind.enumValues)[number];

/** PENDING = 受付中 (under review); COMPLETED = 完了; REJECTED = 不備・却下. */
export const updateAccountRequestStatus = pgEnum('update_account_request_status', [
  'PENDING',
  'COMPLETED',
  'REJECTED',
]);
export type UpdateAccountRequestStatus = (typeof updateAccountRequestStatus.enumValues)[number];

/**
 * 変更申請: requests made on the account-update site. While one is PENDING the shell does not ask for the
 * yearly re-confirmation (spec §4 "Root loading"), because the customer's data is already being updated.
 */
export const updateAccountRequests = pgTable(
  'update_account_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: updateAccountRequestKind('kind').notNull(),
    status: updateAccountRequestStatus('status').notNull().default('PENDING'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the request was completed or rejected; set exactly when it is no longer pending. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // the shell's question is "does this customer have a pending request?"
    index('update_account_requests_pending_idx')
      .on(table.customerId)
      .where(sql`${table.status} = 'PENDING'`),
    check(
      'update_account_requests_resolved_when_not_pending',
      sql`(${table.status} = 'PENDING') = (${table.resolvedAt} IS NULL)`,
    ),
  ],
);

export type UpdateAccountRequest = typeof updateAccountRequests.$inferSelect;
export type NewUpdateAccountRequest = typeof updateAccountRequests.$inferInsert;
