import { date, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';

/** The statutory reports delivered electronically (電子交付書面, domain.md §7). */
export const deliveredDocumentKind = pgEnum('delivered_document_kind', [
  'TRADE_REPORT', // 取引報告書: after each trade
  'BALANCE_REPORT', // 取引残高報告書: quarterly if traded, else yearly
  'ANNUAL_SPECIFIC_ACCOUNT_REPORT', // 特定口座年間取引報告書: yearly
]);
export type DeliveredDocumentKind = (typeof deliveredDocumentKind.enumValues)[number];

/**
 * 電子交付書面: documents issued to a customer. They stay readable after the account is closed, which is
 * why the closed-account screen links to them (spec §2).
 */
export const deliveredDocuments = pgTable(
  'delivered_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: deliveredDocumentKind('kind').notNull(),
    title: text('title').notNull(),
    /** 交付日 (JST calendar date). */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (table) => [index('delivered_documents_customer_id_issued_on_idx').on(table.customerId, table.issuedOn)],
);

export type DeliveredDocument = typeof deliveredDocuments.$inferSelect;
export type NewDeliveredDocument = typeof deliveredDocuments.$inferInsert;
