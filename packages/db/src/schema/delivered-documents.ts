import { sql } from 'drizzle-orm';
import {
  date,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';
import { orders } from './orders.ts';

/** The statutory reports delivered electronically (電子交付書面, domain.md §7). */
export const deliveredDocumentKind = pgEnum('delivered_document_kind', [
  'TRADE_REPORT', // 取引報告書: after each trade
  'BALANCE_REPORT', // 取引残高報告書: quarterly if traded, else yearly
  'ANNUAL_SPECIFIC_ACCOUNT_REPORT', // 特定口座年間取引報告書: yearly
  'DISTRIBUTION_NOTICE', // 収益分配金のお知らせ: per 決算 per holder
  'REDEMPTION_NOTICE', // 償還金のお知らせ: when a fund ends
]);
export type DeliveredDocumentKind = (typeof deliveredDocumentKind.enumValues)[number];

/**
 * 電子交付書面: documents issued to a customer. They stay readable after the account is closed, which is
 * why the closed-account screen links to them (spec §2). Each keeps the document as issued (`body`): a
 * report is never recomputed from data that may change later.
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
    /** The order a 取引報告書 reports on (its 受渡 issued it); null for the periodic reports. */
    orderId: uuid('order_id').references(() => orders.id),
    /**
     * The document as issued: an HTML fragment (headings, tables; no script, no style attribute) with every
     * value escaped, shown inside the page that serves it.
     */
    body: text('body').notNull(),
    ...timestamps,
  },
  (table) => [
    index('delivered_documents_customer_id_issued_on_idx').on(table.customerId, table.issuedOn),
    // one 取引報告書 per order: a settlement rerun after a crash cannot issue a second
    uniqueIndex('delivered_documents_trade_report_order_id_idx')
      .on(table.orderId)
      .where(sql`${table.kind} = 'TRADE_REPORT'`),
  ],
);

export type DeliveredDocument = typeof deliveredDocuments.$inferSelect;
export type NewDeliveredDocument = typeof deliveredDocuments.$inferInsert;

/**
 * 既読: one row per document the customer has opened (the notices' `information_reads` design). Unread =
 * the customer's document without a row here; marking read is an idempotent insert that keeps the first
 * read time. A document has one customer, who is also the key's customer: the key reads like the notices'.
 */
export const deliveredDocumentReads = pgTable(
  'delivered_document_reads',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => deliveredDocuments.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.documentId] }),
    index('delivered_document_reads_document_id_idx').on(table.documentId),
  ],
);

export type DeliveredDocumentRead = typeof deliveredDocumentReads.$inferSelect;
export type NewDeliveredDocumentRead = typeof deliveredDocumentReads.$inferInsert;
